import ArgumentParser
import Foundation
import JobWire
import JobWireBroker

/// `jobwire capture shrink`: delta-debugs a failing capture down to a minimal trace that still fails.
struct CaptureShrinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shrink",
        abstract: "Shrink a capture that fails a requirement to a minimal trace that still fails it.",
        discussion: """
            Delta-debugs (ddmin) FILE, a trace or a capture of jobwire record, with the checker as \
            the oracle: first over its event lines, then over the fields of the lines kept, until \
            removing any one line or field would make the failure of --keep go away. The failure \
            kept is one the capture shows (the same expectation), unless --any-failure. The header is \
            kept; dropping a connect drops its app's events on that connection, and dropping a \
            REST call its answer, so the result stays a well-formed trace. Deterministic: the same \
            capture gives the same result.

            Examples:
              jobwire capture shrink session.jsonl --keep FLOW-4 --out Vectors/traces/bad/flow-4-shrunk.jsonl
              jobwire capture shrink session.jsonl --keep VIEW-4 --as scenario --out worker-shrunk-view-4.json

            --as trace (the default) writes the kept lines under the capture's header, whose \
            description becomes a note naming the requirement, the capture and the line counts. \
            --as scenario writes a Vectors/scenarios file whose steps are the kept posts, \
            WorkerAccepts, cancels and closes, for an app's failure. Without --out the result goes \
            to stdout; the sizes (lines before → after) and the number of checks go to stderr.

            Exit status: 0 shrunk; 2 the capture does not fail --keep, no rule judges it, or \
            unusable input (the message names the file and line).
            """
    )

    /// What to write.
    enum Form: String, ExpressibleByArgument, CaseIterable {
        case trace, scenario
    }

    @Argument(help: ArgumentHelp("The capture or trace to shrink.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The requirement id whose failure to keep, e.g. FLOW-4.", valueName: "id"))
    var keep: String

    @Option(help: ArgumentHelp("The file to write; stdout when absent.", valueName: "file"))
    var out: String?

    @Flag(name: .customLong("any-failure"), help: "Keep any violation of --keep, not only one the capture shows (the result may then fail it another way).")
    var anyFailure = false

    @Option(name: .customLong("as"), help: ArgumentHelp("Write a bad trace or a scenario file.", valueName: "trace|scenario"))
    var form: Form = .trace

    func run() async throws {
        try await exitingOnUnusableInput {
            let input = try ShrinkInput.load(path: file)
            let shrunk = try CaptureShrinker(input: input, keep: RequirementID(keep.uppercased()), anyFailure: anyFailure).shrink()
            let text: String
            switch form {
            case .trace: text = shrunk.traceText
            case .scenario: text = try shrunk.scenarioText(name: out.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent })
            }
            if let out {
                guard FileManager.default.createFile(atPath: out, contents: Data(text.utf8)) else { throw CLIError("cannot write \(out)") }
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
            FileHandle.standardError.write(Data("jobwire: \(shrunk.summary)\n".utf8))
            return .success
        }
    }
}
