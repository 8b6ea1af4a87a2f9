import ArgumentParser
import Foundation
import JobWire
import JobWireBroker

/// `jobwire verify [URL]`: plays a client app and worker apps against a backend and reports per requirement.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Test a backend requirement by requirement, playing a client app and several worker apps against it.",
        discussion: """
            Without URL, jobwire starts its embedded reference backend on a free loopback port and \
            verifies it. With URL (http://host:port), it verifies your backend: Socket.IO and REST on \
            that address. Each case names the requirements of Docs/PROTOCOL.md it checks; what the \
            kit's apps observe is recorded as a trace and judged by the same checker as jobwire check.

            Examples:
              jobwire verify
              jobwire verify http://127.0.0.1:3000 --junit out.xml
              jobwire verify http://127.0.0.1:3000 --profile names.json --timeout 5000
              jobwire verify --only FLOW --skip getjobs-eligibility-geometry --format json
              jobwire verify --known-failures known.txt --capture run.jsonl
              jobwire verify --mutant reachHalved --html report.html
              jobwire verify --mutant reachHalved      (see what a failure looks like)

            A profile file (JSON) renames events, namespace, channel room and REST paths, and names \
            the test fixtures of PROTOCOL.md's FIX area, or null for a backend without them.

            --mutant switches the embedded backend into one of its deliberate faults (the kit's own \
            tests prove each is caught with the ids it breaks), to see how verify reports a bug.

            Exit status: 0 every case passed; 1 a case failed, or a known-failures entry is stale; \
            2 unusable input: a bad profile or option, or a backend that cannot be reached; also \
            when nothing failed but a case was inconclusive because the kit's machine starved it.
            """
    )

    @Argument(help: ArgumentHelp("The backend to verify; the embedded reference backend when left out.", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("A JSON profile of event names, namespace, rooms, paths and fixtures.", valueName: "file"))
    var profile: String?

    @Option(help: ArgumentHelp("The seed of the generated eligibility population (getjobs-eligibility-generated); a failing run's report names its seed, and the same seed replays the same workers and requests.", valueName: "n"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("Racers per round of the race cases: calls for one request released together on warm connections (a pair of calls per racer where a cancel races an accept or a close).", valueName: "n"))
    var racers: Int = RaceOptions().racers

    @Option(help: ArgumentHelp("Rounds per race case, each with a fresh request; a caught race names its round, and the same --seed, --racers and --race-rounds replay its release orders.", valueName: "n"))
    var raceRounds: Int = RaceOptions().rounds

    @OptionGroup var mutants: MutantOptions

    @Option(help: ArgumentHelp("The client's timeout in ms for the timed cases, instead of the one the backend announces.", valueName: "ms"))
    var timeout: Int64?

    @Option(help: ArgumentHelp("Run only these case ids, requirement ids or areas (repeat).", valueName: "id"))
    var only: [String] = []

    @Option(help: ArgumentHelp("Leave out these case ids, requirement ids or areas (repeat).", valueName: "id"))
    var skip: [String] = []

    @Option(help: ArgumentHelp("Write the whole run as a trace (Docs/TRACE.md) to this file.", valueName: "file"))
    var capture: String?

    @OptionGroup var vectors: VectorsLocationOptions
    @OptionGroup var report: ReportOptions

    func run() async throws {
        try await exitingOnUnusableInput {
            let names = try profile.map { path throws(InputError) in try ProtocolProfile.load(path: path) } ?? .standard
            if let timeout, timeout <= 0 { throw CLIError("--timeout must be a positive number of milliseconds") }
            let knownFailures = try report.loadKnownFailures()
            let directory = try vectors.resolve()
            let catalog = try? vectors.catalog(for: directory)
            var embedded: EmbeddedBackend?
            var options: VerifyOptions
            let (faults, taskFaults) = try mutants.faults()
            if url != nil, !mutants.mutant.isEmpty { throw CLIError("--mutant switches the embedded backend; it cannot be given with a URL") }
            if let url {
                guard let base = URL(string: url), base.scheme == "http", base.host != nil else {
                    throw CLIError("\(url) is not an http://host:port URL")
                }
                options = VerifyOptions(base: base, profile: names, vectors: directory)
            } else {
                let backend = try await EmbeddedBackend.start(profile: names, faults: faults, taskFaults: taskFaults, timeoutMs: timeout ?? names.timeoutMs ?? 600_000)
                embedded = backend
                options = backend.options(profile: names, vectors: directory)
            }
            options.timeoutMs = timeout
            if let seed { options.seed = seed }
            guard racers >= 2, raceRounds >= 1 else { throw CLIError("--racers must be at least 2 and --race-rounds at least 1") }
            options.race = RaceOptions(racers: racers, rounds: raceRounds)
            options.only = only
            options.skip = skip
            let target = embedded.map { "the embedded reference backend at \($0.url.absoluteString)" } ?? options.base.absoluteString
            let started = ContinuousClock.now
            let run: VerifyRun
            do {
                run = try await VerifyRunner.run(options)
            } catch let error as VerifyUnreachable {
                await embedded?.shutdown()
                throw CLIError(error.description)
            }
            await embedded?.shutdown()
            if let capture {
                do {
                    try run.captureText.write(toFile: capture, atomically: true, encoding: .utf8)
                } catch {
                    throw CLIError("cannot write the capture to \(capture): \(error.localizedDescription)")
                }
            }
            let elapsed = ContinuousClock.now - started
            FileHandle.standardError.write(Data("jobwire: verified \(target): \(run.results.count) cases in \(elapsed.components.seconds) s\n".utf8))
            var result = run.runReport.applying(knownFailures)
            result.testee = embedded != nil ? "embedded reference backend \(options.base.absoluteString)" : options.base.absoluteString
            if report.format == .text {
                print(VerifyTextReport(catalog: catalog).render(result, timeoutMs: run.timeoutMs), terminator: "")
                return try report.emit(result, catalog: catalog, printing: false) { run.htmlSections(catalog: catalog) }
            }
            return try report.emit(result, catalog: catalog) { run.htmlSections(catalog: catalog) }
        }
    }
}
