import NIOCore

extension Duration {
    /// The duration as a NIO time amount, in whole nanoseconds; negative durations become zero.
    var timeAmount: TimeAmount {
        let (seconds, attoseconds) = components
        return .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }

    /// A NIO time amount as a duration, for the clock-generic state machines.
    init(_ amount: TimeAmount) {
        self = .nanoseconds(amount.nanoseconds)
    }

    /// The duration in whole milliseconds, as the open packet advertises it.
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
