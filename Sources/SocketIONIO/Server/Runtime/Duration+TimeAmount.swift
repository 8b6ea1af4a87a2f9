import NIOCore

extension Duration {
    /// The duration as a NIO time amount, in whole nanoseconds; negative durations become zero.
    var timeAmount: TimeAmount {
        let (seconds, attoseconds) = components
        return .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }

    /// The duration in whole milliseconds, as the open packet advertises it.
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
