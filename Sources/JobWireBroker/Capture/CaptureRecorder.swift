import Foundation
import JobWire
import SocketIOWire
import Synchronization

/// Writes one capture (Docs/TRACE.md): the header, then each event as one complete line in one
/// write to the file, so a broker killed at any moment leaves a capture that `jobwire check`
/// reads up to its last line. Every line is read back as `jobwire check` reads it and fed to a
/// ``TraceChecker``, so the verdict at the end is the one `jobwire check` gives for the file.
///
/// A live capture merges two recorders: the broker's own lines and the UI events an app reports
/// with its own timestamps, which arrive a little later over the network. With a `reorderWindowMs`
/// the recorder holds lines that long and writes them in timestamp order (Docs/TRACE.md: a trace
/// merged from several recorders is merged by timestamp), so each actor's lines stay in its own
/// order and every obligation is judged after the events that meet it.
///
/// Safe to share between threads: lines never interleave.
public final class CaptureRecorder: Sendable {
    /// The header written on line 1.
    public let header: TraceHeader
    /// The capture's name in verdicts and messages: its path, or a label.
    public let name: String
    /// How long lines wait to be put in timestamp order; nil writes each at once.
    public let reorderWindowMs: Int64?
    private let encoder: TraceEncoder
    private let state: Mutex<State>

    /// An event with the JSON object of its line, made once: read back before it is held, and
    /// written when it is emitted.
    private struct Encoded {
        var event: TraceEvent
        var json: JSONValue
    }

    private struct State: @unchecked Sendable {
        var handle: FileHandle?
        var text: String?
        var checker: TraceChecker
        var line = 1
        /// Events waiting for the window to pass, in timestamp order (ties in arrival order).
        var held: [Encoded] = []
        /// Events older than this were written; a later one is written at once.
        var writtenUpTo: Int64 = .min
        var closed = false
        /// Told of each line as it is written (``observeLines(_:)``).
        var observer: (@Sendable (TraceEvent, String) -> Void)?
    }

    /// A recorder writing to `path` (created or truncated), or only in memory when nil; `keepText`
    /// keeps the lines in memory too.
    public init(header: TraceHeader, path: String?, name: String? = nil, keepText: Bool = false, reorderWindowMs: Int64? = nil) throws(InputError) {
        self.header = header
        self.name = name ?? path ?? "capture"
        self.reorderWindowMs = reorderWindowMs
        encoder = TraceEncoder(header: header)
        var handle: FileHandle?
        if let path {
            guard FileManager.default.createFile(atPath: path, contents: nil), let opened = FileHandle(forWritingAtPath: path) else {
                throw InputError(file: path, message: "cannot create the capture file")
            }
            handle = opened
        }
        let first = encoder.headerLine
        try? handle?.write(contentsOf: Data(first.utf8))
        state = Mutex(State(handle: handle, text: keepText || path == nil ? first : nil, checker: TraceChecker(header: header)))
    }

    /// Records one event; one whose line `jobwire check` would refuse (a backend's `io.out`
    /// without its room, say) is not recorded and the error says why (file, line and field).
    public func record(_ event: TraceEvent) throws(InputError) {
        let encoded = Encoded(event: event, json: encoder.json(event))
        let result: Result<Void, InputError> = state.withLock { state in
            guard !state.closed else { return .success(()) }
            do throws(InputError) {
                _ = try TraceEvent(json: encoded.json, header: header, file: name, line: state.line + state.held.count + 1)
            } catch {
                return .failure(error)
            }
            guard reorderWindowMs != nil, event.ts >= state.writtenUpTo else {
                emit(encoded, &state)
                return .success(())
            }
            let index = state.held.lastIndex { $0.event.ts <= event.ts }.map { $0 + 1 } ?? 0
            state.held.insert(encoded, at: index)
            return .success(())
        }
        try result.get()
    }

    /// Writes the held lines older than `ts` minus the window (the broker's clock says `ts` now).
    public func flush(now ts: Int64) {
        guard let window = reorderWindowMs else { return }
        state.withLock { state in release(before: ts - window, &state) }
    }

    private func release(before ts: Int64, _ state: inout State) {
        while let first = state.held.first, first.event.ts < ts {
            state.held.removeFirst()
            emit(first, &state)
        }
        state.writtenUpTo = max(state.writtenUpTo, ts)
    }

    /// Writes one line and feeds its event to the checker.
    private func emit(_ encoded: Encoded, _ state: inout State) {
        state.line += 1
        var event = encoded.event
        event.line = state.line
        let text = TraceEncoder.line(encoded.json)
        try? state.handle?.write(contentsOf: Data(text.utf8))
        state.text?.append(text)
        state.checker.consume(event)
        state.observer?(event, text)
    }

    /// Tells `observer` of each line from now on, as it is written: the event (its `line` set) and
    /// the line's text. It runs while the recorder holds its lock, so it must only take the line
    /// and return (a live console's feed does).
    public func observeLines(_ observer: @escaping @Sendable (TraceEvent, String) -> Void) {
        state.withLock { $0.observer = observer }
    }

    /// The checker's verdict on the lines written so far: what it found by now, each violation
    /// under its requirement id; obligations not yet due are not judged.
    public var verdictSoFar: TraceVerdict {
        state.withLock { state in
            TraceVerdict(file: name, header: header, eventCount: state.checker.eventCount, rules: state.checker.finish())
        }
    }

    /// Writes what is held, then `trace.end` at `ts` (unless the capture already ended), and returns the verdict.
    public func finish(at ts: Int64? = nil, actor: TraceActor = .backend) -> TraceVerdict {
        state.withLock { state in release(before: .max, &state) }
        let needsEnd = state.withLock { !$0.closed }
        if needsEnd, let ts {
            try? record(TraceEvent(ts: ts, actor: actor, body: .end))
        }
        return state.withLock { state in
            if !state.closed {
                release(before: .max, &state)
                state.closed = true
                try? state.handle?.close()
                state.handle = nil
            }
            return TraceVerdict(file: name, header: header, eventCount: state.checker.eventCount, rules: state.checker.finish())
        }
    }

    /// True while an obligation started by the lines written so far would fail if the capture
    /// ended at `now` and nothing more came before its time (``TraceChecker/awaitsFailingObligation(at:)``).
    public func awaitsFailingObligation(at now: Int64) -> Bool { state.withLock { $0.checker.awaitsFailingObligation(at: now) } }

    /// The capture's text so far, when kept in memory.
    public var text: String? { state.withLock { $0.text } }

    /// How many lines were written, the header included.
    public var lineCount: Int { state.withLock { $0.line } }
}
