import Foundation
import JobWire
@testable import JobWireBroker

/// The shipped scenarios and requirement catalogue, found through the JobWire sources.
enum ScenarioFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let vectors: URL = try! VectorLocator.directory(environment: [:])
    static let catalog: ScenarioCatalog = try! ScenarioCatalog.shipped(vectors: vectors)
    static let requirements: RequirementCatalog = try! RequirementCatalog.load(fromVectors: vectors)
    static let all: [Scenario] = try! catalog.loadAll(catalog: requirements)
    static let names: [String] = catalog.names
    /// The scenarios the live broker runs (``BrokerSession/refusal(of:)`` refuses the others).
    static let liveNames: [String] = names.filter { BrokerSession.refusal(of: scenario($0)) == nil }

    static func scenario(_ name: String) -> Scenario { all.first { $0.name == name }! }

    /// Runs `name` in virtual time against the reference apps with `faults`.
    static func run(_ name: String, faults: AppFaults = []) async -> ScenarioResult {
        await ScenarioRunner.run(scenario(name), testee: ReferenceAppTestee(faults: faults))
    }
}
