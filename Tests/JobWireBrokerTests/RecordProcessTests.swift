import Foundation
import JobWire
import Logging
import SocketIOWire
import Testing
@testable import JobWireBroker

/// `jobwire record` as a child process between python-socketio apps (Interop/record_apps.py: a
/// client and a worker running a request's happy path, then a sign-up and a call bearing its
/// token) and `jobwire broker`'s reference backend, over long-polling, the WebSocket upgrade and
/// WebSocket alone: the flow works end to end through the proxy, the capture checks clean, its
/// secrets are stand-ins unless --no-redact, a recorder killed with SIGKILL leaves a capture of
/// whole lines, and a recorder whose upstream goes away stops by itself with its verdict.
/// Every process is real and every wait is bounded by the suite's time limit; the tests run one
/// at a time, so a loaded machine runs one set of apps, backend and recorder at once.
@Suite(.serialized, .timeLimit(.minutes(30)))
struct RecordProcessTests {
    static let apps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Interop/record_apps.py").path
    static let password = "correct-horse-battery-7"

    /// Starts `jobwire record --upstream URL --listen 127.0.0.1:0 --out OUT ARGS` and waits for the address it prints.
    static func recorder(upstream: URL, out: String, _ arguments: [String] = []) async throws -> (ChildProgram, URL) {
        let child = try ChildProgram(BrokerProcessTests.jobwire, ["record", "--upstream", upstream.absoluteString, "--listen", "127.0.0.1:0", "--out", out] + arguments)
        let pattern = #"listening on http://127\.0\.0\.1:[0-9]+"#
        if try await eventually({ child.text.range(of: pattern, options: .regularExpression) != nil }),
            let range = child.text.range(of: pattern, options: .regularExpression)
        {
            return (child, URL(string: String(child.text[range].dropFirst("listening on ".count)))!)
        }
        child.stop()
        throw LiveScenario.Timeout(description: "jobwire record printed no address: \(child.text)")
    }

    /// Runs the apps through `proxy` to the end; returns the token the sign-up issued.
    static func runApps(through proxy: URL, transport: String) async throws -> String {
        let apps = try ChildProgram(try BrokerProcessTests.python(), [Self.apps, proxy.absoluteString, "--transport", transport, "--password", password])
        defer { apps.stop() }
        let status = await apps.finish(within: .hangGuard)
        #expect(status == 0, "the apps through jobwire record:\n\(apps.text)")
        return try token(in: apps)
    }

    /// Waits until the capture holds `text`.
    static func waitFor(_ text: String, in capture: String) async throws {
        if try await eventually({ ((try? String(contentsOfFile: capture, encoding: .utf8)) ?? "").contains(text) }) { return }
        throw LiveScenario.Timeout(description: "the capture never held \(text)")
    }

    static func token(in apps: ChildProgram) throws -> String {
        guard let line = apps.stdout.split(separator: "\n").first(where: { $0.hasPrefix("token: ") }) else {
            throw LiveScenario.Timeout(description: "the apps printed no token:\n\(apps.text)")
        }
        return String(line.dropFirst("token: ".count))
    }

