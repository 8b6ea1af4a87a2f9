import JobWire
import SocketIOWire
import Synchronization

/// Collects what a verify case's actors observed as trace events (Docs/TRACE.md), stamped by
/// the run's clock, so the checker can judge them exactly as it judges a captured file.
public final class VerifyRecorder: Sendable {
    private let clock: any VerifyClock
    private let events = Mutex<[(order: Int, event: TraceEvent)]>([])
    /// The order of recording across every recorder of the process, taken with the timestamp
    /// under one lock: two cases' events in the same millisecond merge into one capture in the
    /// order they happened (a `cancel` received after the call that caused it, never before).
    private static let order = Mutex(0)

    public init(clock: any VerifyClock) { self.clock = clock }

    /// Records one event of `actor` now and returns its timestamp.
    @discardableResult
    public func record(_ actor: TraceActor, _ body: TraceEventBody) -> Int64 {
        let (order, ts) = Self.order.withLock { order in
            order += 1
            return (order, clock.now())
        }
        events.withLock { $0.append((order, TraceEvent(ts: ts, actor: actor, body: body))) }
        return ts
    }

    /// The events in time order, each with its place in the process-wide recording order.
    public func entries() -> [(order: Int, event: TraceEvent)] {
        events.withLock { $0 }.sorted { $0.event.ts == $1.event.ts ? $0.order < $1.order : $0.event.ts < $1.event.ts }
    }
}
