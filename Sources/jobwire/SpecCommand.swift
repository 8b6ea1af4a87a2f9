import ArgumentParser

/// `jobwire spec`: the protocol's contract in the formats other tools read.
struct SpecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spec",
        abstract: "Write the protocol's message shapes as AsyncAPI and OpenAPI documents, or judge payloads with them.",
        subcommands: [SpecExportCommand.self, SpecShapesCommand.self]
    )
}
