import Foundation

/// The figures of a fan-out benchmark: every run, and per client count and server the medians,
/// printed side by side as a table or as JSON.
public struct FanoutReport: Sendable {
    /// The workload every run had (its client count varies).
    public var workload: FanoutBenchmark.Workload
    /// Runs per client count and server.
    public var runsPerCell: Int
    /// Every run, in the order they ran.
    public var runs: [FanoutRunResult]
    /// Runs that could not be carried out, one sentence each.
    public var failures: [String]

    /// A report of `runs`.
    public init(workload: FanoutBenchmark.Workload, runsPerCell: Int, runs: [FanoutRunResult], failures: [String]) {
        self.workload = workload
        self.runsPerCell = runsPerCell
        self.runs = runs
        self.failures = failures
    }

    /// The client counts and server names, in the order they first ran.
    private var clientCounts: [Int] { runs.map(\.clients).uniqued() }
    private var servers: [String] { runs.map(\.server).uniqued() }

    /// The median of every client count and server that has runs, in run order.
    public var medians: [FanoutRunResult] {
        clientCounts.flatMap { clients in
            servers.compactMap { server in
                FanoutRunResult.median(of: runs.filter { $0.clients == clients && $0.server == server })
            }
        }
    }

    /// True when every run was carried out and delivered every event to every client it connected.
    public var isComplete: Bool {
        failures.isEmpty
            && !runs.contains { $0.paced.delivered < $0.paced.expected || $0.backToBack.delivered < $0.backToBack.expected || $0.joined < $0.clients }
    }

    /// A server's median back-to-back events/s over the reference server's, at the same client count.
    private func ratio(_ result: FanoutRunResult, reference: String) -> Double? {
        guard let base = medians.first(where: { $0.clients == result.clients && $0.server == reference }),
            base.backToBack.eventsPerSecond > 0
        else { return nil }
        return result.backToBack.eventsPerSecond / base.backToBack.eventsPerSecond
    }

    /// The table: one column per client count and server, one row per figure.
    public var text: String {
        let medians = self.medians
        let reference = servers.last ?? ""
        let rate = workload.rate.rounded() == workload.rate ? String(Int(workload.rate)) : String(workload.rate)
        var lines = [
            "Fan-out to one room over WebSocket on 127.0.0.1: \(workload.events) events at \(rate)/s (latency), then "
                + "\(workload.events) back to back (throughput); \(workload.payloadBytes) padding bytes per event; "
                + "median of \(runsPerCell) run\(runsPerCell == 1 ? "" : "s").",
            "",
        ]
        let labelWidth = 31
        let width = 18
        func row(_ label: String, _ cells: [String]) -> String {
            (label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + cells.map { $0.padding(toLength: width, withPad: " ", startingAt: 0) }.joined())
                .trimmingTrailingSpaces()
        }
        var header: [String] = []
        for clients in clientCounts {
            let count = servers.filter { server in medians.contains { $0.clients == clients && $0.server == server } }.count
            header.append(("N = " + Self.grouped(clients)).padding(toLength: width * max(count, 1), withPad: " ", startingAt: 0))
        }
        lines.append((String(repeating: " ", count: labelWidth) + header.joined()).trimmingTrailingSpaces())
        lines.append(row("", medians.map(\.server)))
        lines.append(row("connect rate (conn/s)", medians.map { Self.grouped(Int($0.connectRate.rounded())) }))
        lines.append(row("paced latency p50 (ms)", medians.map { Self.ms($0.paced.latency.p50) }))
        lines.append(row("paced latency p99 (ms)", medians.map { Self.ms($0.paced.latency.p99) }))
        lines.append(row("paced latency max (ms)", medians.map { Self.ms($0.paced.latency.max) }))
        lines.append(row("paced events/s", medians.map { Self.grouped(Int($0.paced.eventsPerSecond.rounded())) }))
        lines.append(row("back-to-back events/s", medians.map { Self.grouped(Int($0.backToBack.eventsPerSecond.rounded())) }))
        lines.append(row("  ratio to \(reference)", medians.map { result in ratio(result, reference: reference).map { String(format: "%.1fx", $0) } ?? "-" }))
        lines.append(row("back-to-back latency p99 (ms)", medians.map { Self.ms($0.backToBack.latency.p99) }))
        lines.append(row("server CPU µs/event, paced", medians.map { Self.cpu($0.paced.serverCPUPerDelivery) }))
        lines.append(row("server CPU µs/event, b2b", medians.map { Self.cpu($0.backToBack.serverCPUPerDelivery) }))
        lines.append(row("client CPU µs/event, b2b", medians.map { Self.cpu($0.backToBack.generatorCPUPerDelivery) }))
        lines.append(row("delivered, paced", medians.map { "\(Self.grouped($0.paced.delivered))/\(Self.grouped($0.paced.expected))" }))
        lines.append(row("delivered, back to back", medians.map { "\(Self.grouped($0.backToBack.delivered))/\(Self.grouped($0.backToBack.expected))" }))
        lines.append(row("clients held", medians.map { "\(Self.grouped($0.held))/\(Self.grouped($0.clients))" }))
        lines.append(row("load average (1 min)", medians.map { $0.loadAverage < 0 ? "-" : String(format: "%.2f", $0.loadAverage) }))
        for failure in failures { lines.append("failed: \(failure)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as JSON: the workload, the medians and every run.
    public var json: String {
        struct Document: Encodable {
            var workload: Workload
            var runsPerCell: Int
            var medians: [FanoutRunResult]
            var runs: [FanoutRunResult]
            var failures: [String]
        }
        struct Workload: Encodable {
            var events: Int
            var rate: Double
            var payloadBytes: Int
            var concurrency: Int
        }
        let document = Document(
            workload: Workload(events: workload.events, rate: workload.rate, payloadBytes: workload.payloadBytes, concurrency: workload.concurrency),
            runsPerCell: runsPerCell, medians: medians, runs: runs, failures: failures
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func cpu(_ value: Double) -> String {
        value < 0 ? "-" : String(format: "%.2f", value)
    }

    static func ms(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f" : "%.1f", value)
    }

    /// An integer with thousands separators: `10,000`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        String(reversed().drop(while: { $0 == " " }).reversed())
    }
}

extension Array where Element: Hashable {
    /// The elements without repeats, in first-seen order.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
