import ArgumentParser

/// `jobwire scenario`: the broker's scenarios in virtual time, through an app adapter.
struct ScenarioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Run the broker's scenarios in virtual time against your app's logic through an adapter.",
        subcommands: [ScenarioRunCommand.self, ScenarioListCommand.self],
        defaultSubcommand: ScenarioRunCommand.self
    )
}
