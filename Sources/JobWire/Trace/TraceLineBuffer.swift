#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a byte stream into newline-terminated lines, whatever the chunk boundaries, keeping
/// only the unfinished tail between chunks, so a trace of any size is read in constant memory.
///
/// Lines are numbered from 1. A `\r` before the `\n` is dropped. Bytes after the last newline
/// are an incomplete line: ``finish()`` reports them, since a trace cut off while being written
/// ends that way (Docs/TRACE.md).
public struct TraceLineBuffer: Sendable {
    private var pending: [UInt8] = []
    /// The number of complete lines delivered so far.
    public private(set) var lineCount = 0

    /// An empty buffer.
    public init() {}

    /// Feeds one chunk; `body` gets each line completed by it, without its line break, and its number.
    public mutating func append<Failure: Error>(
        _ chunk: UnsafeRawBufferPointer,
        _ body: (UnsafeBufferPointer<UInt8>, Int) throws(Failure) -> Void
    ) throws(Failure) {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var start = 0
        let count = chunk.count
        while start < count {
            guard let found = memchr(bytes + start, 0x0A, count - start) else { break }
            let end = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
            lineCount += 1
            if pending.isEmpty {
                try body(Self.trimmingCarriageReturn(UnsafeBufferPointer(start: bytes + start, count: end - start)), lineCount)
            } else {
                pending.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: end - start))
                let line = lineCount
                let result: Result<Void, Failure> = pending.withUnsafeBufferPointer { buffer in
                    Result { () throws(Failure) in try body(Self.trimmingCarriageReturn(buffer), line) }
                }
                pending.removeAll(keepingCapacity: true)
                try result.get()
            }
            start = end + 1
        }
        if start < count {
            pending.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: count - start))
        }
    }

    /// The number of the unfinished last line, if the stream stopped in the middle of one.
    public var incompleteLine: Int? { pending.isEmpty ? nil : lineCount + 1 }

    /// The bytes of the unfinished last line, for a message about it.
    public var incompleteBytes: [UInt8] { pending }

    private static func trimmingCarriageReturn(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let last = line.last, last == 0x0D else { return line }
        return UnsafeBufferPointer(rebasing: line.dropLast())
    }
}
