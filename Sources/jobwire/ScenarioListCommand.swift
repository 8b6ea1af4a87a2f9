import ArgumentParser
import Foundation
import JobWire
import JobWireBroker

/// `jobwire scenario list`: every scenario with its side and requirements.
struct ScenarioListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the scenarios with the app each tests, the role the broker plays, and the requirements each exercises."
    )

    @Option(help: ArgumentHelp("Only scenarios whose app under test has this role.", valueName: "client|worker"))
    var app: String?

    @OptionGroup var scenarios: ScenarioOptions

    func run() async throws {
        try await exitingOnUnusableInput {
            let catalog = try scenarios.catalog()
            let all = try catalog.loadAll(catalog: scenarios.requirements())
            guard app == nil || app == "client" || app == "worker" else { throw CLIError("--app must be client or worker") }
            print("scenarios: \(catalog.displayRoot)")
            for line in Scenario.listings(all.filter { app == nil || $0.app.role.rawValue == app }) { print(line) }
            return .success
        }
    }
}
