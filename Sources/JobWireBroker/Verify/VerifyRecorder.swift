import JobWire
import SocketIOWire
import Synchronization

/// Collects what a verify case's actors observed as trace events (Docs/TRACE.md), stamped by
/// the run's clock, so the checker can judge them exactly as it judges a captured file.
public final class VerifyRecorder: Sendable {
    private let clock: any VerifyClock
    private let events = Mutex<[(seq: Int, ts: Int64, line: JSONValue)]>([])

    public init(clock: any VerifyClock) { self.clock = clock }

    /// Records one event of `actor` now and returns its timestamp.
    @discardableResult
    public func record(_ actor: TraceActor, _ kind: TraceEventKind, _ fields: JSONObject = [:]) -> Int64 {
        let ts = clock.now()
        var object: JSONObject = ["ts": .int(ts), "actor": .string(actor.role.rawValue)]
        if let id = actor.id { object["id"] = .string(id) }
        object["kind"] = .string(kind.rawValue)
        object.members += fields.members
        events.withLock { $0.append(($0.count, ts, .object(object))) }
        return ts
    }

    /// The events in time order (ties in recording order), keeping those `keep` accepts.
    public func lines(keeping keep: (JSONValue) -> Bool = { _ in true }) -> [JSONValue] {
        events.withLock { $0 }.sorted { $0.ts == $1.ts ? $0.seq < $1.seq : $0.ts < $1.ts }.map(\.line).filter(keep)
    }
}
