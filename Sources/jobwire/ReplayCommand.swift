import ArgumentParser
import Foundation
import JobWire
import JobWireBroker

/// `jobwire replay`: plays a capture's apps against a backend and judges what comes back (Docs/RECORD.md).
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play the apps of a capture against a backend, check the new traffic and compare it with the recording.",
        discussion: """
            Plays the recorded apps' side of CAPTURE (a jobwire record capture, or any trace of \
            apps against a backend) against --against: the same Socket.IO connections with the \
            recorded handshake auth, the same emits and REST calls, in the recorded order and at \
            the recorded pace (--fast: as fast as causality allows, each step waiting only for the \
            recorded events that carried an id it uses). The ids the new backend assigns (ReqIDs, \
            user ids, tokens, objectIds) are learnt from its answers and events and put in place \
            of the recorded ones in later steps. The verdict is the checker's rules on the new \
            traffic, then one failed case (REPLAY) per recorded line the backend answered or \
            emitted otherwise, leaving out timestamps, assigned ids and each --volatile member. \
            An event the replay never gets is reported once the event recorded after it on the \
            same connection came (or after --step-timeout) and a fence found nothing more. --out \
            writes the new traffic as a trace and --har its REST exchanges as HAR 1.2, their \
            secrets redacted as jobwire record redacts them unless --no-redact. The apps connect \
            over WebSocket; --transport polling keeps them on Engine.IO long-polling, --transport \
            upgrade starts on polling and upgrades, as the recorded apps may have (the capture \
            does not say).

            Without --against, the capture is played against the embedded reference backend on \
            a free loopback port; --mutant switches it into one of its deliberate faults, to see \
            what a failing replay reports.

            Examples:
              jobwire replay session.jsonl --against http://127.0.0.1:3000
              jobwire replay session.jsonl --mutant bansAsNull
              jobwire replay session.jsonl --transport polling
              jobwire replay session.jsonl --against http://staging:8080 --fast --volatile category --junit replay.xml --har replay.har

            Exit status: 0 the new traffic conforms and matches the recording; 1 a requirement \
            failed or a line differs (or a known-failures entry is stale); 2 unusable input: a \
            bad capture or option, or a backend that cannot be reached.
            """
    )

    @Argument(help: ArgumentHelp("The capture to replay (Docs/TRACE.md format, as jobwire record writes it).", valueName: "capture"))
    var capture: String

    @Option(help: ArgumentHelp("The backend to play against; the embedded reference backend when left out.", valueName: "url"))
    var against: String?

    @OptionGroup var mutants: MutantOptions

    @Flag(help: "Do not keep the recorded pace: play each step as soon as the events it depends on came.")
    var fast = false

    @Option(name: .customLong("volatile"), help: ArgumentHelp(VolatileOptionHelp.text, valueName: "path"))
    var volatile: [String] = []

    @Option(help: ArgumentHelp("The Engine.IO transport the apps connect over: websocket, polling (long-polling only) or upgrade (polling, then the WebSocket upgrade).", valueName: "websocket|polling|upgrade"))
    var transport = "websocket"

    @Option(name: .customLong("step-timeout"), help: ArgumentHelp("How long a step waits for a recorded event it depends on before it is reported missing.", valueName: "ms"))
    var stepTimeout: Int64 = 5_000

    @Option(name: .customLong("out"), help: ArgumentHelp("Write the new traffic as a trace (Docs/TRACE.md) to this file.", valueName: "file"))
    var out: String?

    @Option(help: ArgumentHelp("Also write the REST exchanges of the new traffic to this file as HAR 1.2 (for browser devtools, Charles, Proxyman), redacted like --out.", valueName: "file"))
    var har: String?

    @Flag(name: .customLong("no-redact"), help: "Keep the tokens and passwords of the new traffic in the --out trace and the HAR.")
    var noRedact = false

    @OptionGroup var report: ReportOptions

    func run() async throws {
        try await exitingOnUnusableInput {
            let (faults, taskFaults) = try mutants.faults()
            if against != nil, !mutants.mutant.isEmpty { throw CLIError("--mutant switches the embedded backend; it cannot be given with --against") }
            guard let transports = ReplayOptions.transports(named: transport) else { throw CLIError("--transport must be websocket, polling or upgrade, not \(transport)") }
            guard stepTimeout > 0 else { throw CLIError("--step-timeout must be a positive number of milliseconds") }
            let knownFailures = try report.loadKnownFailures()
            let script = try ReplayScript.load(path: capture)
            var embedded: EmbeddedBackend?
            let base: URL
            if let against {
                guard let url = URL(string: against), url.scheme == "http", url.host != nil else {
                    throw CLIError("--against must be an http:// URL such as http://127.0.0.1:3000, not \(against)")
                }
                base = url
            } else {
                let backend = try await EmbeddedBackend.start(profile: script.header.profile, faults: faults, taskFaults: taskFaults, timeoutMs: script.header.timeoutMs)
                embedded = backend
                base = backend.url
            }
            var options = ReplayOptions(against: base)
            options.fast = fast
            options.transports = transports
            options.stepTimeoutMs = stepTimeout
            options.volatile = VolatileOptionHelp.members(volatile)
            options.capturePath = out
            options.redaction = SecretRedaction(enabled: !noRedact)
            options.harPath = har
            let run: ReplayRun
            do {
                run = try await Replayer.run(script, options)
            } catch let error as VerifyUnreachable {
                await embedded?.shutdown()
                throw CLIError(error.description)
            }
            await embedded?.shutdown()
            let target = embedded == nil ? base.absoluteString : "the embedded reference backend" + (mutants.mutant.isEmpty ? "" : " (mutant \(mutants.mutant.joined(separator: ", ")))")
            BrokerCommand.say("jobwire replay: \(script.steps.count) steps of \(capture) against \(target): \(run.verdict.eventCount) events, \(run.differences.count) \(run.differences.count == 1 ? "difference" : "differences")")
            let result = RunReport(title: "replay", testee: target, results: run.caseResults()).applying(knownFailures)
            let catalog = try? RequirementCatalog.load(fromVectors: VectorLocator.directory())
            return try report.emit(result, catalog: catalog, listSkipped: false) {
                let timeline = try TimelineBuilder.timeline(text: run.captureText, file: run.verdict.file, verdict: run.verdict, catalog: catalog)
                return [HTMLReportSection(title: "replay of \(capture)", caseIDs: result.results.map(\.id), timeline: timeline)]
            }
        }
    }
}
