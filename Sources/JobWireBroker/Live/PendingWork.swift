import Synchronization

/// Work under way between a ``BrokerSession`` and its app under test: messages on their way to
/// the app's socket, and events that wait for an HTTP answer to go out. A driver that runs a live
/// session on a ``ManualBrokerClock`` (lockstep: virtual time over real sockets, as the tests do)
/// moves the clock only when this is zero, so a loaded machine cannot make anything late.
public final class PendingWork: Sendable {
    private let count = Mutex(0)

    /// Nothing under way yet.
    public init() {}

    /// `n` more things are under way.
    public func add(_ n: Int = 1) { count.withLock { $0 += n } }

    /// `n` of them are done.
    public func done(_ n: Int = 1) { count.withLock { $0 = max(0, $0 - n) } }

    /// How many things are under way now.
    public var now: Int { count.withLock { $0 } }

    /// Waits until nothing is under way, at most `limit`; false when the limit passed first.
    public func quiet(within limit: Duration) async -> Bool {
        let end = ContinuousClock.now + limit
        while now > 0 {
            guard ContinuousClock.now < end else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}
