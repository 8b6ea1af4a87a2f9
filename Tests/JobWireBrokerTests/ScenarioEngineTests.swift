import Foundation
import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The scenario engine alone: virtual time, scripted failures, lost and late messages, the end.
struct ScenarioEngineTests {
    /// One line of a capture: its event's envelope and the whole line's members.
    struct Line {
        var ts: Int64
        var actor: TraceActor
        var kind: TraceEventKind
        var fields: JSONObject
    }

    /// The lines an engine run records, with the app played by the reference model in process.
    static func lines(_ scenario: Scenario, faults: AppFaults = []) async -> [Line] {
        var lines: [Line] = []
        let result = await ScenarioRunner.run(scenario, testee: ReferenceAppTestee(faults: faults))
        for text in (result.capture ?? "").split(separator: "\n").dropFirst() {
            let json = try! JSONParser.parse(String(text))
            let event = try! TraceEvent(json: json, header: scenario.header, file: "t", line: 0)
            lines.append(Line(ts: event.ts, actor: event.actor, kind: event.kind, fields: json.objectValue!))
        }
        return lines
    }

    @Test func theSeedsTenMinuteTimeoutRunsInVirtualTime() async throws {
        let scenario = ScenarioFixtures.scenario("client-timeout")
        #expect(scenario.settings == ScenarioSettings(), "shipped scenarios keep PROTOCOL.md's timeout and tolerances")
        let result = await ScenarioRunner.run(scenario, testee: ReferenceAppTestee())
        #expect(result.conforms)
        let lines = await Self.lines(scenario)
        let cancel = try #require(lines.first { $0.kind == .httpRequest && $0.fields["path"]?.stringValue?.hasSuffix("/cancel") == true })
        #expect(cancel.ts - ScenarioRunner.virtualStart == 100 + 600_000)  // posted at 100 ms, cancelled 10 minutes later
        #expect(cancel.fields["body"]?["reason"] == "timeout")
    }

    @Test func aFailStepAnswersTheNextMatchingCallOnce() async throws {
        let lines = await Self.lines(ScenarioFixtures.scenario("client-failed-apply"))
        let answers = lines.filter { $0.actor == .backend && $0.kind == .httpResponse }.compactMap { $0.fields["status"]?.integerValue }
        #expect(answers.filter { $0 == 500 }.count == 1)
        let failure = try #require(lines.first { $0.actor == .backend && $0.fields["status"] == 500 })
        #expect(failure.fields["body"]?["error"]?["code"] == "server_error")
        #expect(failure.fields["body"]?["error"]?["message"]?.stringValue?.contains("client-failed-apply steps[0]") == true)
    }

    @Test func aDroppedApplyNeverReachesTheClientAndALateNewArrivesLate() async throws {
        let lost = await Self.lines(ScenarioFixtures.scenario("client-apply-lost"))
        #expect(lost.contains { $0.actor == .backend && $0.kind == .socketOut && $0.fields["event"] == "apply" })
        #expect(!lost.contains { $0.actor.role == .client && $0.kind == .socketIn && $0.fields["event"] == "apply" })
        let late = await Self.lines(ScenarioFixtures.scenario("worker-late-new"))
        let sent = try #require(late.first { $0.actor == .backend && $0.fields["event"] == "new" })
        let received = try #require(late.first { $0.actor.id == "w-1" && $0.kind == .socketIn && $0.fields["event"] == "new" })
        #expect(received.ts - sent.ts == 600)
    }

    @Test func aDisconnectedAppMissesTheBroadcastAndCatchesUpWithGetJobs() async throws {
        let lines = await Self.lines(ScenarioFixtures.scenario("worker-disconnect"))
        #expect(!lines.contains { $0.actor.id == "w-1" && $0.kind == .socketIn && $0.fields["event"] == "new" })
        let listed = try #require(lines.first { $0.actor.id == "w-1" && $0.kind == .offerReceived })
        #expect(listed.fields["via"] == "getJobs")
        #expect(lines.contains { $0.actor.id == "w-1" && $0.kind == .offerShown && $0.ts == listed.ts })
    }

    @Test func theScenarioEndsOnceItsLastObligationCanBeJudged() async throws {
        let scenario = ScenarioFixtures.scenario("client-timeout")
        let lines = await Self.lines(scenario, faults: .noTimeoutCancel)
        let end = try #require(lines.last)
        #expect(end.kind == .traceEnd)
        // Posted at 100: the cancel was due by 600100 + 2000; the checker judges it 250 ms after that.
        #expect(end.ts - ScenarioRunner.virtualStart >= 100 + 600_000 + 2_000 + 250)
        #expect(end.ts - ScenarioRunner.virtualStart <= 100 + 600_000 + scenario.settings.settleMs)
    }

