import JobWireBench
import Testing

/// The soak's report judges issue 18's bounds from its samples and phases, and prints them.
struct SoakReportTests {
    static let megabyte = 1 << 20

    func report(start: Int, stuckPeak: Int, end: Int, dropped: Int, p99: (Double, Double), delivered: Int = 10, historyLeft: Int = 0) -> SoakReport {
        SoakReport(
            workload: SoakBenchmark.Workload(posts: 5, descriptionBytes: 10_000, readers: 2, stuck: 3),
            samples: [
                SoakSample(seconds: 0, phase: "start", residentBytes: start, openFiles: 10),
                SoakSample(seconds: 1, phase: "stuck", residentBytes: stuckPeak, openFiles: 15),
                SoakSample(seconds: 2, phase: "end", residentBytes: end, openFiles: 10),
            ],
            slowConsumersDropped: dropped,
            alone: .init(delivered: 10, expected: 10, latency: .init(p50: 1, p99: p99.0, max: 9), failedPosts: 0),
            withStuck: .init(delivered: delivered, expected: 10, latency: .init(p50: 1, p99: p99.1, max: 9), failedPosts: 0), historyLeft: historyLeft)
    }

    /// The memory bounds are judged on the raw RSS.
    @Test func aSoakWithinTheBoundsPasses() {
        let soak = report(start: 35 * Self.megabyte, stuckPeak: 90 * Self.megabyte, end: 50 * Self.megabyte, dropped: 3, p99: (10, 19))
        #expect(soak.passed)
        #expect(soak.text.contains("ok   broker RSS with stuck workers under 100 MB (peak 90.0 MB)"))
        #expect(soak.text.contains("slow consumers dropped: 3"))
    }

    @Test(arguments: [
        (100, 40, 3, 10.0, 10, 0, "under 100 MB"),
        (60, 55, 3, 10.0, 10, 0, "within 20 MB of the start"),
        (60, 40, 2, 10.0, 10, 0, "dropped as slow consumers"),
        (60, 40, 3, 21.0, 10, 0, "within 2x"),
        (60, 40, 3, 10.0, 9, 0, "got every new"),
        (60, 40, 3, 10.0, 10, 1, "ended requests forgotten"),
    ])
    func eachBoundFailsAlone(_ peak: Int, _ end: Int, _ dropped: Int, _ p99: Double, _ delivered: Int, _ left: Int, _ failing: String) {
        let soak = report(
            start: 35 * Self.megabyte, stuckPeak: peak * Self.megabyte, end: end * Self.megabyte, dropped: dropped, p99: (10, p99), delivered: delivered,
            historyLeft: left)
        #expect(!soak.passed)
        #expect(soak.checks.filter { !$0.1 }.map(\.0).count == 1)
        #expect(soak.checks.first { !$0.1 }?.0.contains(failing) == true)
    }
}
