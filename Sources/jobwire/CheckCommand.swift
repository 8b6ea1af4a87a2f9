import ArgumentParser
import Foundation
import JobWire
import JobWireAdapters

/// `jobwire check FILE...`: replays captured traces through every rule and reports per requirement.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check JSON-lines traces against every requirement of Docs/PROTOCOL.md that a trace can show.",
        discussion: """
            Each FILE is a trace in the format of Docs/TRACE.md: a header line, then one event per \
            line. It is read as a stream, in constant memory whatever its size, and read and \
            decoded on a second thread while the rules judge it. Every requirement \
            is reported per file as passed, failed (each violation with the trace lines, what was \
            expected and what was observed) or skipped (the trace has no events of the role it \
            binds, or its `subject` leaves that role out).

            Examples:
              jobwire check capture.jsonl
              jobwire check client.jsonl worker.jsonl --format json
              jobwire check capture.jsonl --junit out.xml --known-failures known.txt
              jobwire check capture.jsonl --html report.html

            A known-failures file lists one entry per line: a requirement id (ALERT-11), which \
            excuses it in every file, or FILE:ID (capture.jsonl:ALERT-11), for one file. An entry \
            that excuses nothing because everything it names passed, or that names nothing, fails \
            the run.

            Exit status: 0 every trace conforms; 1 a violation outside the known failures, or a \
            stale known-failures entry; 2 unusable input: an unreadable, truncated or garbled \
            trace, or one that contradicts itself (an app writing another app's REST call), the \
            message naming the file, the line and the field; or a bad option.
            """
    )

    @Argument(help: ArgumentHelp("The trace files to check.", valueName: "file"))
    var files: [String]

    @OptionGroup var report: ReportOptions

    func run() async throws {
        try await exitingOnUnusableInput {
            let knownFailures = try report.loadKnownFailures()
            let catalog = try? RequirementCatalog.load(fromVectors: VectorLocator.directory())
            var results: [CaseResult] = []
            var verdicts: [TraceVerdict] = []
            for file in files {
                let start = ContinuousClock.now
                let verdict = try TraceChecker.check(file: file) { (body: (TraceReader.Item) throws(InputError) -> Void) throws(InputError) in
                    try TracePipeline.read(path: file, body)
                }
                let elapsed = ContinuousClock.now - start
                var cases = verdict.caseResults()
                let seconds = elapsed.inSeconds
                for index in cases.indices { cases[index].durationSeconds = seconds / Double(max(cases.count, 1)) }
                results += cases
                if report.html != nil { verdicts.append(verdict) }
                FileHandle.standardError.write(Data("jobwire: \(file): \(verdict.eventCount) events, \(verdict.failedIDs.isEmpty ? "conformant" : "violates \(verdict.failedIDs.map(\.rawValue).joined(separator: ", "))")\n".utf8))
            }
            let run = RunReport(title: "check", testee: files.joined(separator: ", "), results: results)
                .applying(knownFailures)
            return try report.emit(run, catalog: catalog, listSkipped: false) {
                try verdicts.map { verdict throws(InputError) in try HTMLReportSection.trace(path: verdict.file, verdict: verdict, catalog: catalog) }
            }
        }
    }
}