    /// A reported event is read as `jobwire check` reads a line: an ill-typed field is refused by
    /// name and nothing is recorded, so the capture stays one the checker reads.
    @Test func aReportedEventTheCheckerWouldRefuseIsRefusedNotRecorded() {
        var engine = ScenarioEngine(scenario: ScenarioFixtures.scenario("client-happy"), start: 0)
        _ = engine.begin()
        let outputs = engine.appDid([.event(.viewShown, ["view": 7])], at: 10)
        let refused = outputs.compactMap { if case .refused(let text) = $0 { return text } else { return nil } }
        #expect(refused == ["the app reported a view.shown the capture cannot hold: view: expected a non-empty string, found a number (7)"])
        #expect(!outputs.contains { if case .record(let event) = $0 { return event.kind == .viewShown } else { return false } })
    }

    @Test func aStepWaitingForAMomentThatNeverComesFailsTheScenario() async {
        let result = await ScenarioFixtures.run("worker-ineligible", faults: [])
        #expect(result.stepFailures.isEmpty)
        var engine = ScenarioEngine(scenario: ScenarioFixtures.scenario("worker-happy"), start: 0)
        var outputs = engine.begin()
        // The app under test never answers: no offer is shown, so the accept never runs.
        while let wake = engine.nextWake { outputs += engine.advance(to: wake) }
        let failures = outputs.compactMap { if case .stepFailed(let failure) = $0 { return failure } else { return nil } }
        #expect(failures.map(\.description) == [
            "worker-happy steps[1] (accept) never ran: r1.shown@w-1 did not happen",
            "worker-happy steps[2] (close) never ran: r1.applied did not happen",
        ])
        #expect(failures.first?.caseID == "worker-happy:steps[1]")
    }

    /// The end is a moment the doc names: nothing pending (no timer of any app, no delivery,
    /// no step whose time is known) and every obligation judged; or the horizon, whichever first.
    @Test func theScenarioRunsUntilEveryTimerHasFiredOrItsHorizon() async throws {
        // The kit's client set its 10-minute timer when its post succeeded at 100 ms: the
        // scenario runs past it although the request was closed long before.
        let happy = await Self.lines(ScenarioFixtures.scenario("worker-happy"))
        let end = try #require(happy.last)
        #expect(end.kind == .traceEnd)
        #expect(end.ts - ScenarioRunner.virtualStart >= 100 + 600_000)
        var capped = ScenarioFixtures.scenario("worker-happy")
        capped.horizonMs = 5_000
        let cut = await Self.lines(capped)
        #expect(cut.last.map { $0.ts - ScenarioRunner.virtualStart } == 5_000)
        #expect(cut.contains { $0.kind == .alertShown && $0.actor.id == "w-1" }, "what happened before the horizon is judged")
    }
}

/// The capture recorder: one flushed line per event, refusals named, the checker's verdict.
struct CaptureRecorderTests {
    static let header = TraceHeader(roles: [.client, .backend])

    @Test func everyLineIsInTheFileAsSoonAsItIsRecorded() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("capture-\(UUID().uuidString).jsonl").path
        let recorder = try CaptureRecorder(header: Self.header, path: path)
        let client = TraceActor(.client, id: "c-1")
        try recorder.record(TraceEvent(ts: 1000, actor: client, body: .lifecycle(.launched, stored: StoredState())))
        var text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2 && text.hasSuffix("\n"))
        try recorder.record(TraceEvent(reported: ["view": "home"], kind: .viewShown, ts: 1001, actor: client, header: Self.header, file: "t", line: 3))
        text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\"view\":\"home\"}\n"))
        let verdict = recorder.finish(at: 2000)
        #expect(verdict.failedIDs.isEmpty)
        let replayed = try TraceChecker.check(path: path)
        #expect(replayed.eventCount == verdict.eventCount && verdict.eventCount == 3)
    }

    @Test func anEventTheCheckerWouldRefuseIsNotWritten() throws {
        let recorder = try CaptureRecorder(header: Self.header, path: nil, name: "capture.jsonl")
        #expect(throws: InputError(file: "capture.jsonl", line: 2, field: "path", message: "expected a path starting with /, found \"api/requests\"")) {
            try recorder.record(TraceEvent(ts: 1, actor: TraceActor(.client), body: .httpRequest(HTTPRequestRecord(xid: "x-1", method: "GET", path: "api/requests"))))
        }
        #expect(throws: InputError(file: "capture.jsonl", line: 2, field: "id", message: "is required for a worker: a trace may hold several workers")) {
            try recorder.record(TraceEvent(ts: 1, actor: TraceActor(.worker), body: .lifecycle(.launched, stored: StoredState())))
        }
        #expect(throws: InputError(file: "capture.jsonl", line: 2, field: "to", message: "is required when the backend sends: the room or socket id it sent to")) {
            try recorder.record(TraceEvent(ts: 1, actor: .backend, body: .socketOut(SocketMessage(event: "new", payload: [:]))))
        }
        #expect(recorder.lineCount == 1)
    }
}
