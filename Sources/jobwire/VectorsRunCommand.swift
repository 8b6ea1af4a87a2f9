import ArgumentParser
import Foundation
import JobWire
import JobWireAdapters

/// `jobwire vectors run`: feeds a suite's vectors to the built-in implementation or to an adapter.
struct VectorsRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Feed a suite's vectors to JobWire's own implementation or to your program, and report each one.",
        discussion: """
            Without --adapter the vectors run against JobWire's built-in implementation. With --adapter, jobwire starts your program and speaks the JSON-lines protocol of Docs/ADAPTER.md with it on stdin/stdout: a hello handshake, one case per vector, stop.

            Examples:
              jobwire vectors run --suite eligibility --format json
              jobwire vectors run --adapter "python3 my_adapter.py"
              jobwire vectors run --adapter "./my-impl" --known-failures known.txt
              jobwire vectors run --junit out.xml

            Exit status: 0 every case passed; 1 a case failed or errored, or the known-failures list is stale; 2 unusable input (unreadable vectors, a bad flag value), named on stderr.
            """
    )

    @Option(name: .customLong("suite"), help: "A suite to run (repeat for several): \(VectorSuites.all.map(\.name).joined(separator: ", ")). Default: every suite.")
    var suites: [String] = []

    @Option(help: ArgumentHelp("Run the vectors against this program (quoted command line) instead of the built-in implementation.", valueName: "command"))
    var adapter: String?

    @Option(help: ArgumentHelp("Seconds the adapter may take to answer one case, or to exit after stop, before it counts as hung.", valueName: "seconds"))
    var timeout: Double = 10

    @OptionGroup var vectors: VectorsLocationOptions
    @OptionGroup var report: ReportOptions

    func run() async throws {
        try await exitingOnUnusableInput {
            let selected = try (suites.isEmpty ? VectorSuites.all.map(\.name) : suites).map { name throws(CLIError) in
                guard let suite = VectorSuites.named(name) else {
                    throw CLIError("unknown suite \"\(name)\"; known suites: \(VectorSuites.all.map(\.name).joined(separator: ", "))")
                }
                return suite
            }
            guard timeout > 0 else { throw CLIError("--timeout must be a positive number of seconds") }
            let directory = try vectors.resolve()
            let catalog = try vectors.catalog(for: directory)
            let knownFailures = try report.loadKnownFailures()
            var reports: [RunReport] = []
            for suite in selected {
                let cases = try VectorLoader.load(suite: suite, from: directory, displayRoot: vectors.displayRoot)
                let testee: any Testee
                if let adapter {
                    testee = try await AdapterTestee.start(AdapterCommand(adapter), suite: suite.name, timeout: .milliseconds(Int64(timeout * 1000)))
                } else {
                    testee = BuiltinTestee()
                }
                FileHandle.standardError.write(Data("jobwire: running \(cases.count) \(suite.name) vectors from \(vectors.displayRoot)\n".utf8))
                reports.append(await VectorRunner.run(cases, suite: suite, testee: testee))
            }
            let result = RunReport.combining(reports).applying(knownFailures)
            return try report.emit(result, catalog: catalog)
        }
    }
}
