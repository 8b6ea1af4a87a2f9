import Foundation
import JobWire
import SocketIOWire
import Testing

/// `jobwire broker --replay` as a child process serving a capture of `jobwire record` to the
/// python-socketio apps of Interop/record_apps.py, which report what they show (`--report`): the
/// apps, run again (over long-polling or WebSocket), are answered as recorded (the `new`, `apply`
/// and `close` they wait for come at the recorded points, the `new` to the channel, the times
/// moved to the session's clock) and the checker finds them conformant; a client that connects
/// late breaks STATE-8 with traffic the recording matches; an app whose post the recording never
/// saw gets a 500 naming the call and the nearest recorded one with its line, and the session
/// fails with the match's own cases; a client that reports its view seconds after its last call
/// has it judged, since the session waits for each app's recorded disconnect, not a fixed time.
@Suite(.serialized, .timeLimit(.minutes(30)))
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
        #expect(await recorder.finish(within: .hangGuard) == 0, "jobwire record:\n\(recorder.text)")
        return capture
    }

    /// Runs the apps against `url` over `transport` to their end, reporting what they show,
    /// with `flags` more; their exit status and output.
    static func apps(against url: URL, transport: String = "websocket", _ flags: [String] = []) async throws -> (Int32?, String) {
        let arguments = [RecordProcessTests.apps, url.absoluteString, "--transport", transport, "--password", RecordProcessTests.password, "--report"] + flags
        let apps = try ChildProgram(try BrokerProcessTests.python(), arguments)
        defer { apps.stop() }
        return (await apps.finish(within: .hangGuard), apps.text)
    }

    /// Records a session and serves it with `broker --replay` to the apps run again with `flags`,
    /// which must end well; the broker's exit status and output, and the served capture's path.
    ///
    /// `text` is all the broker printed, both streams together; `report` its standard output
    /// alone. Assertions on the printed report read `report`: `text` joins two pipes as two
    /// reading threads get to them, which on a busy machine can put a line of standard error
    /// between two pieces of one report line.
    static func serveAgain(_ flags: [String]) async throws -> (status: Int32?, text: String, report: String, served: String) {
        let capture = try await recordSession()
        let served = capture + ".served.jsonl"
        let (broker, url) = try await BrokerProcessTests.broker(["--replay", capture, "--volatile", "email", "--capture", served])
        defer { broker.stop() }
        let (status, output) = try await apps(against: url, flags)
        #expect(status == 0, "the apps against broker --replay:\n\(output)\n\(broker.text)")
        let exit = await broker.finish(within: .hangGuard)
        return (exit, broker.text, broker.stdout, served)
    }

    @Test(arguments: ["polling", "websocket"])
    func theAppsRunAgainAreAnsweredAsRecordedAndJudgedConformant(transport: String) async throws {
        let capture = try await Self.recordSession(transport: transport)
        let served = capture + ".served.jsonl"
        let page = capture + ".served.html"
        let (broker, url) = try await BrokerProcessTests.broker(["--replay", capture, "--volatile", "email", "--capture", served, "--html", page])
        defer { broker.stop() }
        let started = Int64(Date().timeIntervalSince1970 * 1000)
        let (status, output) = try await Self.apps(against: url, transport: transport)
        #expect(status == 0, "the apps against broker --replay:\n\(output)\n\(broker.text)")
        #expect(output.contains("token: redacted-"), "the sign-up is answered with the recorded (redacted) token")
        #expect(await broker.finish(within: .hangGuard) == 0, "\(broker.text)")
        #expect(broker.text.contains("10 of 10 recorded steps matched, 0 unmatched; passed"), "\(broker.text)")
        #expect(broker.text.contains("the apps conform"), "\(broker.text)")
        #expect(broker.stdout.range(of: #"[0-9]+ passed, 0 failed"#, options: .regularExpression) != nil, "\(broker.text)")
        // The served session judges the apps, and `jobwire check` finds it as the broker did.
        let (checked, failed, report) = try await BrokerProcessTests.check(served)
        #expect(checked == 0 && failed.isEmpty, "\(report)")
        let lines = try String(contentsOfFile: served, encoding: .utf8).split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(lines[0]["subject"] == ["client", "worker"] && lines[0]["roles"]?.arrayValue?.count == 3)
        // The recorded answer to the post, then the recorded `new`, sent to the channel as its post named no worker (MSG-3).
        let request = try #require(lines.first { $0["path"] == "/api/requests" && $0["kind"] == "http.request" && $0["actor"] == "backend" })
        let post = try #require(lines.firstIndex { $0["xid"] == request["xid"] && $0["kind"] == "http.response" })
        #expect(lines[post]["body"]?["ReqID"] == "R-1")
        let new = try #require(lines[(post + 1)...].first { $0["kind"] == "io.out" })
        #expect(new["event"] == "new" && new["to"] == "workers")
        #expect(lines.contains { $0["actor"] == "worker" && $0["kind"] == "io.in" && $0["event"] == "new" })
        // Recorded times come moved to the session's clock: createdAt now, a token living a day from now (TASK-4).
        let createdAt = try #require(lines[post]["body"]?["createdAt"]?.stringValue.flatMap(ISO8601Time.milliseconds))
        #expect(createdAt >= started && createdAt <= Int64(Date().timeIntervalSince1970 * 1000), "createdAt \(createdAt), session from \(started)")
        let signUp = try #require(lines.first { $0["kind"] == "http.response" && $0["body"]?["expiresAt"] != nil })
        let expiresAt = try #require(signUp["body"]?["expiresAt"]?.stringValue.flatMap(ISO8601Time.milliseconds))
        #expect(expiresAt >= (signUp["ts"]?.integerValue ?? .max) + 86_400_000 - 250)
        #expect(lines.contains { $0["path"] == "/api/users/me" && $0["bearer"] == "redacted-2" })
        // --html draws the served session, passing, with no violation pinned.
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("jw-pass") && !html.contains("\"requirement\":\""), "a clean served session has no violation on its page")
    }

    @Test func aClientThatConnectsLateMatchesTheRecordingButBreaksSTATE8() async throws {
        let (status, text, printed, served) = try await Self.serveAgain(["--client-connects-late"])
        #expect(status == 1, "\(text)")
        #expect(text.contains("10 of 10 recorded steps matched, 0 unmatched; passed"), "\(text)")
        #expect(text.contains("the apps violate STATE-8;"), "\(text)")
        #expect(printed.contains("FAIL   \(served):STATE-8"), "\(text)")
        let (checked, failed, report) = try await BrokerProcessTests.check(served)
        #expect(checked == 1 && failed == ["STATE-8"], "\(report)")
    }

    @Test func aViewReportedLongAfterTheLastCallIsStillJudged() async throws {
        // The client reports its home view (shown when the `close` came) 3 s after its last call:
        // past the 2 s a served session used to wait after the last step, before it disconnects.
        let (status, text, _, served) = try await Self.serveAgain(["--late-report"])
        #expect(status == 0, "\(text)")
        #expect(text.contains("10 of 10 recorded steps matched, 0 unmatched; passed"), "\(text)")
        #expect(text.contains("the apps conform"), "\(text)")
        let lines = try String(contentsOfFile: served, encoding: .utf8).split(separator: "\n").map { try JSONParser.parse(String($0)) }
        func ts(_ index: Int) -> Int64 { lines[index]["ts"]?.integerValue ?? 0 }
        let close = try #require(lines.firstIndex { $0["actor"] == "client" && $0["kind"] == "io.in" && $0["event"] == "close" })
        let home = try #require(lines.firstIndex { $0["actor"] == "client" && $0["kind"] == "view.shown" && $0["view"] == "home" }, "the client's late home view is in the capture")
        let lastCall = try #require(lines.lastIndex { $0["actor"] == "client" && $0["kind"] == "http.response" })
        let gone = try #require(lines.lastIndex { $0["actor"] == "client" && $0["kind"] == "io.disconnected" })
        #expect(ts(home) >= ts(close) && ts(home) < ts(lastCall), "stamped when shown, before the client's last call")
        #expect(home < gone && ts(gone) - ts(lastCall) >= 3_000, "reported before the client's disconnect, 3 s after its last call")
        let (checked, failed, report) = try await BrokerProcessTests.check(served)
        #expect(checked == 0 && failed.isEmpty, "\(report)")
    }

    @Test func anUnrecordedCallGetsAClearErrorAndTheSessionFails() async throws {
        let capture = try await Self.recordSession()
        // The recording saw another post: the apps' post is one it never saw.
        let text = try String(contentsOfFile: capture, encoding: .utf8).replacingOccurrences(of: "Leaking kitchen tap", with: "Broken boiler")
        try text.write(toFile: capture, atomically: true, encoding: .utf8)
        let served = capture + ".served.jsonl"
        // Both streams in one pipe, as `2>&1` makes them, so the log is in the order of the writes.
        let (broker, url) = try await BrokerProcessTests.broker(["--replay", capture, "--volatile", "email", "--capture", served], oneStream: true)
        defer { broker.stop() }
        let (status, output) = try await Self.apps(against: url)
        #expect(status != 0)
        #expect(output.contains("server_error"))
        kill(broker.pid, SIGINT)
        #expect(await broker.finish(within: .hangGuard) == 1, "\(broker.text)")
        let log = broker.text
        #expect(log.contains(#"unmatched: POST /api/requests with {"clientId":"c-1","CatID":9,"category":"Plumbing","description":"Leaking kitchen tap""#), "\(log)")
        #expect(log.range(of: #"nearest recorded: line [0-9]+, client c-1 POST /api/requests with \{[^\n]*"description":"Broken boiler""#, options: .regularExpression) != nil, "\(log)")
        #expect(log.contains("never done: line"))
        #expect(log.contains("FAILED"))
        // The match's failures are cases of the report too, under REPLAY, beside the checker's.
        #expect(log.contains("FAIL   \(capture):unmatched-1"), "\(log)")
        #expect(log.range(of: "FAIL   \(capture):line-[0-9]+", options: .regularExpression) != nil, "\(log)")
        #expect(log.range(of: #"REPLAY +0 passed, [0-9]+ failed"#, options: .regularExpression) != nil, "\(log)")
        // The report comes whole, its totals last, and then the broker's last line: `print` buffers
        // a pipe in 4 KB pieces, and unflushed the report's tail came after that line.
        #expect(log.range(of: #"\n[0-9]+ passed, [0-9]+ failed[^\n]*\njobwire broker: the apps [^\n]*judges the capture again\n$"#, options: .regularExpression) != nil, "\(log)")
    }
}
