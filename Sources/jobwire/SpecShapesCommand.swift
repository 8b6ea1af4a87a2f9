import ArgumentParser
import JobWire

/// `jobwire spec shapes`: the checker's shape verdict on every payload and body of some traces.
struct SpecShapesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shapes",
        abstract: "Print the checker's shape verdict on every payload and body of the traces, one JSON line each.",
        discussion: """
            Each line names the trace and line, what the value is (`kind`: an event, a call's body \
            or answer), the schema of the exported documents that describes it (components/schemas), \
            the value, and the requirement ids the checker finds it breaking (none: well formed); or, \
            for a payload with no shape verdict, `leftOut` with the reason. Scripts/check_contract.py \
            validates every value against the exported schema and expects the same verdict.

            Example:
              jobwire spec shapes Vectors/traces/good/*.jsonl Vectors/traces/bad/*.jsonl

            Exit status: 0 printed; 2 an unreadable trace.
            """
    )

    @Argument(help: "The trace files.")
    var files: [String]

    func run() async throws {
        try await exitingOnUnusableInput {
            for file in files {
                for record in try ShapeVerdicts.records(path: file) { print(record.compactText) }
            }
            return .success
        }
    }
}