    @Test(arguments: ["polling", "upgrade", "websocket"])
    func pythonSocketIOAppsThroughRecordGiveACaptureThatChecksCleanWithItsSecretsRedacted(transport: String) async throws {
        let capture = BrokerProcessTests.scratch().appendingPathComponent("\(transport).jsonl").path
        let har = capture + ".har"
        let (broker, backend) = try await BrokerProcessTests.broker([])
        defer { broker.stop() }
        let (recorder, proxy) = try await Self.recorder(upstream: backend, out: capture, ["--check", "--har", har])
        defer { recorder.stop() }
        let token = try await Self.runApps(through: proxy, transport: transport)
        // The apps' last packets may still be on their way through the proxy when they exit.
        try await Self.waitFor(#""actor":"client","id":"c-1","kind":"io.disconnected""#, in: capture)
        kill(recorder.pid, SIGINT)
        #expect(await recorder.finish(within: .hangGuard) == 0, "jobwire record --check:\n\(recorder.text)")
        #expect(recorder.text.contains("stopped by signal"))

        let verdict = try TraceChecker.check(path: capture)
        #expect(verdict.failedIDs.isEmpty, "\(verdict.failedIDs)")
        let text = try String(contentsOfFile: capture, encoding: .utf8)
        for line in [
            #""actor":"worker","id":"w-1","kind":"io.connected","auth":{"userId":"w-1","role":"worker"}"#,
            #""actor":"worker","id":"w-1","kind":"io.in","event":"new","payload":{"ReqID":"#,
            #""actor":"worker","id":"w-1","kind":"http.request","#,
            #""method":"POST","path":"/api/requests/"#,
            #""actor":"client","id":"c-1","kind":"io.in","event":"apply""#,
            #""actor":"client","id":"c-1","kind":"io.in","event":"close""#,
            #""actor":"client","id":"c-1","kind":"io.disconnected","reason":"client""#,
        ] {
            #expect(text.contains(line), "the capture lacks \(line):\n\(text)")
        }
        #expect(text.contains(#""password":"redacted-"#) && text.contains(#""bearer":"redacted-"#))
        #expect(!text.contains(Self.password) && !text.contains(token) && !text.contains("Bearer"), "a secret in the capture:\n\(text)")

        // The HAR: the six REST exchanges (fixture, post, accept, close, sign-up, me), redacted alike.
        let archive = try String(contentsOfFile: har, encoding: .utf8)
        let entries = try JSONParser.parse(archive)["log"]?["entries"]?.arrayValue ?? []
        #expect(entries.map { $0["request"]?["method"]?.stringValue ?? "?" } == ["PUT", "POST", "POST", "POST", "POST", "GET"])
        #expect(entries.first?["request"]?["url"]?.stringValue?.hasPrefix(backend.absoluteString) == true)
        #expect(archive.contains("Bearer redacted-") && !archive.contains(Self.password) && !archive.contains(token), "a secret in the HAR:\n\(archive)")
    }

    @Test func withNoRedactTheSecretsStayAndARecorderWhoseUpstreamIsGoneStopsWithItsVerdict() async throws {
        let capture = BrokerProcessTests.scratch().appendingPathComponent("kept.jsonl").path
        let (broker, backend) = try await BrokerProcessTests.broker([])
        defer { broker.stop() }
        let (recorder, proxy) = try await Self.recorder(upstream: backend, out: capture, ["--no-redact", "--check"])
        defer { recorder.stop() }
        let token = try await Self.runApps(through: proxy, transport: "polling")
        let text = try String(contentsOfFile: capture, encoding: .utf8)
        #expect(text.contains(#""password":"\#(Self.password)""#) && text.contains(#""bearer":"\#(token)""#), "\(text)")
        #expect(text.contains(#""token":"\#(token)""#))

        kill(broker.pid, SIGINT)
        #expect(await broker.finish(within: .hangGuard) == 0)
        #expect(await recorder.finish(within: .hangGuard) == 0, "jobwire record:\n\(recorder.text)")
        #expect(recorder.text.contains("the upstream is gone"))
        // The report is read from standard output alone (see ServeRecordedProcessTests.serveAgain).
        #expect(recorder.stdout.contains("0 failed"), "the verdict is printed:\n\(recorder.text)")
        #expect(try String(contentsOfFile: capture, encoding: .utf8).hasSuffix(#""kind":"trace.end"}"# + "\n"))
    }

    @Test func aRecorderKilledWithSIGKILLMidSessionLeavesACaptureOfWholeLines() async throws {
        let capture = BrokerProcessTests.scratch().appendingPathComponent("killed.jsonl").path
        let (broker, backend) = try await BrokerProcessTests.broker([])
        defer { broker.stop() }
        let har = capture + ".har"
        let (recorder, proxy) = try await Self.recorder(upstream: backend, out: capture, ["--har", har])
        defer { recorder.stop() }
        // --hold: the apps stay connected after the flow, so the kill lands mid-session.
        let apps = try ChildProgram(try BrokerProcessTests.python(), [Self.apps, proxy.absoluteString, "--transport", "websocket", "--hold"])
        defer { apps.stop() }
        _ = try await eventually { apps.stdout.contains("done\n") }
        #expect(apps.stdout.contains("done\n"), "the apps:\n\(apps.text)")
        kill(recorder.pid, SIGKILL)
        _ = await recorder.finish(within: .hangGuard)

        let text = try String(contentsOfFile: capture, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "the last line is whole")
        #expect(!text.contains("trace.end"), "killed before the end")
        #expect(text.contains(#""event":"close""#), "the flow was recorded before the kill")
        let verdict = try TraceChecker.check(path: capture)
        #expect(verdict.eventCount == text.split(separator: "\n").count - 1)
        #expect(verdict.failedIDs.isEmpty, "\(verdict.failedIDs)")
        // The HAR is whole too, with every REST exchange answered before the kill.
        let archive = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: har))))
        let calls = archive["log"]?["entries"]?.arrayValue?.compactMap { $0["request"]?["url"]?.stringValue.flatMap { URL(string: $0)?.path } }
        #expect(calls == ["/api/workers/w-1", "/api/requests", "/api/requests/R-1/accept", "/api/requests/R-1/close", "/api/auth/signup", "/api/users/me"], "\(archive)")
    }

    /// The recorder in this process between the apps and the embedded backend in this process,
    /// clean and with a fault that leaves the happy path working (`bansAsNull`, MSG-5): the
    /// capture carries enough of the backend's answers and emissions to convict it, of that alone.
    @Test(arguments: [("", [String]()), ("bansAsNull", ["MSG-5"])])
    func aCaptureOfTheEmbeddedBackendConvictsAFaultyOneOfExactlyItsFault(fault: String, expected: [String]) async throws {
        let faults = BackendFaults.named.first { $0.name == fault }?.fault ?? []
        let server = ReferenceBackendServer(backend: JobDispatchBackend(faults: faults), logger: Logger(label: "record-test"))
        let address = try await server.start()
        let upstream = URL(string: "http://127.0.0.1:\(address.port!)")!
        let recorder = TrafficRecorder(capture: try CaptureRecorder(header: .recording(of: upstream.absoluteString), path: nil))
        let proxy = try await recorder.start(upstream: upstream)
        _ = try await Self.runApps(through: URL(string: "http://127.0.0.1:\(proxy.port!)")!, transport: "polling")
        let verdict = try await recorder.stop()
        await server.shutdown()
        #expect(verdict.failedIDs.map(\.rawValue) == expected)
        #expect(verdict.eventCount > 20)
    }
}
