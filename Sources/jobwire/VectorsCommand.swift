import ArgumentParser

/// `jobwire vectors`: the language-neutral vectors and their runner.
struct VectorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract: "Run the language-neutral test vectors against JobWire or your own implementation.",
        subcommands: [VectorsRunCommand.self, VectorsListCommand.self, VectorsFuzzCommand.self],
        defaultSubcommand: VectorsRunCommand.self
    )
}
