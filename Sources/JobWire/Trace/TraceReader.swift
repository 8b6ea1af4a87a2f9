import Foundation
import SocketIOWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a JSON-lines trace (Docs/TRACE.md) as a stream: 64 KiB at a time, one line parsed
/// at a time, so memory stays constant whatever the trace's size.
///
/// The first line is the ``TraceHeader``; every later non-blank line is a ``TraceEvent``.
/// Any unreadable line, and an incomplete last line, is a ``InputError`` naming the line
/// and, when it can, the field.
public struct TraceReader: Sendable {
    /// The size of each read.
    public static let chunkSize = 64 * 1024

    /// The file as messages name it.
    public let file: String
    /// The header's namespace once the header is read: all that decoding an event takes from it.
    private var namespace: String?
    /// The header's profile, from which each event's ``TraceEventFacts`` are derived.
    private var origin: FactsOrigin?
    private var buffer = TraceLineBuffer()

    /// A reader for the trace called `file` in messages.
    public init(file: String) { self.file = file }

    /// One decoded line.
    public enum Item: Sendable {
        indirect case header(TraceHeader)
        case event(TraceEvent)
    }

    /// Feeds the next chunk of the trace; `body` gets the header, then each event, in line order.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (Item) throws(InputError) -> Void) throws(InputError) {
        // Move the buffer out so appending to its tail does not copy it.
        var lines = buffer
        buffer = TraceLineBuffer()
        defer { buffer = lines }
        try lines.append(chunk) { (bytes: UnsafeBufferPointer<UInt8>, number: Int) throws(InputError) in
            if let item = try decode(bytes, line: number) { try body(item) }
        }
    }

    /// Ends the stream: an unfinished last line or a missing header is an error.
    public func finish() throws(InputError) {
        if let line = buffer.incompleteLine {
            let preview = String(decoding: buffer.incompleteBytes.prefix(60), as: UTF8.self)
            throw InputError(file: file, line: line, message: "incomplete line: the trace ends without a newline after \"\(preview)\(buffer.incompleteBytes.count > 60 ? "…" : "")\", so it was cut off while being written")
        }
        if namespace == nil {
            throw InputError(file: file, line: 1, message: "the trace is empty; its first line must be the header {\"format\":\"\(TraceHeader.formatName)\",\"version\":1,\"roles\":[...]}")
        }
    }

    private mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(InputError) -> Item? {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            guard namespace != nil else {
                throw InputError(file: file, line: line, message: "the first line must be the trace header, found a blank line")
            }
            return nil
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw Self.syntaxError(error, in: bytes, file: file, line: line)
        }
        guard let namespace else {
            let parsed = try TraceHeader(json: json, file: file, line: line)
            namespace = parsed.profile.namespace
            origin = FactsOrigin(parsed.profile)
            return .header(parsed)
        }
        var event = try TraceEvent(json: json, namespace: namespace, file: file, line: line)
        // Here, on the thread that decodes, rather than on the one that judges (TracePipeline).
        event.facts = TraceEventFacts(event, origin: origin!)
        return .event(event)
    }

    /// A JSON syntax error with its column and the member it happened in, when one can be named.
    static func syntaxError(_ error: JSONParseError, in bytes: UnsafeBufferPointer<UInt8>, file: String, line: Int) -> InputError {
        InputError(file: file, line: line, column: error.offset + 1, field: memberName(before: error.offset, in: bytes), message: "invalid JSON: \(error.reason)")
    }

    /// The key of the last `"key":` that starts before `offset`, a good guess at the field being read.
    static func memberName(before offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var index = min(offset, bytes.count) - 1
        while index > 0 {
            if bytes[index] == UInt8(ascii: ":") {
                var quote = index - 1
                while quote >= 0, bytes[quote] == 0x20 { quote -= 1 }
                if quote > 0, bytes[quote] == UInt8(ascii: "\"") {
                    var open = quote - 1
                    while open >= 0, bytes[open] != UInt8(ascii: "\"") { open -= 1 }
                    if open >= 0, quote - open > 1 {
                        return String(decoding: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<quote]), as: UTF8.self)
                    }
                }
            }
            index -= 1
        }
        return nil
    }

    /// Reads the trace file at `path`, 64 KiB at a time; `displayPath` names it in messages.
    public static func read(path: String, displayPath: String? = nil, _ body: (Item) throws(InputError) -> Void) throws(InputError) {
        let file = displayPath ?? path
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw InputError(file: file, message: "cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var reader = TraceReader(file: file)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = readBytes(descriptor, chunk.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(file: file, message: "cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            try reader.feed(UnsafeRawBufferPointer(rebasing: chunk[0..<count]), body)
        }
        try reader.finish()
    }

    /// Reads a whole trace held in memory, for tests and small captures.
    public static func read(text: String, file: String, _ body: (Item) throws(InputError) -> Void) throws(InputError) {
        var reader = TraceReader(file: file)
        var bytes = Array(text.utf8)
        let result: Result<Void, InputError> = bytes.withUnsafeMutableBytes { raw in
            Result { () throws(InputError) in try reader.feed(UnsafeRawBufferPointer(raw), body) }
        }
        try result.get()
        try reader.finish()
    }
}

/// `read(2)`, named apart from Foundation's methods called `read`.
@inline(__always)
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
