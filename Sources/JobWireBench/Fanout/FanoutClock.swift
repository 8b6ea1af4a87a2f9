import NIOCore

/// The clock both ends of the fan-out benchmark read: monotonic nanoseconds, shared by every
/// process on the machine.
///
/// On Linux this is `CLOCK_MONOTONIC` (what Python's `time.monotonic_ns()` reads), on Darwin
/// the uptime clock `mach_absolute_time` (also Python's), so a server in another process or
/// language can stamp an event and the load generator subtract the stamp from its receive time.
public enum FanoutClock {
    /// Now, in nanoseconds since an arbitrary start that every process shares.
    @inlinable
    public static func now() -> UInt64 {
        NIODeadline.now().uptimeNanoseconds
    }
}
