import Foundation
import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The fault steps in virtual time: what the app under test gets, what the capture holds, and
/// how long a drop lasts however early the app asks to connect.
struct ScenarioFaultsTests {
    typealias Line = ScenarioEngineTests.Line

    /// The inputs the app under test gets, with their times (ms from the start), played by `App`.
    static func inputs<App: AppModel>(_ scenario: Scenario, as _: App.Type) -> [(at: Int64, input: AppInput)] {
        var engine = ScenarioEngine(scenario: scenario, start: 0)
        var app = App(config: scenario.app.config(scenario: scenario), faults: [])
        var seen: [(Int64, AppInput)] = []
        var pending = engine.begin()
        pending += engine.appDid(app.launch(now: 0), at: 0)
        while true {
            while !pending.isEmpty {
                guard case .toApp(let input) = pending.removeFirst() else { continue }
                seen.append((engine.now, input))
                pending += engine.appDid(app.handle(input, now: engine.now), at: engine.now)
            }
            guard let wake = engine.nextWake else { break }
            pending = engine.advance(to: wake)
        }
        return seen
    }

    static func lines(_ name: String) async -> [Line] { await ScenarioEngineTests.lines(ScenarioFixtures.scenario(name)) }

    static func ms(_ line: Line) -> Int64 { line.ts - ScenarioRunner.virtualStart }

    @Test func refusedReconnectsLastUntilTheRefusalIsOver() {
        let inputs = Self.inputs(ScenarioFixtures.scenario("worker-reconnect-refused"), as: ReferenceWorkerApp.self)
        let connection = inputs.filter {
            switch $0.input {
            case .connection, .connectionRefused: return true
            default: return false
            }
        }
        // Dropped at 50 for 600 ms; refused from 600 for 2400 ms; the app asks every second.
        #expect(connection.map(\.at) == [50, 1_050, 2_050, 3_050])
        #expect(connection.map(\.input) == [.connection(connected: false), .connectionRefused, .connectionRefused, .connection(connected: true)])
        #expect(!inputs.contains { $0.at > 50 && $0.at < 3_050 && $0.input.isSocketEvent }, "nothing reaches a disconnected app")
    }

    @Test func aDropLastsItsForHoweverEarlyTheAppAsks() {
        var engine = ScenarioEngine(scenario: ScenarioFixtures.scenario("worker-disconnect"), start: 0)
        _ = engine.begin()
        #expect(engine.advance(to: 50).contains { if case .toApp(.connection(connected: false)) = $0 { true } else { false } })
        let early = engine.appDid([.connect], at: 100)
        #expect(early.contains { if case .toApp(.connectionRefused) = $0 { true } else { false } }, "the drop lasts 1500 ms")
        let late = engine.appDid([.connect], at: 1_550)
        #expect(late.contains { if case .toApp(.connection(connected: true)) = $0 { true } else { false } })
        // An app that asked manages its own connection: the kit does not reconnect it again.
        let again = engine.appDid([.connect], at: 1_600)
        #expect(!again.contains { if case .toApp = $0 { true } else { false } }, "a connected app asking again is told nothing")
    }

    @Test func aLostAnswerRunsTheCallButTheAppGetsAReset() async throws {
        let lines = await Self.lines("worker-accept-answer-lost")
        let call = try #require(lines.first { $0.actor.id == "w-1" && $0.kind == .httpRequest && $0.fields["path"]?.stringValue?.hasSuffix("/accept") == true })
        let ran = try #require(lines.first { $0.actor == .backend && $0.kind == .httpResponse && $0.fields["xid"] == call.fields["xid"] })
        #expect(ran.fields["status"] == 200 && ran.fields["body"]?["ok"] == true)
        let reset = try #require(lines.first { $0.actor.id == "w-1" && $0.kind == .httpResponse && $0.fields["xid"] == call.fields["xid"] })
        #expect(reset.fields["error"] == "reset" && reset.fields["status"] == nil)
        #expect(lines.contains { $0.actor.id == "c-1" && $0.kind == .socketIn && $0.fields["event"] == "apply" }, "the backend ran the call")
        #expect(lines.contains { $0.actor.id == "w-1" && $0.kind == .alertShown && $0.fields["alert"] == "acceptFailure" && $0.ts == reset.ts })
    }

