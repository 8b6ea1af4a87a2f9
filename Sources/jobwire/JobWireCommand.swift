import ArgumentParser

/// The `jobwire` root command: a conformance kit and mock broker for the job-dispatch protocol.
@main
struct JobWireCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jobwire",
        abstract: "Conformance kit and mock broker for the JobWire job-dispatch protocol.",
        subcommands: [
            VerifyCommand.self, BrokerCommand.self, CheckCommand.self, VectorsCommand.self, ScenarioCommand.self, RequirementsCommand.self, SpecCommand.self,
            RecordCommand.self, ReplayCommand.self, CaptureCommand.self, BenchCommand.self, FuzzCommand.self, SocketIOTesteeCommand.self,
        ]
    )
}
