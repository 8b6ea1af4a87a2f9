import Foundation
import SocketIOWire

/// Writes a trace (Docs/TRACE.md) for an app or server under test: the header, then one event
/// per line, each line written to the file handle as soon as it is made, so a crash loses nothing
/// and a trace cut off mid-write is recognisable (its last line has no newline).
///
/// Safe to share between threads: lines never interleave.
///
/// ```swift
/// let trace = try TraceWriter(path: "client.jsonl", header: TraceHeader(roles: [.client]))
/// try trace.write(actor: TraceActor(.client, id: "c-1"), kind: .viewShown, ["view": "waiting", "req": "R-1"])
/// ```
public final class TraceWriter: Sendable {
    private let handle: FileHandle
    private let lock = NSLock()

    /// Writes `header` as the first line of `handle`.
    public init(handle: FileHandle, header: TraceHeader) throws {
        self.handle = handle
        try write(line: header.json)
    }

    /// Creates (or truncates) the file at `path` and writes `header`.
    public convenience init(path: String, header: TraceHeader) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        try self.init(handle: handle, header: header)
    }

    /// Writes one event: `ts` (now by default), `actor`, `kind`, then `fields` in order.
    public func write(ts: Int64 = TraceWriter.now(), actor: TraceActor, kind: TraceEventKind, _ fields: JSONObject = [:]) throws {
        var object: JSONObject = ["ts": .int(ts), "actor": .string(actor.role.rawValue)]
        if let id = actor.id { object["id"] = .string(id) }
        object["kind"] = .string(kind.rawValue)
        object.members += fields.members
        try write(line: .object(object))
    }

    /// Writes one line: the compact JSON text of `value` and a newline.
    public func write(line value: JSONValue) throws {
        let data = Data((value.compactText + "\n").utf8)
        try lock.withLock { try handle.write(contentsOf: data) }
    }

    /// The current time in milliseconds since the Unix epoch.
    public static func now() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}
