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
///
/// Every reading is the wall clock's own, in whole ms since the epoch (as an app stamps its
/// reports: `Date.now`, `time.time()`), scaled from the clock's start at another speed. The
/// broker's lines and an app's reports are then stamped from one clock, so a call an app makes
/// after a report never carries an earlier stamp than the report: a read after a restart stays
/// after the launch (STATE-6) however long the broker took to start. (A reading of the wall
/// clock at the start plus a monotonic clock's elapsed time put the broker behind the apps by up
/// to a millisecond of rounding plus the time between the two readings, which a loaded machine
/// can stretch.)
public final class SystemBrokerClock: MovableBrokerClock {
    private let origin: Int64
    private let offset = Mutex<Int64>(0)
    /// How many broker milliseconds pass per real millisecond.
    public let speed: Double

    public init(speed: Double = 1) {
        origin = Self.wallNow()
        self.speed = speed
    }

    public func now() -> Int64 {
        let wall = Self.wallNow()
        let scaled = speed == 1 ? wall : origin + Int64((Double(wall - origin) * speed).rounded(.down))
        return scaled + offset.withLock { $0 }
    }

    public func advance(by milliseconds: Int64) { offset.withLock { $0 += milliseconds } }

    /// The wall clock in whole ms since the epoch, rounded down as an app's stamp is.
    static func wallNow() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}

/// A clock that only moves when told to: for tests and virtual-time scenarios.
public final class ManualBrokerClock: MovableBrokerClock {
    private let current: Mutex<Int64>

    public init(start: Int64 = 1_767_225_600_000) { current = Mutex(start) }

    public func now() -> Int64 { current.withLock { $0 } }

    /// Moves the clock forward by `milliseconds`.
    public func advance(by milliseconds: Int64) { current.withLock { $0 += milliseconds } }
}
