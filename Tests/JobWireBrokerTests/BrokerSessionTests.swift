import Foundation
import JobWire
import Testing
@testable import JobWireBroker

/// Every shipped scenario live, over real sockets on loopback, against the fake app; and the
/// wrong fake app caught with the requirement ids the wrong example adapters are caught with.
@Suite(.timeLimit(.minutes(1)))
struct BrokerSessionTests {
    @Test(arguments: ScenarioFixtures.names)
    func theFakeAppPassesEveryScenarioOverRealSockets(_ name: String) async throws {
        let result = try await LiveScenario.run(name)
        let verdict = try #require(result.verdict)
        let failures = verdict.rules.filter(\.failed).map { "\($0.info.id): \($0.violations.first.map { "\($0.linesText): \($0.observed)" } ?? "")" }
        #expect(failures.isEmpty, "\(name): \(failures)\n\(result.capture ?? "")")
        #expect(result.notes.isEmpty, "\(result.notes)\n\(result.capture ?? "")")
    }
}

/// The wrong fake app over real sockets: each fault caught live with the requirement ids its
/// Python twin (Examples/*-wrong, `--bug NAME`) is caught with in virtual time.
@Suite(.timeLimit(.minutes(1)))
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
    ])
    func eachFaultIsCaughtLiveWithItsRequirementIDs(scenario: String, bug: String) async throws {
        let fault = try #require(AppFaults.byName[bug])
        let expected = try Self.expected(String(scenario.split(separator: "-")[0]), bug, in: scenario)
        #expect(!expected.isEmpty)
        let result = try await LiveScenario.run(scenario, faults: fault)
        #expect(Set(result.failedIDs) == expected, "\(scenario) with \(bug): \(result.failedIDs)\n\(result.capture ?? "")")
    }
}
