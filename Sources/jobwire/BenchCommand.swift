import ArgumentParser

/// `jobwire bench`: speed and memory figures, kept out of the tests.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the kit's speed and memory: the trace checker beside jq, the Socket.IO server under fan-out load, the broker under a soak.",
        subcommands: [
            BenchCheckCommand.self,
            BenchFanoutCommand.self,
            BenchFanoutServerCommand.self,
            BenchSoakCommand.self,
        ]
    )
}
