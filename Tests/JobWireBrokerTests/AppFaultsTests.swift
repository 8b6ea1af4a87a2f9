import Foundation
import JobWire
import Testing
@testable import JobWireBroker

/// Each ``AppFaults`` mutant breaks exactly what its catalogue entry declares: every shipped
/// scenario, run in virtual time against the reference apps with the fault on, and the union of
/// the ids the checker finds violated equals `breaks`. And every scenario is a judge some mutant
/// trips: it fails, with an id the scenario names, under at least one fault.
struct AppFaultsTests {
    @Test func eachFaultFailsExactlyTheIDsItDeclaresAndEveryScenarioIsTripped() async throws {
        // Each mutant's scenarios run in a task of their own, as the test's cases ran before.
        let runs = await withTaskGroup(of: (NamedFault<AppFaults>, [(scenario: String, result: ScenarioResult)]).self) { group in
            for mutant in AppFaults.named {
                group.addTask {
                    var results: [(scenario: String, result: ScenarioResult)] = []
                    for scenario in ScenarioFixtures.names { results.append((scenario, await ScenarioFixtures.run(scenario, faults: mutant.fault))) }
                    return (mutant, results)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        var trippedBy: [String: [String]] = [:]
        for (mutant, results) in runs {
            #expect(!mutant.breaks.isEmpty)
            var failed: Set<RequirementID> = []
            var scenariosFailing: [String] = []
            for (scenario, result) in results {
                #expect(result.error == nil, "\(scenario) with \(mutant.name): \(result.error ?? "")")
                failed.formUnion(result.failedIDs)
                if !result.failedIDs.isEmpty { scenariosFailing.append("\(scenario): \(result.failedIDs.map(\.rawValue))") }
                if !Set(result.failedIDs).isDisjoint(with: ScenarioFixtures.scenario(scenario).requirements) {
                    trippedBy[scenario, default: []].append(mutant.name)
                }
            }
            #expect(failed.sorted() == mutant.breaks, "\(mutant.name) breaks \(failed.sorted()), declares \(mutant.breaks)\n\(scenariosFailing.joined(separator: "\n"))")
        }
        let untripped = ScenarioFixtures.names.filter { trippedBy[$0] == nil }
            .map { "\($0) (\(ScenarioFixtures.scenario($0).requirements.map(\.rawValue).joined(separator: ", ")))" }
        #expect(untripped.isEmpty, "scenarios no app mutant fails with an id they name:\n\(untripped.joined(separator: "\n"))")
    }

    @Test func theCatalogueNamesEachFaultOnceAndByNameAgrees() {
        #expect(Set(AppFaults.named.map(\.name)).count == AppFaults.named.count)
        #expect(Set(AppFaults.named.map(\.fault.rawValue)).count == AppFaults.named.count)
        for mutant in AppFaults.named { #expect(AppFaults.byName[mutant.name] == mutant.fault) }
    }
}
