import ArgumentParser
import Foundation
import JobWire
import JobWireBroker
import NIOCore

/// `jobwire record`: a recording proxy between real apps and their backend (Docs/RECORD.md).
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Forward real apps' traffic to their backend and record it as a capture jobwire check can judge.",
        discussion: """
            Point your apps at the address record listens on instead of at the backend. Every \
            REST call and every Socket.IO connection (long-polling and WebSocket, the upgrade \
            included) is forwarded unchanged to --upstream, and written to --out in the trace \
            format of Docs/TRACE.md: one actor per app connection, named by its handshake auth \
            {"userId", "role"}, with what it sent (io.out, http.request) and received (io.in, \
            http.response). Each line is written whole as it happens, so a killed recorder \
            leaves a capture jobwire check reads to its last line. Tokens, passwords, the \
            Authorization header and cookies are replaced with stand-ins (redacted-1 ...), the \
            same secret with the same stand-in, unless --no-redact.

            Examples:
              jobwire broker --port 3000 &
              jobwire record --upstream http://127.0.0.1:3000 --out session.jsonl
              (point the apps at http://127.0.0.1:3001, the default --listen; then Ctrl-C)
              jobwire check session.jsonl
              jobwire record --upstream http://staging:8080 --listen 127.0.0.1:0 \\
                --out s.jsonl --check --redact-json address --har s.har

            It stops on Ctrl-C (SIGINT), SIGTERM, or when the upstream stops accepting connections.

            Exit status: 0 stopped (with --check: and the capture conforms); 1 with --check, a \
            violation; 2 a bad option or an address in use.
            """
    )

    @Option(help: ArgumentHelp("The backend to forward to.", valueName: "url"))
    var upstream: String

    @Option(help: ArgumentHelp("The address to listen on; loopback by default, port 0 picks a free port.", valueName: "host:port"))
    var listen = "127.0.0.1:3001"

    @Option(help: ArgumentHelp("The capture file to write (created or truncated).", valueName: "file"))
    var out: String

    @Flag(help: "Print the checker's verdict on the capture when the recorder stops.")
    var check = false

    @Flag(name: .customLong("no-redact"), help: "Keep tokens, passwords and the bearer token in the capture.")
    var noRedact = false

    @Option(name: .customLong("redact-json"), help: ArgumentHelp("Also redact this JSON member of every body and payload, e.g. address or profile.phone (repeatable).", valueName: "path"))
    var redactJSON: [String] = []

    @Option(help: ArgumentHelp("Also write the REST exchanges to this file as HAR 1.2 (for browser devtools, Charles, Proxyman) as each call is answered, whole even if the recorder is killed; redacted like the capture.", valueName: "file"))
    var har: String?

    @Option(help: ArgumentHelp("A JSON profile of event names, namespace, rooms and paths, as for jobwire verify: the capture's header carries them, and REST calls are told apart by them.", valueName: "file"))
    var profile: String?

    @Option(name: .customLong("engine-path"), help: ArgumentHelp("Where the backend serves Engine.IO.", valueName: "path"))
    var enginePath = "/socket.io/"

    @OptionGroup var report: ReportOptions

    func run() async throws {
        try await exitingOnUnusableInput {
            guard let upstreamURL = URL(string: upstream), upstreamURL.scheme == "http", upstreamURL.host != nil else {
                throw CLIError("--upstream must be an http:// URL such as http://127.0.0.1:3000, not \(upstream)")
            }
            guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (0...65_535).contains(port) else {
                throw CLIError("--listen must be HOST:PORT such as 127.0.0.1:3001, not \(listen)")
            }
            let host = String(listen[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            let names = try profile.map { path throws(InputError) in try ProtocolProfile.load(path: path) } ?? .standard
            let capture = try CaptureRecorder(header: .recording(of: upstream, profile: names), path: out)
            let recorder = TrafficRecorder(capture: capture, redaction: SecretRedaction(enabled: !noRedact, paths: redactJSON.map { JSONFieldPath($0) }), enginePath: enginePath, harPath: har, log: BrokerCommand.say)
            let signals = SocketIOTesteeCommand.terminationSignals()
            let address: SocketAddress
            do {
                address = try await recorder.start(upstream: upstreamURL, host: host, port: port)
            } catch {
                throw CLIError("cannot listen on \(listen): \(error)")
            }
            let shownHost = address.protocol == .inet6 ? "[\(address.ipAddress ?? host)]" : (address.ipAddress ?? host)
            BrokerCommand.out("jobwire record: listening on http://\(shownHost):\(address.port ?? port), forwarding to \(upstream); capture: \(out); Ctrl-C stops")
            let reason = await Self.stopReason(signals: signals, recorder: recorder)
            let verdict = try await recorder.stop()
            BrokerCommand.say("jobwire record: \(reason); \(capture.lineCount) lines in \(out)" + (har.map { ", the REST exchanges in \($0)" } ?? ""))
            guard check else { return .success }
            let run = RunReport(title: "record", testee: upstream, results: verdict.caseResults()).applying(try report.loadKnownFailures())
            return try report.emit(run, catalog: try? RequirementCatalog.load(fromVectors: VectorLocator.directory()), listSkipped: false)
        }
    }

    /// Waits for SIGINT or SIGTERM, or for an upstream that answered once to stop answering twice in a row (probed each second).
    private static func stopReason(signals: AsyncStream<Int32>, recorder: TrafficRecorder) async -> String {
        await withTaskGroup(of: String.self) { group in
            group.addTask {
                for await signal in signals { return "stopped by signal \(signal)" }
                return "stopped"
            }
            group.addTask {
                var answered = false
                var misses = 0
                while !Task.isCancelled {
                    if await recorder.upstreamAnswers() {
                        answered = true
                        misses = 0
                    } else if answered {
                        misses += 1
                        if misses >= 2 { return "the upstream is gone" }
                    }
                    try? await Task.sleep(for: .seconds(1))
                }
                return "stopped"
            }
            let first = await group.next() ?? "stopped"
            group.cancelAll()
            return first
        }
    }
}
