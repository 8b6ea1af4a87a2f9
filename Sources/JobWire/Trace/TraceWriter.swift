import Foundation
import SocketIOWire

/// Writes a trace (Docs/TRACE.md) for an app or server under test: the header, then one event
/// per line, each line written to the file handle as soon as it is made, so a crash loses nothing
/// and a trace cut off mid-write is recognisable (its last line has no newline).
///
/// Safe to share between threads: lines never interleave (`lock` guards the file and the count).
///
/// ```swift
/// let trace = try TraceWriter(path: "client.jsonl", header: TraceHeader(roles: [.client]))
/// try trace.write(actor: TraceActor(.client, id: "c-1"), kind: .viewShown, ["view": "waiting", "req": "R-1"])
/// ```
public final class TraceWriter: @unchecked Sendable {
    private let handle: FileHandle
    private let encoder: TraceEncoder
    /// The file's name in errors.
    private let name: String
    private let lock = NSLock()
    /// The number of the last line written; under `lock`, so lines and numbers never interleave.
    private var lineCount = 0

    /// Writes `header` as the first line of `handle`; errors name the trace `name`.
    public init(handle: FileHandle, header: TraceHeader, name: String = "trace") throws {
        self.handle = handle
        self.name = name
        encoder = TraceEncoder(header: header)
        try handle.write(contentsOf: Data(encoder.headerLine.utf8))
        lineCount = 1
    }

    /// Creates (or truncates) the file at `path` and writes `header`.
    public convenience init(path: String, header: TraceHeader) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        try self.init(handle: handle, header: header, name: path)
    }

    /// Writes one event as its line.
    public func write(_ event: TraceEvent) throws {
        let text = encoder.line(event)
        try lock.withLock {
            try handle.write(contentsOf: Data(text.utf8))
            lineCount += 1
        }
    }

    /// Writes one event given by its kind and fields: `ts` (now by default), `actor`, `kind`. Fields
    /// the kind needs and lacks, or that have the wrong type, are an ``InputError`` naming the
    /// line and the field, and nothing is written, so the trace stays one `jobwire check` reads.
    public func write(ts: Int64 = TraceWriter.now(), actor: TraceActor, kind: TraceEventKind, _ fields: JSONObject = [:]) throws {
        let line = lock.withLock { lineCount } + 1
        try write(TraceEvent(reported: fields, kind: kind, ts: ts, actor: actor, header: encoder.header, file: name, line: line))
    }

    /// The current time in milliseconds since the Unix epoch.
    public static func now() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}
