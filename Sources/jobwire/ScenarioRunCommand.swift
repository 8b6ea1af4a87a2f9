import ArgumentParser
import Foundation
import JobWire
import JobWireAdapters
import JobWireBroker

/// `jobwire scenario run`: scenarios in virtual time against an adapter or the reference apps.
struct ScenarioRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenarios in virtual time against your app's logic through an adapter, and check each capture.",
        discussion: """
            jobwire starts your adapter and speaks the scenario suite of \
            Docs/ADAPTER.md with it: start, then one input at a time (a socket event, an HTTP \
            answer, the clock, a lifecycle change, a user action), each answered with what the app \
            did. The kit plays the backend and the other apps; time jumps to the next moment \
            anything is due, so the 10-minute timeout takes milliseconds. A scenario ends once no \
            app has a timer pending and every obligation can be judged, or at its horizon; a step \
            that never ran fails it. Each capture is judged by the checker of jobwire check. Without NAME, every scenario of the side the adapter \
            plays runs; without --adapter, the kit's own reference apps play.

            Examples:
              jobwire scenario run --adapter "python3 Examples/worker-app-adapter-python/adapter.py"
              jobwire scenario run client-timeout --adapter "python3 my_client.py"
              jobwire scenario run client-timeout --timeout-ms 2000 --adapter "python3 my_client.py"
              jobwire scenario run --adapter "./my-app" --capture-dir captures --junit out.xml
              jobwire scenario run --adapter "./my-app" --known-failures known.txt

            A known-failures file lists a requirement id (TIME-2) or SCENARIO:ID \
            (client-timeout:TIME-2) per line; an entry that excuses nothing fails the run.

            Exit status: 0 every scenario conforms; 1 a violation, an adapter that broke the \
            protocol, or a stale known-failures entry; 2 unusable input: an unknown or malformed \
            scenario (file, line and field), an adapter that cannot start, a bad option.
            """
    )

    @Argument(help: ArgumentHelp("Scenarios to run (default: every scenario of the side the adapter plays).", valueName: "name"))
    var names: [String] = []

    @Option(help: ArgumentHelp("Your app adapter's command line (quoted); without it the kit's reference apps play.", valueName: "command"))
    var adapter: String?

    @Option(help: ArgumentHelp("Only scenarios whose app under test has this role.", valueName: "client|worker"))
    var app: String?

    @Option(help: ArgumentHelp("Seconds the adapter may take to answer one input, or to exit after stop, before it counts as hung.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(name: .customLong("timeout-ms"), help: ArgumentHelp("Replace every scenario's client timeout (timeoutMs; PROTOCOL.md's 600000 unless the scenario sets one).", valueName: "ms"))
    var timeoutMs: Int64?

    @Option(name: .customLong("capture-dir"), help: ArgumentHelp("Write each scenario's capture to DIR/NAME.jsonl for jobwire check.", valueName: "dir"))
    var captureDirectory: String?

    @OptionGroup var scenarios: ScenarioOptions
    @OptionGroup var report: ReportOptions

    func run() async throws {
        try await exitingOnUnusableInput {
            guard timeout > 0 else { throw CLIError("--timeout must be a positive number of seconds") }
            guard timeoutMs.map({ $0 > 0 }) ?? true else { throw CLIError("--timeout-ms must be a positive number of milliseconds") }
            guard app == nil || app == "client" || app == "worker" else { throw CLIError("--app must be client or worker") }
            let catalog = try scenarios.catalog()
            let requirements = try scenarios.requirements()
            let knownFailures = try report.loadKnownFailures()
            var selected = try (names.isEmpty ? catalog.names : names).map { name throws(InputError) in try catalog.load(name, catalog: requirements) }
            if let app { selected = selected.filter { $0.app.role.rawValue == app } }
            if let captureDirectory {
                try? FileManager.default.createDirectory(atPath: captureDirectory, withIntermediateDirectories: true)
            }
            let command = try adapter.map { text throws(InputError) in try AdapterCommand(text) }
            var results: [CaseResult] = []
            var sections: [HTMLReportSection] = []
            var problems: [String] = []
            var ran = 0
            let limit = Duration.milliseconds(Int64(timeout * 1000))
            var testee: any ScenarioTestee = ReferenceAppTestee()
            if let command { testee = try await AdapterScenarioTestee.launch(command, timeout: limit) }
            let testeeName = await testee.name
            for var scenario in selected {
                if let timeoutMs { scenario.settings.timeoutMs = timeoutMs }
                // Running everything, scenarios of the other side are left out, not skipped.
                if names.isEmpty, !(await testee.plays(scenario.app.role)) { continue }
                let capture = captureDirectory.map { "\($0)/\(scenario.name).jsonl" }
                let clock = ContinuousClock()
                let start = clock.now
                let result = await ScenarioRunner.run(scenario, testee: testee, capturePath: capture)
                ran += 1
                Self.progress(result, elapsed: clock.now - start)
                var cases = result.caseResults()
                let seconds = (clock.now - start).inSeconds
                for index in cases.indices { cases[index].durationSeconds = seconds / Double(max(cases.count, 1)) }
                results += cases
                if report.html != nil { sections.append(try Self.htmlSection(result, cases: cases, catalog: requirements)) }
                if let adapterTestee = testee as? AdapterScenarioTestee, await adapterTestee.isBroken, let command {
                    // A broken session answers nothing more: the next scenario gets a fresh process.
                    _ = await adapterTestee.finish()
                    testee = try await AdapterScenarioTestee.launch(command, timeout: limit)
                }
            }
            if let problem = await testee.finish() { problems.append(problem) }
            guard ran > 0 || !names.isEmpty else {
                throw CLIError("the adapter plays none of the \(selected.count) scenarios selected; its hello must list \"scenario\" in suites and client or worker in roles")
            }
            let run = RunReport(title: "scenarios", testee: testeeName, results: results, testeeProblems: problems)
                .applying(knownFailures)
            return try report.emit(run, catalog: requirements, listSkipped: false) { sections }
        }
    }

    /// A scenario's part of the HTML report: its cases, and its capture (kept in memory, else the
    /// file at `capturePath`) drawn with the violations pinned.
    static func htmlSection(_ result: ScenarioResult, cases: [CaseResult], catalog: RequirementCatalog?, capturePath: String? = nil) throws(InputError) -> HTMLReportSection {
        var timeline: Timeline?
        if let text = result.capture {
            timeline = try TimelineBuilder.timeline(text: text, file: result.scenario.name, verdict: result.verdict, catalog: catalog)
        } else if let capturePath, result.verdict != nil {
            timeline = try TimelineBuilder.timeline(path: capturePath, verdict: result.verdict, catalog: catalog)
        }
        return HTMLReportSection(title: result.scenario.name, caseIDs: cases.map(\.id), timeline: timeline)
    }

    /// `conformant`, or what failed: the violated ids and the steps that never ran.
    static func verdictText(_ result: ScenarioResult) -> String {
        var failed = result.failedIDs.map(\.rawValue)
        failed += result.stepFailures.map { "steps[\($0.index)]" }
        return failed.isEmpty ? "conformant" : "violates \(failed.joined(separator: ", "))"
    }

    /// One line per scenario on stderr: the verdict, the virtual time it covered, the notes.
    static func progress(_ result: ScenarioResult, elapsed: Duration) {
        var line = "jobwire: scenario \(result.scenario.name): "
        if let skipped = result.skipped {
            line += "skipped: \(skipped)"
        } else if let error = result.error {
            line += "error: \(error)"
        } else if let verdict = result.verdict {
            line += verdictText(result)
            line += " (\(verdict.eventCount) events, \(elapsed.formatted(.units(allowed: [.milliseconds]))) real)"
        }
        for failure in result.stepFailures { line += "\n         \(failure)" }
        for note in result.notes { line += "\n         note: \(note)" }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
