import ArgumentParser
import Foundation
import JobWire
import JobWireBroker
import Logging
import NIOCore

/// `jobwire broker`: the reference backend on loopback, alone or playing one side of a scenario.
struct BrokerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "broker",
        abstract: "Serve the reference backend on loopback, or play the other side of a scenario for your app and check the session.",
        discussion: """
            Without --scenario the broker serves the reference backend of Docs/PROTOCOL.md (REST \
            and Socket.IO on one port; apps connect with auth {"userId": ID, "role": "client" | \
            "worker"}) until Ctrl-C. With --scenario it also plays every app but yours: --play \
            client plays the client for a worker app under test, --play worker plays the workers \
            for a client app. The scenario starts when your app connects as the scenario's user; \
            your app reports its UI events with the Socket.IO event jobwire:trace or POST \
            /jobwire/trace, and is told what its user does with jobwire:control (Docs/BROKER.md). \
            At the end the capture is judged by the checker of jobwire check and the report printed.

            Examples:
              jobwire broker
              jobwire broker --port 0 --capture session.jsonl
              jobwire broker --play client --scenario worker-happy
              jobwire broker --play worker --scenario client-timeout --capture ct.jsonl
              jobwire broker --play worker --scenario client-restart --speed 2
              jobwire broker --play client --scenario worker-happy --timeout-ms 2000
              jobwire broker --play client --scenario worker-happy --console --paused
              jobwire broker --list-scenarios
              jobwire check worker-happy.capture.jsonl
              jobwire broker --port 0 --replay session.jsonl --volatile email
              jobwire broker --max-outbound-bytes 4194304 --outbound-soft-limit 1048576 --outbound-soft-seconds 60

            With --replay CAPTURE the broker serves the backend side of a capture of jobwire \
            record to your apps (Docs/RECORD.md, "Serving a capture"): each REST call and emit is \
            matched to a recorded one (method and path, or event, and the body or payload, \
            timestamps, redacted stand-ins and each --volatile member matching anything) and answered as \
            recorded, its timestamps moved to the session's clock, and the events the apps received \
            next in the recording are sent then, to the rooms they went to. A call the recording \
            never saw is answered 500 with an error naming it and the nearest recorded call with its \
            line. The session ends when every recorded step was done, each app's own disconnect \
            included (it comes after the app's reports), and then at once when no app is \
            connected, else once the session's clock passed every obligation of the checker that \
            a connected app may still meet; or on Ctrl-C. It is captured (--capture, else \
            CAPTURE-NAME.served.jsonl) with the apps as its subject, their UI reports included, and \
            the verdict is the checker's on that capture plus the match (a case REPLAY for each \
            unmatched call and each recorded step never done): exit 0 when both pass, else 1.

            With --console the broker also serves a page on 127.0.0.1, on a port of its own with a \
            random token in the printed URL, that shows the session live as swimlanes with the \
            checker's findings so far and lets you pause, step and resume the scenario and inject \
            a step of the scenario vocabulary (Docs/BROKER.md, "The console"); --paused starts \
            the scenario paused. The console stays up after the scenario ends, until Ctrl-C.

            An app that does not read what is sent to it is dropped as a slow consumer: at once \
            past --max-outbound-bytes waiting for it, or after --outbound-soft-seconds past \
            --outbound-soft-limit (defaults 1 MiB, 256 KiB, 20 s; Docs/BROKER.md, "Slow \
            consumers"). A warning names it, and the capture records an io.disconnected with \
            reason slow from the backend. Past --max-connections open connections a new one is \
            answered 503 and closed.

            Exit status: 0 the session conforms (or the backend was stopped); 1 a violation; 2 \
            unusable input: an unknown scenario, a malformed scenario file (file, line and field), \
            a scenario of the other side, a scenario with a step the broker cannot perform live \
            (hang, relaunch), a bad option or a port in use.
            """
    )

    @Option(help: ArgumentHelp("The role the broker plays: client (for a worker app under test) or worker (for a client app).", valueName: "client|worker"))
    var play: String?

    @Option(help: ArgumentHelp("The scenario to run; without it the broker only serves the backend.", valueName: "name"))
    var scenario: String?

    @Option(help: "The address to listen on; loopback by default.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free port and prints it.")
    var port = 3000

    @Option(help: ArgumentHelp("Write the capture to this file (a scenario without it writes NAME.capture.jsonl, --replay CAPTURE-NAME.served.jsonl).", valueName: "file"))
    var capture: String?

    @Option(help: ArgumentHelp("Run the broker's clock this many times faster than the wall clock.", valueName: "x"))
    var speed: Double = 1

    @Option(name: .customLong("timeout-ms"), help: ArgumentHelp("Replace the scenario's client timeout (timeoutMs), e.g. 2000 to run a real-time session in seconds.", valueName: "ms"))
    var timeoutMs: Int64?

    @Option(help: ArgumentHelp("Serve the backend side of this capture (jobwire record's) to your app: its calls and emits are answered as recorded.", valueName: "capture"))
    var replay: String?

    @Option(name: .customLong("volatile"), help: ArgumentHelp("With --replay: " + VolatileOptionHelp.text, valueName: "path"))
    var volatile: [String] = []

    @Flag(help: "Serve a console on 127.0.0.1 (its own port, a random token in the printed URL) that shows the session live and lets you pause, step and inject steps; needs --scenario.")
    var console = false

    @Option(name: .customLong("console-port"), help: "The console's port on 127.0.0.1; 0 (the default) picks a free one.")
    var consolePort = 0

    @Flag(help: "With --console: start the scenario paused, so it moves only when you step or resume it.")
    var paused = false

    @Flag(name: .customLong("list-scenarios"), help: "List the scenarios, with the side each tests, and exit.")
    var listScenarios = false

    @OptionGroup var limits: ServerLimitOptions
    @OptionGroup var scenarios: ScenarioOptions
    @OptionGroup var report: ReportOptions

    func run() async throws {
        try await exitingOnUnusableInput {
            guard (0...65_535).contains(port) else { throw CLIError("--port must be between 0 and 65535") }
            guard speed > 0, speed.isFinite else { throw CLIError("--speed must be a positive number") }
            guard play == nil || play == "client" || play == "worker" else { throw CLIError("--play must be client or worker") }
            do { _ = (try limits.limit(), try limits.connections()) } catch let error as ValidationError { throw CLIError(error.message) }
            if listScenarios {
                let catalog = try scenarios.catalog()
                print("scenarios: \(catalog.displayRoot)")
                for line in Scenario.listings(try catalog.loadAll(catalog: scenarios.requirements())) { print(line) }
                return .success
            }
            guard !paused || console else { throw CLIError("--paused pauses the console's scenario: it needs --console") }
            guard (0...65_535).contains(consolePort) else { throw CLIError("--console-port must be between 0 and 65535") }
            if console, scenario == nil {
                throw CLIError("--console drives a scenario: it needs --scenario NAME (jobwire broker --list-scenarios)")
            }
            if let replay {
                guard scenario == nil, play == nil else { throw CLIError("--replay serves a capture; it takes no --scenario or --play") }
                return try await serveRecording(replay)
            }
            guard let name = scenario else {
                if play != nil { throw CLIError("--play needs --scenario NAME: the scenario says what the broker plays (jobwire broker --list-scenarios)") }
                return try await serveBackend()
            }
            guard timeoutMs.map({ $0 > 0 }) ?? true else { throw CLIError("--timeout-ms must be a positive number of milliseconds") }
            var loaded = try scenarios.catalog().load(name, catalog: scenarios.requirements())
            if let timeoutMs { loaded.settings.timeoutMs = timeoutMs }
            if let refusal = BrokerSession.refusal(of: loaded) { throw CLIError(refusal) }
            if let play, play != loaded.play.rawValue {
                throw CLIError("scenario \(name) tests a \(loaded.app.role.protocolName): run it with --play \(loaded.play.rawValue), not --play \(play)")
            }
            return try await runScenario(loaded)
        }
    }

    private var logger: Logger {
        var logger = Logger(label: "jobwire.broker", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .warning
        return logger
    }

    private func listen(_ server: ReferenceBackendServer) async throws -> String {
        let address: SocketAddress
        do {
            address = try await server.start(host: host, port: port)
        } catch {
            throw CLIError("cannot listen on \(host):\(port): \(error)")
        }
        let shownHost = address.protocol == .inet6 ? "[\(address.ipAddress ?? host)]" : (address.ipAddress ?? host)
        return "http://\(shownHost):\(address.port ?? port)"
    }

    /// The plain backend until SIGINT or SIGTERM.
    private func serveBackend() async throws -> ExitCode {
        let clock = SystemBrokerClock(speed: speed)
        let recorder = try capture.map { path throws(InputError) in try CaptureRecorder(header: TraceHeader(roles: [.client, .worker, .backend]), path: path) }
        let host = PlainBackendHost(backend: JobDispatchBackend(), clock: clock, recorder: recorder, log: Self.say)
        let server = ReferenceBackendServer(host: host, logger: logger, outboundLimit: try limits.limit(), maxConnections: try limits.connections())
        let signals = SocketIOTesteeCommand.terminationSignals()
        // Left running for days, the broker gives back what dropped sockets and forgotten requests held.
        let trimming = FreedMemory.releasePeriodically()
        let url = try await listen(server)
        Self.out("jobwire broker: the reference backend listens on \(url) (Socket.IO at /socket.io/, REST under /api/); Ctrl-C stops it")
        if let capture { Self.out("jobwire broker: recording every exchange to \(capture)") }
        for await _ in signals { break }
        trimming.stop()
        await server.shutdown()
        if let recorder, let capture {
            _ = recorder.finish(at: clock.now())
            Self.say("jobwire broker: \(recorder.lineCount) lines in \(capture)")
        }
        return .success
    }

    /// The backend of a capture until every recorded app step was matched, the apps' own
    /// disconnects included, and, while an app is still connected, the session's clock passed
    /// every obligation it may still meet (``ServedSessionEnd``), or SIGINT or SIGTERM; the verdict: the
    /// checker's rules on the served session's capture, which judge the apps under test, and the
    /// match, no unmatched call or emit and nothing recorded left undone.
    private func serveRecording(_ path: String) async throws -> ExitCode {
        var recording: TraceHeader?
        var events: [TraceEvent] = []
        try TraceReader.read(path: path) { (item: TraceReader.Item) throws(InputError) in
            switch item {
            case .header(let header): recording = header
            case .event(let event): events.append(event)
            }
        }
        guard let recording else { throw CLIError("\(path) holds no header") }
        let script = RecordedScript(events: events, profile: recording.profile)
        guard !script.steps.isEmpty else { throw CLIError("\(path) holds no step of a client or worker app (connect, REST call or emit) to serve") }
        let knownFailures = try report.loadKnownFailures()
        let (done, finished) = AsyncStream<Void>.makeStream()
        let clock = SystemBrokerClock(speed: speed)
        let capturePath = capture ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".served.jsonl"
        let header = RecordedBackendHost.servedHeader(recording: recording, script: script, file: path)
        let window = max(1, Int64((Double(BrokerSession.reorderWindowMs) * speed).rounded()))
        let recorder = try CaptureRecorder(header: header, path: capturePath, reorderWindowMs: window)
        let host = RecordedBackendHost(
            script: script, volatile: VolatileOptionHelp.members(volatile), recorder: recorder, clock: clock, log: Self.say, finished: { finished.yield() })
        let server = ReferenceBackendServer(host: host, logger: logger, outboundLimit: try limits.limit(), maxConnections: try limits.connections())
        let signals = SocketIOTesteeCommand.terminationSignals()
        let url = try await listen(server)
        Self.out("jobwire broker: serving the backend recorded in \(path) on \(url): \(script.steps.count) app steps to match; Ctrl-C stops it")
        Self.out("jobwire broker: capture: \(capturePath)")
        let (stopped, stop) = AsyncStream<Void>.makeStream()
        let watcher = Task {
            for await signal in signals {
                Self.say("jobwire broker: stopped by signal \(signal)")
                stop.yield()
                finished.yield()
                break
            }
        }
        for await _ in done { break }
        // Every recorded step is done, the apps' own disconnects included, so their reports are
        // in; the obligations an app still connected may meet are judged when the clock passes them.
        let judged = Task {
            await ServedSessionEnd.untilJudged(recorder, clock: clock) { host.appsConnected }
            stop.yield()
        }
        for await _ in stopped { break }
        judged.cancel()
        watcher.cancel()
        await server.shutdown()
        let (mismatches, remaining) = host.outcome
        for step in remaining { Self.say("jobwire broker: never done: line \(step.line), \(step.actor) \(step.action)") }
        let verdict = recorder.finish(at: clock.now())
        Self.say("jobwire broker: \(recorder.lineCount) lines of the served session in \(capturePath)")
        let matched = mismatches.isEmpty && remaining.isEmpty
        Self.out("jobwire broker: replay of \(path): \(script.steps.count - remaining.count) of \(script.steps.count) recorded steps matched, \(mismatches.count) unmatched; \(matched ? "passed" : "FAILED")")
        let results = verdict.caseResults() + ServedMatchCases.caseResults(file: path, mismatches: mismatches, remaining: remaining)
        let run = RunReport(title: "broker --replay \(path)", testee: "the apps at \(url)", results: results).applying(knownFailures)
        let catalog = try? scenarios.requirements()
        let code = try report.emit(run, catalog: catalog, listSkipped: false) { [try HTMLReportSection.trace(path: capturePath, verdict: verdict, catalog: catalog)] }
        let failed = verdict.failedIDs.map(\.rawValue)
        Self.say("jobwire broker: the apps \(failed.isEmpty ? "conform" : "violate \(failed.joined(separator: ", "))"); `jobwire check \(capturePath)` judges the capture again")
        return code
    }

    /// One scenario: serve, wait for the app, run, judge.
    private func runScenario(_ scenario: Scenario) async throws -> ExitCode {
        let consoleClock = console ? ConsoleClock(base: SystemBrokerClock(speed: speed), paused: paused) : nil
        let clock: any BrokerClock = consoleClock ?? SystemBrokerClock(speed: speed)
        let path = capture ?? "\(scenario.name).capture.jsonl"
        // The window absorbs real network delays, so it is a second of wall time at any speed.
        let window = max(1, Int64((Double(BrokerSession.reorderWindowMs) * speed).rounded()))
        let recorder = try CaptureRecorder(header: scenario.header, path: path, reorderWindowMs: window)
        let session = BrokerSession(scenario: scenario, clock: clock, recorder: recorder, log: Self.say)
        let server = ReferenceBackendServer(host: session, logger: logger, outboundLimit: try limits.limit(), maxConnections: try limits.connections())
        let signals = SocketIOTesteeCommand.terminationSignals()
        let url = try await listen(server)
        let app = scenario.app
        Self.out("jobwire broker: scenario \(scenario.name) on \(url): the broker plays the \(scenario.play == .client ? "client" : "workers") and the backend")
        Self.out("jobwire broker: waiting for the \(app.role.protocolName) under test: connect Socket.IO to \(url) with auth {\"userId\":\"\(app.id)\",\"role\":\"\(app.role.rawValue)\"} (GET \(url)/jobwire/session says the rest)")
        Self.out("jobwire broker: capture: \(path)")
        var consoleServer: ConsoleServer?
        if let consoleClock { consoleServer = try await startConsole(BrokerConsole(session: session, clock: consoleClock, recorder: recorder, catalog: try? scenarios.requirements())) }
        let (stopped, stop) = AsyncStream<Void>.makeStream()
        let watcher = Task {
            for await signal in signals {
                session.stop("the broker was stopped by signal \(signal)")
                stop.yield()
            }
        }
        let result = await session.run()
        await server.shutdown()
        let run = RunReport(title: "broker \(scenario.name)", testee: "the \(app.role.protocolName) \(app.id) at \(url)", results: result.caseResults())
            .applying(try report.loadKnownFailures())
        let catalog = try? scenarios.requirements()
        let code = try report.emit(run, catalog: catalog, listSkipped: false) {
            [try ScenarioRunCommand.htmlSection(result, cases: run.results, catalog: catalog, capturePath: path)]
        }
        for failure in result.stepFailures { Self.say("jobwire broker: \(failure)") }
        Self.say("jobwire broker: \(ScenarioRunCommand.verdictText(result)); `jobwire check \(path)` judges the capture again (steps are the scenario's, not in the capture)")
        if let consoleServer {
            // The page keeps the end of the story: the last lines and the whole verdict.
            Self.say("jobwire broker: the scenario is over; the console stays up until Ctrl-C")
            for await _ in stopped { break }
            await consoleServer.shutdown()
        }
        watcher.cancel()
        return code
    }

    /// Serves `console` on 127.0.0.1 and prints its URL with its token.
    private func startConsole(_ console: BrokerConsole) async throws -> ConsoleServer {
        let server = ConsoleServer(console: console, logger: logger)
        do {
            Self.out("jobwire broker: console: \(try await server.start(port: consolePort))\(paused ? " (the scenario starts paused)" : "")")
        } catch {
            throw CLIError("cannot serve the console on 127.0.0.1:\(consolePort): \(error)")
        }
        return server
    }

    /// A line on standard output, written at once (a test or a person waits for it).
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    @Sendable static func say(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
