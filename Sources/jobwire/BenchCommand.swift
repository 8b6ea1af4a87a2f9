import ArgumentParser

/// `jobwire bench`: speed and memory figures, kept out of the tests.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the kit's speed and memory on generated input.",
        subcommands: [BenchCheckCommand.self]
    )
}
