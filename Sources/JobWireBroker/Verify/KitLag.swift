import Foundation
import Synchronization

/// How late the kit's own scheduling runs: a ticker that asks to wake every `tick` and notes by
/// how much each wake-up came late. On a busy machine the kit may not run for a while; time it
/// spent stalled is the kit's, not the backend's, so waits for what the backend owes are
/// stretched by it, and a failure during a long stall is inconclusive rather than the backend's
/// (Docs/PROTOCOL.md's tolerances stay the backend's).
public final class KitLag: Sendable {
    /// One late wake-up: when the ticker woke and how much later than asked, in ms.
    struct Stall: Sendable {
        var end: ContinuousClock.Instant
        var milliseconds: Int64
    }

    private let tick: Duration
    private let stalls = Mutex<[Stall]>([])
    private let ticker = Mutex<Task<Void, Never>?>(nil)

    /// A monitor that is not yet running; ``start()`` starts it.
    public init(tick: Duration = .milliseconds(20)) {
        self.tick = tick
    }

    /// Starts the ticker; it runs until ``stop()``.
    public func start() {
        let tick = tick
        let task = Task { [weak self] in
            var last = ContinuousClock.now
            while !Task.isCancelled {
                try? await Task.sleep(for: tick)
                let now = ContinuousClock.now
                let late = (now - last - tick).inMilliseconds
                // Below a few ms is the timer's ordinary jitter.
                if late >= 5 { self?.stalls.withLock { $0.append(Stall(end: now, milliseconds: late)) } }
                last = now
            }
        }
        ticker.withLock { $0 = task }
    }

    /// Stops the ticker.
    public func stop() {
        ticker.withLock { $0?.cancel() }
    }

    /// The kit's stalled time between `from` and `to`, in ms: the late wake-ups that ended in that window.
    public func stalled(from: ContinuousClock.Instant, to: ContinuousClock.Instant = .now) -> Int64 {
        stalls.withLock { $0.filter { $0.end > from && $0.end <= to }.reduce(0) { $0 + $1.milliseconds } }
    }

    /// The longest single stall between `from` and `to`, in ms.
    public func longestStall(from: ContinuousClock.Instant, to: ContinuousClock.Instant = .now) -> Int64 {
        stalls.withLock { $0.filter { $0.end > from && $0.end <= to }.map(\.milliseconds).max() ?? 0 }
    }

    /// Waits until `milliseconds` of time in which the kit was running have passed since `since`:
    /// real time, stretched by every stall in between, so a starved kit does not cut short a window
    /// the backend is owed.
    public func waitRunning(_ milliseconds: Int64, since: ContinuousClock.Instant = .now) async {
        while true {
            let deadline = runningDeadline(milliseconds, since: since)
            guard ContinuousClock.now < deadline else { return }
            try? await Task.sleep(until: deadline)
        }
    }

    /// When `milliseconds` of running time since `since` will have passed, by the stalls seen so
    /// far: a later stall moves it later, so a wait on it asks again when it comes.
    public func runningDeadline(_ milliseconds: Int64, since: ContinuousClock.Instant) -> ContinuousClock.Instant {
        since + .milliseconds(milliseconds + stalled(from: since))
    }
}
