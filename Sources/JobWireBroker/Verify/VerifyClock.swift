import Foundation
import JobWire
import Synchronization

/// The clock a verify run stamps its trace with and waits on, in ms since the epoch.
///
/// Against a remote backend it is the wall clock and waiting takes real time. The embedded
/// backend shares a ``SteppingClock`` with the run, so a case that waits out a timeout moves
/// both forward at once and a 10-minute timeout takes no real time (TIME area). Either jumps
/// when a case moves the backend's clock through its clock fixture (FIX-4), so the trace and the
/// case's dates keep pace with the backend.
public protocol VerifyClock: Sendable {
    /// Now, in ms since the epoch.
    func now() -> Int64
    /// Lets `milliseconds` pass: real time, or a step of a shared clock.
    func pass(_ milliseconds: Int64) async
    /// Jumps forward by `milliseconds` at once, with no real time passing.
    func advance(by milliseconds: Int64)
    /// True when ``pass(_:)`` costs no real time.
    var isVirtual: Bool { get }
}

/// The wall clock: time passes for real, plus the jumps that followed the backend's clock.
public final class WallVerifyClock: VerifyClock {
    private let offset = Mutex<Int64>(0)

    public init() {}
    public func now() -> Int64 { TraceWriter.now() + offset.withLock { $0 } }
    public func pass(_ milliseconds: Int64) async { try? await Task.sleep(for: .milliseconds(milliseconds)) }
    public func advance(by milliseconds: Int64) { offset.withLock { $0 += milliseconds } }
    public var isVirtual: Bool { false }
}

/// Wall time plus a jump a test adds: a ``BrokerClock`` for the embedded backend and a
/// ``VerifyClock`` for the run at once, so both always agree; the clock fixture (FIX-4) moves it.
public final class SteppingClock: VerifyClock, MovableBrokerClock {
    private let offset = Mutex<Int64>(0)

    public init() {}

    public func now() -> Int64 { TraceWriter.now() + offset.withLock { $0 } }

    /// Jumps forward by `milliseconds` at once.
    public func pass(_ milliseconds: Int64) async { advance(by: milliseconds) }

    /// Jumps forward by `milliseconds` at once.
    public func advance(by milliseconds: Int64) { offset.withLock { $0 += milliseconds } }

    public var isVirtual: Bool { true }
}
