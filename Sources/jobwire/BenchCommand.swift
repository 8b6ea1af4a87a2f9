import ArgumentParser

/// `jobwire bench`: benchmarks of JobWire's servers.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure JobWire's servers under load.",
        subcommands: [
            BenchFanoutCommand.self,
            BenchFanoutServerCommand.self,
        ]
    )
}
