import Foundation
import Synchronization

/// Where the broker's "now" comes from, in ms since the epoch: the wall clock, or a clock a
/// test or a scenario moves by hand, so a 10-minute timeout takes no real time (TIME area).
public protocol BrokerClock: Sendable {
    /// The current time in ms since the epoch.
    func now() -> Int64
    /// How many of its milliseconds pass per real millisecond, to sleep until one of its times.
    var speed: Double { get }
    /// This clock's reading when the wall clock read `wallMs`: how an app's own timestamp (a UI
    /// report's `ts`) is put on the broker's time. The same unless the clock was paused.
    func reading(atWall wallMs: Int64) -> Int64
}

extension BrokerClock {
    public var speed: Double { 1 }
    public func reading(atWall wallMs: Int64) -> Int64 { wallMs }
}

/// A broker clock a test may move forward, which the clock fixture needs (FIX-4): the backend
/// then lets hours or days pass (token lifetimes, the cancel cut-off) in no real time.
public protocol MovableBrokerClock: BrokerClock {
    /// Moves the clock forward by `milliseconds`, at least 0, at once.
    func advance(by milliseconds: Int64)
}

/// The wall clock, optionally running faster than real time (`jobwire broker --speed`), plus
/// whatever the clock fixture added (FIX-4).
public final class SystemBrokerClock: MovableBrokerClock {
    private let origin: Int64
    private let startedAt: ContinuousClock.Instant
    private let offset = Mutex<Int64>(0)
    /// How many broker milliseconds pass per real millisecond.
    public let speed: Double

    public init(speed: Double = 1) {
        origin = Int64(Date().timeIntervalSince1970 * 1000)
        startedAt = .now
        self.speed = speed
    }

    public func now() -> Int64 {
        let elapsed = ContinuousClock.now - startedAt
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return origin + Int64(milliseconds * speed) + offset.withLock { $0 }
    }

    public func advance(by milliseconds: Int64) { offset.withLock { $0 += milliseconds } }
}

/// A clock that only moves when told to: for tests and virtual-time scenarios.
public final class ManualBrokerClock: MovableBrokerClock {
    private let current: Mutex<Int64>

    public init(start: Int64 = 1_767_225_600_000) { current = Mutex(start) }

    public func now() -> Int64 { current.withLock { $0 } }

    /// Moves the clock forward by `milliseconds`.
    public func advance(by milliseconds: Int64) { current.withLock { $0 += milliseconds } }
}
