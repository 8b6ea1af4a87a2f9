import JobWireBench
import Testing

/// Latency percentiles, events per second, and the medians of several runs.
struct FanoutDeliveriesTests {
    @Test func percentilesAreNearestRank() {
        let summary = FanoutLatencySummary(nanoseconds: (1...100).map { UInt64($0) * 1_000_000 }.shuffled())
        #expect(summary.p50 == 50)
        #expect(summary.p99 == 99)
        #expect(summary.max == 100)
        #expect(FanoutLatencySummary(nanoseconds: []) == FanoutLatencySummary(p50: 0, p99: 0, max: 0))
        #expect(FanoutLatencySummary(nanoseconds: [3_000_000]) == FanoutLatencySummary(p50: 3, p99: 3, max: 3))
    }

    @Test func eventsPerSecondSpanFirstSendToLastReceive() {
        var first = FanoutDeliveries()
        first.record(sent: 1_000_000_000, received: 1_010_000_000)
        first.record(sent: 1_000_000_000, received: 1_500_000_000)
        var second = FanoutDeliveries()
        second.record(sent: 1_200_000_000, received: 2_000_000_000)
        first.merge(second)
        #expect(first.count == 3)
        #expect(first.spanSeconds == 1.0)
        #expect(first.eventsPerSecond == 3.0)
        #expect(first.summary.max == 800)
    }

    /// A receive stamp before the send stamp (impossible on one clock) counts as zero, never wraps.
    @Test func latencyNeverWraps() {
        var deliveries = FanoutDeliveries()
        deliveries.record(sent: 10, received: 5)
        #expect(deliveries.latencies == [0])
    }

    @Test func mediansAreTakenFigureByFigure() throws {
        func run(_ rate: Double, _ p99: Double, _ held: Int) -> FanoutRunResult {
            let phase = FanoutRunResult.Phase(expected: 10, deliveries: FanoutDeliveries())
            var result = FanoutRunResult(server: "s", clients: 10, joined: 10, connectRate: rate, room: 10, paced: phase, backToBack: phase, held: held, loadAverage: rate / 100)
            result.paced.latency.p99 = p99
            return result
        }
        let median = try #require(FanoutRunResult.median(of: [run(300, 9, 10), run(100, 1, 8), run(200, 5, 9)]))
        #expect(median.connectRate == 200)
        #expect(median.paced.latency.p99 == 5)
        #expect(median.held == 9)
        #expect(median.loadAverage == 2)
        #expect(FanoutRunResult.median(of: []) == nil)
    }
}
