import ArgumentParser
import Foundation
import JobWire
import JobWireBroker

/// Where scenarios come from: the flags `broker` and `scenario` share.
struct ScenarioOptions: ParsableArguments {
    @Option(
        name: .customLong("scenarios"),
        help: ArgumentHelp("A directory of scenario files to use instead of the shipped Vectors/scenarios/.", valueName: "dir"))
    var directory: String?

    @OptionGroup var vectors: VectorsLocationOptions

    /// The scenario catalogue in force.
    func catalog() throws(InputError) -> ScenarioCatalog {
        if let directory { return try ScenarioCatalog(directory: URL(fileURLWithPath: directory), displayRoot: directory) }
        return try ScenarioCatalog.shipped(vectors: vectors.resolve(), displayRoot: vectors.displayRoot)
    }

    /// The requirement catalogue, so scenarios naming unknown requirements are refused and reports quote sentences.
    func requirements() throws(InputError) -> RequirementCatalog {
        try vectors.catalog(for: vectors.resolve())
    }
}

extension Scenario {
    /// One line for listings: name (padded to `nameWidth`, so no name is cut), side, requirements, description.
    func listing(nameWidth: Int) -> String {
        let side = "\(app.role.rawValue) app".padding(toLength: 11, withPad: " ", startingAt: 0)
        return "\(name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)) \(side) --play \(play.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(requirements.map(\.rawValue).joined(separator: " "))\n    \(description)"
    }

    /// The listing of each scenario, the names in one column as wide as the longest.
    static func listings(_ scenarios: [Scenario]) -> [String] {
        let width = scenarios.map(\.name.count).max() ?? 0
        return scenarios.map { $0.listing(nameWidth: width) }
    }
}
