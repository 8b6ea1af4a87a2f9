import Foundation
import JobWire
import SocketIOWire
import Testing

/// `jobwire broker --replay` as a child process serving a capture of `jobwire record` to the
/// python-socketio apps of Interop/record_apps.py: the apps, run again (over long-polling or
/// WebSocket), are answered as recorded
/// (the `new`, `apply` and `close` they wait for come at the recorded points) and the session
/// passes; an app whose post the recording never saw gets a 500 naming the call and the nearest
/// recorded one with its line, and the session fails.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ServeRecordedProcessTests {
    /// Records the apps' session with the reference backend over `transport`; returns the capture's path.
    static func recordSession(transport: String = "websocket") async throws -> String {
        let capture = BrokerProcessTests.scratch().appendingPathComponent("session.jsonl").path
        let (broker, backend) = try await BrokerProcessTests.broker([])
        defer { broker.stop() }
        let (recorder, proxy) = try await RecordProcessTests.recorder(upstream: backend, out: capture)
        defer { recorder.stop() }
        _ = try await RecordProcessTests.runApps(through: proxy, transport: transport)
        try await RecordProcessTests.waitFor(#""actor":"client","id":"c-1","kind":"io.disconnected""#, in: capture)
        kill(recorder.pid, SIGINT)
        #expect(await recorder.finish(within: .seconds(20)) == 0, "jobwire record:\n\(recorder.text)")
        return capture
    }

    /// Runs the apps against `url` over `transport` to their end; their exit status and output.
    static func apps(against url: URL, transport: String = "websocket") async throws -> (Int32?, String) {
        let apps = try ChildProgram(try BrokerProcessTests.python(), [RecordProcessTests.apps, url.absoluteString, "--transport", transport, "--password", RecordProcessTests.password])
        defer { apps.stop() }
        return (await apps.finish(within: .seconds(60)), apps.text)
    }

    @Test(arguments: ["polling", "websocket"])
    func theAppsRunAgainAreAnsweredAsRecordedAndTheSessionPasses(transport: String) async throws {
        let capture = try await Self.recordSession(transport: transport)
        let served = capture + ".served.jsonl"
        let (broker, url) = try await BrokerProcessTests.broker(["--replay", capture, "--volatile", "email", "--capture", served])
        defer { broker.stop() }
        let (status, output) = try await Self.apps(against: url, transport: transport)
        #expect(status == 0, "the apps against broker --replay:\n\(output)\n\(broker.text)")
        #expect(output.contains("token: redacted-"), "the sign-up is answered with the recorded (redacted) token")
        #expect(await broker.finish(within: .seconds(20)) == 0, "\(broker.text)")
        #expect(broker.text.contains("8 of 8 recorded steps matched, 0 unmatched; passed"), "\(broker.text)")
        // The served session: the recorded answer to the post, then the recorded `new` to the worker.
        let lines = try String(contentsOfFile: served, encoding: .utf8).split(separator: "\n").map { try JSONParser.parse(String($0)) }
        let request = try #require(lines.first { $0["path"] == "/api/requests" && $0["kind"] == "http.request" })
        let post = try #require(lines.firstIndex { $0["xid"] == request["xid"] && $0["kind"] == "http.response" })
        #expect(lines[post]["body"]?["ReqID"] == "R-1")
        #expect(lines[(post + 1)...].first { $0["kind"] == "io.out" }?["event"] == "new")
        #expect(lines.contains { $0["path"] == "/api/users/me" && $0["bearer"] == "redacted-2" })
    }

    @Test func anUnrecordedCallGetsAClearErrorAndTheSessionFails() async throws {
        let capture = try await Self.recordSession()
        // The recording saw another post: the apps' post is one it never saw.
        let text = try String(contentsOfFile: capture, encoding: .utf8).replacingOccurrences(of: "Leaking kitchen tap", with: "Broken boiler")
        try text.write(toFile: capture, atomically: true, encoding: .utf8)
        let (broker, url) = try await BrokerProcessTests.broker(["--replay", capture, "--volatile", "email"])
        defer { broker.stop() }
        let (status, output) = try await Self.apps(against: url)
        #expect(status != 0)
        #expect(output.contains("server_error"))
        kill(broker.pid, SIGINT)
        #expect(await broker.finish(within: .seconds(20)) == 1, "\(broker.text)")
        let log = broker.text
        #expect(log.contains(#"unmatched: POST /api/requests with {"clientId":"c-1","CatID":9,"category":"Plumbing","description":"Leaking kitchen tap""#), "\(log)")
        #expect(log.range(of: #"nearest recorded: line [0-9]+, client c-1 POST /api/requests with \{[^\n]*"description":"Broken boiler""#, options: .regularExpression) != nil, "\(log)")
        #expect(log.contains("never done: line"))
        #expect(log.contains("FAILED"))
    }
}
