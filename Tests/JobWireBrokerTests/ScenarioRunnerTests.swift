import Foundation
import JobWire
import Testing
@testable import JobWireBroker

/// Every shipped scenario in virtual time against the reference apps: conformant, judged on
/// every requirement it lists, and over in milliseconds whatever its timeout.
struct ScenarioRunnerTests {
    @Test(arguments: ScenarioFixtures.names)
    func theReferenceAppPassesEveryScenario(_ name: String) async throws {
        let result = await ScenarioFixtures.run(name)
        #expect(result.error == nil, "\(result.error ?? "")")
        let verdict = try #require(result.verdict)
        let failures = verdict.rules.filter(\.failed).map { "\($0.info.id): \($0.violations.first?.observed ?? "")" }
        #expect(failures.isEmpty, "\(name): \(failures)\n\(result.capture ?? "")")
        #expect(result.notes.isEmpty, "\(result.notes)")
        #expect(result.stepFailures.isEmpty, "\(result.stepFailures)")
        for id in ScenarioFixtures.scenario(name).requirements {
            #expect(verdict.rules.contains { $0.info.id == id && $0.applicable }, "\(id) is listed but not judged")
        }
    }

    /// `jobwire scenario run` without an adapter runs every scenario on one testee: a client
    /// scenario after a worker one gets a client app, not the worker of the run before.
    @Test func oneReferenceTesteeRunsAWorkerScenarioThenAClientOneAsIfAlone() async throws {
        let testee = ReferenceAppTestee()
        for name in ["worker-happy", "client-happy", "worker-happy"] {
            let shared = await ScenarioRunner.run(ScenarioFixtures.scenario(name), testee: testee)
            let alone = await ScenarioFixtures.run(name)
            #expect(shared.capture == alone.capture, "\(name) on a shared testee")
        }
    }
}
