import NIOCore

/// Every run of `jobwire bench fanout`: for each run, each client count against each server, in
/// that order, gathered into one ``FanoutReport``.
///
/// A run that cannot be carried out (a server that does not start or answer) is kept as a
/// failure sentence and the series goes on, so one broken server does not hide the others' figures.
public struct FanoutSeries: Sendable {
    /// The workload of every run; its client count is set from ``clientCounts``.
    public var workload: FanoutBenchmark.Workload
    /// The room sizes to measure.
    public var clientCounts: [Int]
    /// Runs per client count and server.
    public var runs: Int
    /// The servers to measure.
    public var launchers: [FanoutServerLauncher]

    /// A series of `runs` runs of `workload` at each of `clientCounts` against each of `launchers`.
    public init(workload: FanoutBenchmark.Workload, clientCounts: [Int], runs: Int, launchers: [FanoutServerLauncher]) {
        self.workload = workload
        self.clientCounts = clientCounts
        self.runs = runs
        self.launchers = launchers
    }

    /// Runs the series with the load generator's clients on `group`, progress lines to `progress`.
    public func run(group: any EventLoopGroup, progress: @escaping @Sendable (String) -> Void) async -> FanoutReport {
        var results: [FanoutRunResult] = []
        var failures: [String] = []
        for run in 1...runs {
            for clients in clientCounts {
                for launcher in launchers {
                    progress("run \(run)/\(runs), \(clients) clients, \(launcher.name)")
                    var sized = workload
                    sized.clients = clients
                    do {
                        results.append(try await launcher.measure(FanoutBenchmark(workload: sized, group: group, progress: progress)))
                    } catch {
                        failures.append("run \(run), \(clients) clients, \(launcher.name): \(error)")
                        progress("failed: \(error)")
                    }
                }
            }
        }
        return FanoutReport(workload: workload, runsPerCell: runs, runs: results, failures: failures)
    }
}
