import Foundation
import JobWire
import SocketIOWire
import Synchronization

/// Writes one capture (Docs/TRACE.md): the header, then each event as one complete line in one
/// write to the file, so a broker killed at any moment leaves a capture that `jobwire check`
/// reads up to its last line. Every line is read back as `jobwire check` reads it and fed to a
/// ``TraceChecker``, so the verdict at the end is the one `jobwire check` gives for the file.
///
/// Safe to share between threads: lines never interleave.
public final class CaptureRecorder: Sendable {
    /// The header written on line 1.
    public let header: TraceHeader
    /// The capture's name in verdicts and messages: its path, or a label.
    public let name: String
    private let state: Mutex<State>

    private struct State: @unchecked Sendable {
        var handle: FileHandle?
        var text: String?
        var checker: TraceChecker
        var line = 1
        var closed = false
    }

    /// A recorder writing to `path` (created or truncated), or only in memory when nil; `keepText`
    /// keeps the lines in memory too.
    public init(header: TraceHeader, path: String?, name: String? = nil, keepText: Bool = false) throws(VectorLoadError) {
        self.header = header
        self.name = name ?? path ?? "capture"
        var handle: FileHandle?
        if let path {
            guard FileManager.default.createFile(atPath: path, contents: nil), let opened = FileHandle(forWritingAtPath: path) else {
                throw VectorLoadError(file: path, message: "cannot create the capture file")
            }
            handle = opened
        }
        let first = header.json.compactText + "\n"
        try? handle?.write(contentsOf: Data(first.utf8))
        state = Mutex(State(handle: handle, text: keepText || path == nil ? first : nil, checker: TraceChecker(header: header)))
    }

    /// Writes one event line; an event that `jobwire check` would refuse is not written and the
    /// error says why (file, line and field).
    public func record(_ line: CaptureLine) throws(VectorLoadError) {
        try write(line.json)
    }

    /// Writes one event given as its whole JSON object.
    public func write(_ value: JSONValue) throws(VectorLoadError) {
        let result: Result<Void, VectorLoadError> = state.withLock { state in
            guard !state.closed else { return .success(()) }
            let number = state.line + 1
            let event: TraceEvent
            do throws(VectorLoadError) {
                event = try TraceEvent(json: value, header: header, file: name, line: number)
            } catch {
                return .failure(error)
            }
            state.line = number
            let text = value.compactText + "\n"
            try? state.handle?.write(contentsOf: Data(text.utf8))
            state.text?.append(text)
            state.checker.consume(event)
            return .success(())
        }
        try result.get()
    }

    /// Writes `trace.end` at `ts` (unless the capture already ended) and returns the verdict.
    public func finish(at ts: Int64? = nil, actor: TraceActor = .backend) -> TraceVerdict {
        let needsEnd = state.withLock { !$0.closed }
        if needsEnd, let ts {
            try? record(CaptureLine(ts: ts, actor: actor, kind: .traceEnd))
        }
        return state.withLock { state in
            if !state.closed {
                state.closed = true
                try? state.handle?.close()
                state.handle = nil
            }
            return TraceVerdict(file: name, header: header, eventCount: state.checker.eventCount, rules: state.checker.finish())
        }
    }

    /// The capture's text so far, when kept in memory.
    public var text: String? { state.withLock { $0.text } }

    /// How many lines were written, the header included.
    public var lineCount: Int { state.withLock { $0.line } }
}
