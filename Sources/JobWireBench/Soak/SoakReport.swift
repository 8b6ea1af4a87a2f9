import Foundation

/// What a soak measured, with issue 18's bounds judged: the broker's memory stays under 100 MB
/// with stuck workers and returns within 20 MB of its start, stuck workers are dropped as slow
/// consumers, and the readers get every `new` with a p99 within twice that of the run without them.
///
/// Each posted request is cancelled by its client once the readers got its `new`, and the broker's
/// clock is moved a day on every ``SoakBenchmark/Workload/postsPerDay`` posts, so the broker may
/// forget the ended requests (REST-16 keeps them a day): the memory bounds are judged on the raw RSS.
public struct SoakReport: Sendable, Codable {
    /// One traffic phase's deliveries.
    public struct Traffic: Sendable, Hashable, Codable {
        /// `new`s the readers got.
        public var delivered: Int
        /// `new`s expected: posts × readers.
        public var expected: Int
        /// Post-to-reader latency.
        public var latency: FanoutLatencySummary
        /// Posts, or their cancels, not answered 200.
        public var failedPosts: Int

        init(_ outcome: SoakTraffic.Outcome) {
            delivered = outcome.delivered
            expected = outcome.expected
            latency = FanoutLatencySummary(nanoseconds: outcome.latencies)
            failedPosts = outcome.failedPosts
        }

        /// A phase built field by field.
        public init(delivered: Int, expected: Int, latency: FanoutLatencySummary, failedPosts: Int) {
            self.delivered = delivered
            self.expected = expected
            self.latency = latency
            self.failedPosts = failedPosts
        }
    }

    /// The workload.
    public var workload: SoakBenchmark.Workload
    /// The broker's memory and descriptors, every 250 ms and at the end.
    public var samples: [SoakSample]
    /// The `dropped a slow consumer` warnings of the broker.
    public var slowConsumersDropped: Int
    /// Posts to the readers alone.
    public var alone: Traffic
    /// The same posts with the stuck workers connected.
    public var withStuck: Traffic
    /// The requests the soak's client still had in its history (REST-16) a day after the last cancel.
    public var historyLeft: Int

    /// A report built field by field.
    public init(workload: SoakBenchmark.Workload, samples: [SoakSample], slowConsumersDropped: Int, alone: Traffic, withStuck: Traffic, historyLeft: Int) {
        self.historyLeft = historyLeft
        self.workload = workload
        self.samples = samples
        self.slowConsumersDropped = slowConsumersDropped
        self.alone = alone
        self.withStuck = withStuck
    }

    /// The first sample.
    public var first: SoakSample? { samples.first }
    /// The last sample.
    public var last: SoakSample? { samples.last }
    /// The largest resident memory while the stuck workers were connected.
    public var peakWithStuck: Int { samples.filter { $0.phase == "stuck" }.map(\.residentBytes).max() ?? 0 }
    /// The largest resident memory of the whole soak.
    public var peak: Int { samples.map(\.residentBytes).max() ?? 0 }

    /// Issue 18's bounds, each with whether it held, and that the broker forgot the ended requests.
    public var checks: [(String, Bool)] {
        let megabyte = 1 << 20
        let growth = (last?.residentBytes ?? 0) - (first?.residentBytes ?? 0)
        let ratio = alone.latency.p99 > 0 ? withStuck.latency.p99 / alone.latency.p99 : 0
        return [
            ("broker RSS with stuck workers under 100 MB (peak \(Self.mb(peakWithStuck)))", peakWithStuck < 100 * megabyte),
            ("broker RSS at the end within 20 MB of the start (\(growth >= 0 ? "+" : "")\(Self.mb(growth)))", growth < 20 * megabyte),
            ("stuck workers dropped as slow consumers (\(slowConsumersDropped) of \(workload.stuck))", workload.stuck == 0 || slowConsumersDropped >= workload.stuck),
            ("readers got every new (\(alone.delivered)/\(alone.expected), \(withStuck.delivered)/\(withStuck.expected))",
             alone.delivered == alone.expected && withStuck.delivered == withStuck.expected),
            ("reader p99 with stuck workers within 2x of without (\(String(format: "%.2f", ratio))x)", ratio <= 2),
            ("ended requests forgotten a day after (\(historyLeft) left in the client's history)", historyLeft == 0),
        ]
    }

    /// Whether every bound held.
    public var passed: Bool { checks.allSatisfy(\.1) }

    /// The report as text: the workload, memory and descriptors over time, the two traffic phases, the bounds.
    public var text: String {
        var lines = [
            "soak: \(workload.stormRounds) storm rounds of \(workload.stormConnections) connections; \(workload.posts) posts of \(workload.descriptionBytes) B "
                + "to \(workload.readers) readers, alone and beside \(workload.stuck) stuck workers",
            "",
            "    time  phase     RSS      fds",
        ]
        let step = max(1, samples.count / 24)
        for (index, sample) in samples.enumerated() where index % step == 0 || index == samples.count - 1 {
            let time = String(format: "%7.1fs", sample.seconds)
            let rss = Self.mb(sample.residentBytes)
            lines.append("\(time)  \(sample.phase.padding(toLength: 8, withPad: " ", startingAt: 0)) \(String(repeating: " ", count: max(0, 8 - rss.count)))\(rss)  \(sample.openFiles)")
        }
        lines.append("")
        lines.append("RSS start \(Self.mb(first?.residentBytes ?? 0)), peak \(Self.mb(peak)), end \(Self.mb(last?.residentBytes ?? 0)); fds start \(first?.openFiles ?? 0), end \(last?.openFiles ?? 0)")
        lines.append("slow consumers dropped: \(slowConsumersDropped)")
        for (name, traffic) in [("readers alone", alone), ("with stuck", withStuck)] {
            let latency = String(format: "p50 %.1f ms, p99 %.1f ms, max %.1f ms", traffic.latency.p50, traffic.latency.p99, traffic.latency.max)
            lines.append("\(name): new delivered \(traffic.delivered)/\(traffic.expected), latency \(latency), failed posts \(traffic.failedPosts)")
        }
        lines.append("")
        for (check, held) in checks { lines.append("\(held ? "ok  " : "FAIL") \(check)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `12.3 MB`.
    static func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) }
}
