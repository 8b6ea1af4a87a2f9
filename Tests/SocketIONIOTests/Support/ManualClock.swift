/// An instant of ``ManualClock``: how long after the clock's start, nothing more.
struct ManualInstant: InstantProtocol, CustomStringConvertible {
    /// Time since the clock started.
    var offset: Duration

    func advanced(by duration: Duration) -> ManualInstant { ManualInstant(offset: offset + duration) }
    func duration(to other: ManualInstant) -> Duration { other.offset - offset }
    static func < (lhs: ManualInstant, rhs: ManualInstant) -> Bool { lhs.offset < rhs.offset }
    static func + (lhs: ManualInstant, rhs: Duration) -> ManualInstant { lhs.advanced(by: rhs) }

    var description: String { "t+\(offset)" }
}

/// A clock that moves only when the test says so, for driving a clock-generic state machine
/// through its timeouts without waiting: the test reads ``now``, hands it to the machine, and
/// ``advance(by:)``s or ``advance(to:)``s it, for instance to the deadline of a `schedule` action.
struct ManualClock {
    /// The current instant.
    private(set) var now: ManualInstant

    /// A clock standing at `start` after its zero.
    init(start: Duration = .zero) { now = ManualInstant(offset: start) }

    /// Moves the clock forward by `duration`.
    mutating func advance(by duration: Duration) { now = now.advanced(by: duration) }

    /// Moves the clock to `instant`, which must not be in the past.
    mutating func advance(to instant: ManualInstant) {
        precondition(instant >= now, "a clock does not go back")
        now = instant
    }
}
