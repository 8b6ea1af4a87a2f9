import Foundation
import JobWire
import Testing
@testable import JobWireBroker

/// Each ``AppFaults`` mutant breaks exactly what its catalogue entry declares: every shipped
/// scenario, run in virtual time against the reference apps with the fault on, and the union of
/// the ids the checker finds violated equals `breaks`.
struct AppFaultsTests {
    @Test(arguments: AppFaults.named.map(\.name))
    func eachFaultFailsExactlyTheIDsItDeclares(_ name: String) async throws {
        let mutant = try #require(AppFaults.named.first { $0.name == name })
        #expect(!mutant.breaks.isEmpty)
        var failed: Set<RequirementID> = []
        var scenariosFailing: [String] = []
        for scenario in ScenarioFixtures.names {
            let result = await ScenarioFixtures.run(scenario, faults: mutant.fault)
            #expect(result.error == nil, "\(scenario) with \(name): \(result.error ?? "")")
            failed.formUnion(result.failedIDs)
            if !result.failedIDs.isEmpty { scenariosFailing.append("\(scenario): \(result.failedIDs.map(\.rawValue))") }
        }
        #expect(failed.sorted() == mutant.breaks, "\(name) breaks \(failed.sorted()), declares \(mutant.breaks)\n\(scenariosFailing.joined(separator: "\n"))")
    }

    @Test func theCatalogueNamesEachFaultOnceAndByNameAgrees() {
        #expect(Set(AppFaults.named.map(\.name)).count == AppFaults.named.count)
        #expect(Set(AppFaults.named.map(\.fault.rawValue)).count == AppFaults.named.count)
        for mutant in AppFaults.named { #expect(AppFaults.byName[mutant.name] == mutant.fault) }
    }
}
