import Foundation
import JobWire
import Testing
import SocketIOWire
@testable import JobWireBroker

/// Every shipped scenario live, over real sockets on loopback, against the fake app; and the
/// wrong fake app caught with the requirement ids the wrong example adapters are caught with.
///
/// Each scenario waits for one of ``LiveScenario/lanes`` and is then failed only when its capture
/// stops growing for five minutes; the time limit only stops a hung test, so it leaves room for
/// the queue of some 120 scenarios on a busy machine (a loaded machine makes the run slower,
/// never wrong).
@Suite(.timeLimit(.minutes(30)))
struct BrokerSessionTests {
    @Test(arguments: ScenarioFixtures.liveNames)
    func theFakeAppPassesEveryScenarioOverRealSockets(_ name: String) async throws {
        let result = try await LiveScenario.run(name)
        let verdict = try #require(result.verdict)
        let failures = verdict.rules.filter(\.failed).map { "\($0.info.id): \($0.violations.first.map { "\($0.linesText): \($0.observed)" } ?? "")" }
        #expect(failures.isEmpty, "\(name): \(failures)\n\(result.capture ?? "")")
        #expect(result.notes.isEmpty, "\(result.notes)\n\(result.capture ?? "")")
        #expect(result.stepFailures.isEmpty, "\(result.stepFailures)\n\(result.capture ?? "")")
    }

    /// A scenario with a step the broker cannot perform over real sockets is refused by name.
    @Test func aScenarioWithAStepTheBrokerCannotPerformLiveIsRefused() throws {
        let refused = Set(ScenarioFixtures.names).subtracting(ScenarioFixtures.liveNames)
        #expect(refused == ["worker-killed-relaunched"])
        let why = try #require(BrokerSession.refusal(of: ScenarioFixtures.scenario("worker-killed-relaunched")))
        #expect(why.hasPrefix("scenario worker-killed-relaunched: steps[2] (relaunch) cannot run live: "), "\(why)")
    }

    /// The transport faults happen on the wire: the dropped app's reconnects are refused until
    /// the drop and the refusal are over, a duplicated event reaches the socket twice, a lost
    /// answer closes the HTTP connection unanswered, a malformed one is not JSON, and a hung one
    /// stays open until the app's own timeout.
    @Test func transportFaultsHappenOnTheWire() async throws {
        let refused = try await LiveScenario.run("worker-reconnect-refused")
        let capture = refused.capture ?? ""
        let lines = capture.split(separator: "\n").map { try! JSONParser.parse(String($0)) }
        // The app lost r1's broadcast and found it by getJobs only after 3000 ms (600 + 2400).
        let listed = try #require(lines.first { $0["kind"] == "offer.received" && $0["actor"] == "worker" })
        #expect(listed["via"] == "getJobs", "\(capture)")
        #expect((listed["ts"]?.integerValue ?? 0) - ScenarioRunner.virtualStart >= 3_000, "\(capture)")
        let duplicated = try await LiveScenario.run("worker-new-duplicated")
        let news = (duplicated.capture ?? "").split(separator: "\n").filter { $0.contains(#""actor":"worker","id":"w-1","kind":"io.in""#) && $0.contains(#""event":"new""#) }
        #expect(news.count == 2, "\(duplicated.capture ?? "")")
        for name in ["worker-accept-answer-lost", "worker-accept-malformed", "worker-accept-hang"] {
            let result = try await LiveScenario.run(name)
            let alert = (result.capture ?? "").split(separator: "\n").first { $0.contains(#""kind":"alert.shown""#) && $0.contains(#""alert":"acceptFailure""#) }
            #expect(alert != nil, "\(name): \(result.capture ?? "")")
            #expect(result.conforms, "\(name): \(result.failedIDs)")
        }
        let hung = try await LiveScenario.run("worker-accept-hang")
        let hungLines: [JSONValue] = (hung.capture ?? "").split(separator: "\n").map { try! JSONParser.parse(String($0)) }
        let call = try #require(hungLines.first { line in
            line["actor"] == "worker" && line["kind"] == "http.request" && line["path"]?.stringValue?.hasSuffix("/accept") == true
        })
        let gaveUp = try #require(hungLines.first { line in line["actor"] == "worker" && line["kind"] == "http.response" && line["xid"] == call["xid"] })
        #expect(gaveUp["error"] == "timeout")
        #expect((gaveUp["ts"]?.integerValue ?? 0) - (call["ts"]?.integerValue ?? 0) == DeviceLink.restTimeoutMs)
    }
}

/// The wrong fake app over real sockets: each fault caught live with the requirement ids its
/// Python twin (Examples/*-wrong, `--bug NAME`) is caught with in virtual time. It shares the
/// live lanes with ``BrokerSessionTests``, hence the same room for the queue.
@Suite(.timeLimit(.minutes(30)))
struct WrongFakeAppTests {
    /// The ids the wrong example adapter's known-failures list gives for `bug` in `scenario`.
    static func expected(_ side: String, _ bug: String, in scenario: String) throws -> Set<RequirementID> {
        let url = ScenarioFixtures.packageRoot.appendingPathComponent("Examples/\(side)-app-adapter-python-wrong/known-failures/\(bug).txt")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("\(scenario):") }
        return Set(lines.map { RequirementID(String($0.split(separator: ":")[1])) })
    }

    @Test(arguments: [
        ("worker-race-lost", "failure-alert-after-view"), ("worker-ineligible", "ineligible-shown"), ("worker-discard", "discard-shown-again"),
        ("client-timeout", "no-timeout-cancel"), ("client-restart", "timer-restarted"), ("client-timeout", "failure-alert-after-view"),
        ("worker-accept-answer-lost", "transport-error-ignored"), ("worker-accept-malformed", "transport-error-ignored"),
    ])
    func eachFaultIsCaughtLiveWithItsRequirementIDs(scenario: String, bug: String) async throws {
        let fault = try #require(AppFaults.byName[bug])
        let expected = try Self.expected(String(scenario.split(separator: "-")[0]), bug, in: scenario)
        #expect(!expected.isEmpty)
        let result = try await LiveScenario.run(scenario, faults: fault)
        #expect(Set(result.failedIDs) == expected, "\(scenario) with \(bug): \(result.failedIDs)\n\(result.capture ?? "")")
    }
}
