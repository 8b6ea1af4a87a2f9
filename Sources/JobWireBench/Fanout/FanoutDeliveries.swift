/// The deliveries of one burst: every event's latency at every receiver, and the span they took.
///
/// Latency is the receive time minus the send time the server stamped into the event, both from
/// ``FanoutClock``. The span runs from the earliest stamp seen to the latest receive, so
/// ``eventsPerSecond`` counts deliveries (events × receivers) over the time the burst took.
public struct FanoutDeliveries: Sendable, Hashable {
    /// Each delivery's latency in nanoseconds, in arrival order per event loop.
    public var latencies: [UInt64] = []
    /// The earliest send stamp seen, in ``FanoutClock`` nanoseconds.
    public var earliestSent: UInt64 = .max
    /// The latest receive time, in ``FanoutClock`` nanoseconds.
    public var latestReceived: UInt64 = 0

    /// No deliveries yet.
    public init() {}

    /// How many deliveries were recorded.
    public var count: Int { latencies.count }

    /// Records one delivery.
    @inlinable
    public mutating func record(sent: UInt64, received: UInt64) {
        latencies.append(received &- min(sent, received))
        if sent < earliestSent { earliestSent = sent }
        if received > latestReceived { latestReceived = received }
    }

    /// Adds another loop's deliveries of the same burst.
    public mutating func merge(_ other: FanoutDeliveries) {
        latencies += other.latencies
        earliestSent = min(earliestSent, other.earliestSent)
        latestReceived = max(latestReceived, other.latestReceived)
    }

    /// Seconds from the earliest send stamp to the latest receive; 0 without deliveries.
    public var spanSeconds: Double {
        guard !latencies.isEmpty, latestReceived > earliestSent else { return 0 }
        return Double(latestReceived - earliestSent) / 1e9
    }

    /// Deliveries per second over ``spanSeconds``; 0 without deliveries.
    public var eventsPerSecond: Double {
        let span = spanSeconds
        return span > 0 ? Double(count) / span : 0
    }

    /// The latency percentiles, in milliseconds.
    public var summary: FanoutLatencySummary { FanoutLatencySummary(nanoseconds: latencies) }
}

/// Latency percentiles of a set of deliveries, in milliseconds (nearest-rank).
public struct FanoutLatencySummary: Sendable, Hashable, Codable {
    /// The median.
    public var p50: Double
    /// The 99th percentile.
    public var p99: Double
    /// The largest.
    public var max: Double

    /// Summarises latencies given in nanoseconds; all zero when there are none.
    public init(nanoseconds: [UInt64]) {
        let sorted = nanoseconds.sorted()
        func rank(_ percent: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = Swift.max(0, Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1)
            return Double(sorted[Swift.min(index, sorted.count - 1)]) / 1e6
        }
        p50 = rank(50)
        p99 = rank(99)
        max = rank(100)
    }

    /// Percentiles given directly, in milliseconds.
    public init(p50: Double, p99: Double, max: Double) {
        self.p50 = p50
        self.p99 = p99
        self.max = max
    }
}