    @Test func aHungCallIsNeverAnsweredAndTheAppGivesUpOnItsOwnTimer() async throws {
        let lines = await Self.lines("worker-accept-hang")
        let call = try #require(lines.first { $0.actor.id == "w-1" && $0.kind == .httpRequest && $0.fields["path"]?.stringValue?.hasSuffix("/accept") == true })
        #expect(!lines.contains { $0.actor == .backend && $0.kind == .httpRequest && $0.fields["xid"] == call.fields["xid"] }, "it never reached the backend")
        let gaveUp = try #require(lines.first { $0.actor.id == "w-1" && $0.kind == .httpResponse && $0.fields["xid"] == call.fields["xid"] })
        #expect(gaveUp.fields["error"] == "timeout")
        #expect(gaveUp.ts - call.ts == DeviceLink.restTimeoutMs)
    }

    @Test func aMalformedAnswerReachesTheAppAsAnUnreadableBody() async throws {
        let lines = await Self.lines("worker-accept-malformed")
        let call = try #require(lines.first { $0.actor.id == "w-1" && $0.kind == .httpRequest && $0.fields["path"]?.stringValue?.hasSuffix("/accept") == true })
        let answer = try #require(lines.first { $0.actor.id == "w-1" && $0.kind == .httpResponse && $0.fields["xid"] == call.fields["xid"] })
        #expect(answer.fields["error"] == "malformed" && answer.ts == call.ts)
    }

    @Test func aDuplicatedEventArrivesTwiceAndIsShownOnce() async {
        let lines = await Self.lines("worker-new-duplicated")
        #expect(lines.filter { $0.actor.id == "w-1" && $0.kind == .socketIn && $0.fields["event"] == "new" }.count == 2)
        #expect(lines.filter { $0.actor.id == "w-1" && $0.kind == .offerShown }.count == 1)
    }

    @Test func aKilledAppHearsNothingUntilItIsRelaunched() async throws {
        let lines = await Self.lines("worker-killed-relaunched")
        let killed = try #require(lines.first { $0.actor.id == "w-1" && $0.kind == .appTerminated })
        let relaunched = try #require(lines.first { $0.actor.id == "w-1" && $0.kind == .appLaunched && $0.ts > killed.ts })
        #expect(Self.ms(killed) == 50 && Self.ms(relaunched) == 1_500)
        #expect(!lines.contains { $0.actor.id == "w-1" && $0.ts > killed.ts && $0.ts < relaunched.ts })
        #expect(lines.contains { $0.actor.id == "w-1" && $0.kind == .offerReceived && $0.fields["via"] == "getJobs" })
    }

    @Test func theAdapterProtocolCarriesTheNewInputsAndActions() throws {
        #expect(AppInput(json: ["kind": "connection", "connected": false, "error": "refused"]) == .connectionRefused)
        #expect(AppInput.connectionRefused.json == ["kind": "connection", "connected": false, "error": "refused"])
        #expect(AppInput(json: ["kind": "lifecycle", "change": "kill"]) == .lifecycle(.kill))
        #expect(try AppAction(json: ["do": "connect"]) == .connect)
        let call = try AppAction(json: ["do": "http", "xid": "w-1-1", "method": "GET", "path": "/api/jobs", "timeoutMs": 10_000])
        #expect(call == .http(xid: "w-1-1", method: "GET", path: "/api/jobs", body: nil, timeoutMs: 10_000))
        #expect(throws: AppProtocolError("timeoutMs: expected a positive whole number of ms, found 0")) {
            try AppAction(json: ["do": "http", "xid": "w-1-1", "method": "GET", "path": "/api/jobs", "timeoutMs": 0])
        }
    }
}
