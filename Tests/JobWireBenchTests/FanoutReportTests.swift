import Foundation
import JobWireBench
import SocketIOWire
import Testing

/// The figures side by side: a column per client count and server, medians of the runs, the
/// ratio to the reference server, and the same in JSON.
struct FanoutReportTests {
    func run(_ server: String, clients: Int, eventsPerSecond: Double, p99: Double) -> FanoutRunResult {
        var deliveries = FanoutDeliveries()
        deliveries.record(sent: 0, received: UInt64(p99 * 1e6))
        var phase = FanoutRunResult.Phase(expected: 1, deliveries: deliveries, serverCPUSeconds: 0.000_005, generatorCPUSeconds: 0.000_002)
        phase.eventsPerSecond = eventsPerSecond
        return FanoutRunResult(
            server: server, clients: clients, joined: clients, connectRate: 1_500, room: clients,
            paced: phase, backToBack: phase, held: clients, loadAverage: 2.5
        )
    }

    var report: FanoutReport {
        let workload = FanoutBenchmark.Workload(clients: 0, events: 20, rate: 2, payloadBytes: 64, concurrency: 100, idleTimeout: .seconds(10))
        let runs = [
            run("jobwire", clients: 1_000, eventsPerSecond: 300_000, p99: 5),
            run("python-socketio", clients: 1_000, eventsPerSecond: 10_000, p99: 50),
            run("jobwire", clients: 10_000, eventsPerSecond: 100_000, p99: 80),
            run("python-socketio", clients: 10_000, eventsPerSecond: 2_500, p99: 4_000),
            run("jobwire", clients: 1_000, eventsPerSecond: 200_000, p99: 7),
            run("python-socketio", clients: 1_000, eventsPerSecond: 12_000, p99: 60),
        ]
        return FanoutReport(workload: workload, runsPerCell: 2, runs: runs, failures: [])
    }

    @Test func bothSizesAndServersStandSideBySide() {
        let lines = report.text.components(separatedBy: "\n")
        #expect(lines.contains { $0.contains("N = 1,000") && $0.contains("N = 10,000") })
        let servers = lines.first { $0.contains("jobwire") && $0.contains("python-socketio") }
        #expect(servers.map { $0.components(separatedBy: "jobwire").count - 1 } == 2)
        // Medians of two runs: (300,000 + 200,000) / 2 over (10,000 + 12,000) / 2.
        #expect(lines.contains { $0.hasPrefix("back-to-back events/s") && $0.contains("250,000") && $0.contains("11,000") })
        #expect(lines.contains { $0.hasPrefix("  ratio to python-socketio") && $0.contains("22.7x") && $0.contains("40.0x") })
        #expect(lines.contains { $0.hasPrefix("clients held") && $0.contains("10,000/10,000") })
        #expect(lines.contains { $0.hasPrefix("server CPU µs/event, paced") && $0.contains("5.00") })
        #expect(lines.contains { $0.hasPrefix("load average (1 min)") && $0.contains("2.50") })
    }

    @Test func jsonCarriesMediansAndEveryRun() throws {
        let json = try JSONParser.parse(report.json)
        #expect(json["medians"]?.arrayValue?.count == 4)
        #expect(json["runs"]?.arrayValue?.count == 6)
        #expect(json["workload"]?["rate"] == .int(2) || json["workload"]?["rate"] == .double(2))
    }

    @Test func failuresAreListedUnderTheTable() {
        #expect(FanoutReport(workload: report.workload, runsPerCell: 1, runs: [], failures: ["run 1: no python"]).text.contains("failed: run 1: no python"))
    }
}
