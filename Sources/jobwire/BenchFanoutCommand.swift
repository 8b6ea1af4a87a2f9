import ArgumentParser
import Foundation
import JobWireBench
import JobWireBroker
import NIOCore
import NIOPosix

/// `jobwire bench fanout`: broadcasts to a room of N WebSocket clients, JobWire's server beside python-socketio's.
struct BenchFanoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fanout",
        abstract: "Measure broadcasting to a room of N WebSocket clients, JobWire's Socket.IO server beside python-socketio's.",
        discussion: """
            For each client count and server, a fresh server starts as a child process on \
            127.0.0.1 (JobWire's as "jobwire bench fanout-server", python-socketio's in aiohttp \
            mode as Scripts/bench/python_fanout_server.py), so servers and the load generator do \
            not share event loops. The load generator, in this process, opens the clients as raw \
            Engine.IO WebSockets with bounded concurrency; each joins / and the server puts it in \
            the room "bench". The server then emits --events events to the room at --rate per \
            second (their latencies are reported), then --events more back to back (their \
            deliveries per second are the throughput). Latency is the receive time minus the send \
            time the server stamped into the event (the same monotonic clock). Every figure is \
            the median of --runs runs. Since other work on the machine moves the wall-clock \
            figures, the table also gives the CPU time the server and the load generator spent \
            per delivery, and ends with the load average.

            The open-file limit is raised to the hard limit; the command refuses a client count \
            the hard limit cannot hold. Progress goes to standard error, the figures to standard \
            output. Exit status 1 when a run failed or lost deliveries.

            Python: --python, else $JOBWIRE_PYTHON, else .venv-test/bin/python in the checkout \
            (./Scripts/test creates it), else python3; it needs the packages pinned in \
            Scripts/requirements-test.txt.

            Examples:
              jobwire bench fanout --clients 1000 --clients 10000
              jobwire bench fanout --clients 2000 --events 50 --rate 20 --runs 1
              jobwire bench fanout --clients 1000 --format json > fanout.json
            """
    )

    /// Which servers can be measured.
    enum Server: String, ExpressibleByArgument, CaseIterable {
        case jobwire
        case python = "python-socketio"
    }

    /// Output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .customLong("clients"), help: ArgumentHelp("Clients in the room (repeat for several sizes; default 1000 and 10000).", valueName: "N"))
    var clientCounts: [Int] = []

    @Option(help: "Events per burst.")
    var events: Int = 20

    @Option(help: "Events per second of the paced burst.")
    var rate: Double = 2

    @Option(name: .customLong("payload-bytes"), help: "Padding characters in each event.")
    var payloadBytes: Int = 64

    @Option(help: "Runs per client count and server; the figures are their medians.")
    var runs: Int = 3

    @Option(help: "Connections opening at once.")
    var concurrency: Int = 100

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Seconds a burst may go without a delivery before the rest count as lost.", valueName: "seconds"))
    var idleTimeout: Double = 10

    @Option(name: .customLong("server"), help: ArgumentHelp("A server to measure (repeat for both): jobwire, python-socketio. Default: both.", valueName: "name"))
    var servers: [Server] = []

    @Option(name: .customLong("server-threads"), help: ArgumentHelp("Event loop threads of JobWire's server (default: one per core).", valueName: "n"))
    var serverThreads: Int = System.coreCount

    @Option(name: .customLong("client-threads"), help: ArgumentHelp("Event loop threads of the load generator (default: one per core).", valueName: "n"))
    var clientThreads: Int = System.coreCount

    @Option(help: ArgumentHelp("The Python that runs python-socketio.", valueName: "path"))
    var python: String?

    @Option(name: .customLong("python-script"), help: ArgumentHelp("The python-socketio server script (default: Scripts/bench/python_fanout_server.py of the checkout).", valueName: "path"))
    var pythonScript: String?

    @Flag(name: .customLong("through-record"), help: "Measure each server also through jobwire record's proxy (recording to a temporary capture), to see what recording costs.")
    var throughRecord = false

    @Option(help: "Figures on standard output as a text table or JSON.")
    var format: Format = .text

    mutating func validate() throws {
        if clientCounts.isEmpty { clientCounts = [1_000, 10_000] }
        if servers.isEmpty { servers = Server.allCases }
        guard clientCounts.allSatisfy({ $0 > 0 }) else { throw ValidationError("--clients must be positive.") }
        guard events > 0 else { throw ValidationError("--events must be positive.") }
        guard rate > 0, rate.isFinite else { throw ValidationError("--rate must be a positive number.") }
        guard payloadBytes >= 0 else { throw ValidationError("--payload-bytes must not be negative.") }
        guard runs > 0 else { throw ValidationError("--runs must be positive.") }
        guard concurrency > 0 else { throw ValidationError("--concurrency must be positive.") }
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be positive.") }
        guard serverThreads > 0, clientThreads > 0 else { throw ValidationError("--server-threads and --client-threads must be positive.") }
    }

    func run() async throws {
        try await exitingOnUnusableInput {
            // A server child that dies must not take this process with it when it writes to its pipe.
            signal(SIGPIPE, SIG_IGN)
            let limit = FanoutOpenFileLimit.raiseToHardLimit()
            let largest = clientCounts.max() ?? 0
            guard largest + FanoutOpenFileLimit.overhead <= limit else {
                throw CLIError(
                    "the open-file limit is \(limit) even after raising it to the hard limit, too low for \(largest) clients "
                        + "(the load generator and each server need about \(largest + FanoutOpenFileLimit.overhead)); "
                        + "raise the hard limit (ulimit -Hn, as root) or use fewer clients")
            }
            var launchers = try servers.map(launcher(for:))
            if throughRecord { launchers = launchers.flatMap { [$0, $0.through(Self.recordingRelay, name: "\($0.name) via record")] } }
            let workload = FanoutBenchmark.Workload(
                clients: 0, events: events, rate: rate, payloadBytes: payloadBytes,
                concurrency: concurrency, idleTimeout: .milliseconds(Int64(idleTimeout * 1000))
            )
            let group = MultiThreadedEventLoopGroup(numberOfThreads: clientThreads)
            let series = FanoutSeries(workload: workload, clientCounts: clientCounts, runs: runs, launchers: launchers)
            let report = await series.run(group: group, progress: Self.progress)
            try await group.shutdownGracefully()
            print(format == .json ? report.json : report.text, terminator: "")
            return report.isComplete ? .success : ExitCode(1)
        }
    }

    /// `jobwire record` in this process between the clients and the server, writing a capture it deletes afterwards.
    private static let recordingRelay = FanoutRelay { serverPort in
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-bench-record-\(UUID().uuidString).jsonl").path
        let upstream = "http://127.0.0.1:\(serverPort)"
        let recorder = TrafficRecorder(capture: try CaptureRecorder(header: .recording(of: upstream), path: path))
        let address = try await recorder.start(upstream: URL(string: upstream)!)
        return (address.port ?? 0, {
            let verdict = try? await recorder.stop()
            progress("recorded \(verdict?.eventCount ?? 0) events through record")
            try? FileManager.default.removeItem(atPath: path)
        })
    }

    private static func progress(_ line: String) {
        FileHandle.standardError.write(Data("bench fanout: \(line)\n".utf8))
    }

    private func launcher(for server: Server) throws -> FanoutServerLauncher {
        switch server {
        case .jobwire:
            let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
            return .jobwire(name: server.rawValue, executable: executable, threads: serverThreads)
        case .python:
            do {
                return try .python(name: server.rawValue, python: python, script: pythonScript)
            } catch {
                throw CLIError(error.description)
            }
        }
    }
}
