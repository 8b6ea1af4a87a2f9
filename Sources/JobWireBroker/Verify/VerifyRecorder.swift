import JobWire
import SocketIOWire
import Synchronization

/// Collects what a verify case's actors observed as trace events (Docs/TRACE.md), stamped by
/// the run's clock, so the checker can judge them exactly as it judges a captured file.
public final class VerifyRecorder: Sendable {
    private let clock: any VerifyClock
    private let events = Mutex<[(seq: Int, ts: Int64, line: JSONValue)]>([])
    /// The order of recording across every recorder of the process, taken with the timestamp
    /// under one lock: two cases' events in the same millisecond merge into one capture in the
    /// order they happened (a `cancel` received after the call that caused it, never before).
    private static let order = Mutex(0)

    public init(clock: any VerifyClock) { self.clock = clock }

    /// Records one event of `actor` now and returns its timestamp.
    @discardableResult
    public func record(_ actor: TraceActor, _ kind: TraceEventKind, _ fields: JSONObject = [:]) -> Int64 {
        let (seq, ts) = Self.order.withLock { order in
            order += 1
            return (order, clock.now())
        }
        var object: JSONObject = ["ts": .int(ts), "actor": .string(actor.role.rawValue)]
        if let id = actor.id { object["id"] = .string(id) }
        object["kind"] = .string(kind.rawValue)
        object.members += fields.members
        events.withLock { $0.append((seq, ts, .object(object))) }
        return ts
    }

    /// The events in time order (ties in recording order), keeping those `keep` accepts.
    public func lines(keeping keep: (JSONValue) -> Bool = { _ in true }) -> [JSONValue] {
        entries().map(\.line).filter(keep)
    }

    /// The events in time order, each with its place in the process-wide recording order.
    public func entries() -> [(order: Int, line: JSONValue)] {
        events.withLock { $0 }.sorted { $0.ts == $1.ts ? $0.seq < $1.seq : $0.ts < $1.ts }.map { ($0.seq, $0.line) }
    }
}
