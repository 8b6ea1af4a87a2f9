import ArgumentParser

/// `jobwire capture`: work on captures of real traffic (Docs/RECORD.md).
struct CaptureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Work on captures of real traffic, such as those `jobwire record` writes.",
        subcommands: [CaptureShrinkCommand.self]
    )
}
