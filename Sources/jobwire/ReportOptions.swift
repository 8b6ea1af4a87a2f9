import ArgumentParser
import Foundation
import JobWire

/// How a run's report is printed: the flags `vectors run`, `check`, `verify`, `scenario run`,
/// `replay` and the broker's sessions share.
struct ReportOptions: ParsableArguments {
    /// The report formats on stdout.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Report format on stdout: text (for people) or json (a summary object with integer counts, and one entry per case).")
    var format: Format = .text

    @Option(help: ArgumentHelp("Also write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Also write a self-contained HTML report to this file: a summary by area and requirement, and each trace or case as swimlanes with its violations pinned to the lines they cite.", valueName: "file"))
    var html: String?

    @Option(
        name: .customLong("known-failures"),
        help: ArgumentHelp(
            "A file of case ids (one per line, # comments) expected to fail; for check, requirement ids or FILE:ID. Listed failures do not fail the run; a listed id that passes or does not exist does.",
            valueName: "file"))
    var knownFailures: String?

    @Flag(name: .shortAndLong, help: "In the text report, also list the cases that passed.")
    var verbose = false

    /// Reads the known-failures file, if one was given.
    func loadKnownFailures() throws(InputError) -> KnownFailures? {
        guard let knownFailures else { return nil }
        return try KnownFailures.load(path: knownFailures)
    }

    /// Prints the report, writes the JUnit and HTML files, and returns the exit code the run deserves.
    /// `sections` groups the cases for the HTML report and draws their traces; it is called only with --html.
    func emit(
        _ report: RunReport, catalog: RequirementCatalog?, listSkipped: Bool = true, printing: Bool = true,
        sections: () throws -> [HTMLReportSection] = { [] }
    ) throws -> ExitCode {
        switch format {
        case _ where !printing: break
        case .text: print(TextReport(catalog: catalog, verbose: verbose, listSkipped: listSkipped).render(report), terminator: "")
        case .json: print(JSONReport(catalog: catalog).render(report), terminator: "")
        }
        // `print` buffers a pipe's output, and the commands write lines to standard error and
        // unbuffered ones to standard output after the report: flushed now, the report reaches a
        // reader whole and before them, never cut by a later line where both streams share a pipe.
        fflush(nil)
        if let junit {
            do {
                try JUnitReport(catalog: catalog).render(report).write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                throw CLIError("cannot write the JUnit report to \(junit): \(error.localizedDescription)")
            }
        }
        if let html {
            let page = HTMLReport(catalog: catalog).render(report, sections: try sections())
            do {
                try page.write(toFile: html, atomically: true, encoding: .utf8)
            } catch {
                throw CLIError("cannot write the HTML report to \(html): \(error.localizedDescription)")
            }
        }
        // No verdict is not a pass: a run that failed nothing but could not judge everything exits 2.
        guard report.succeeded else { return ExitCode(1) }
        return report.summary.inconclusive > 0 ? ExitCode(2) : .success
    }
}

/// Where vectors come from: the flag every vector-reading command shares.
struct VectorsLocationOptions: ParsableArguments {
    @Option(
        name: .customLong("vectors"),
        help: ArgumentHelp(
            "A vectors directory to use instead of the one that ships with jobwire (also: JOBWIRE_VECTORS).",
            valueName: "dir"))
    var directory: String?

    /// The vectors directory in force.
    func resolve() throws(InputError) -> URL {
        try VectorLocator.directory(explicit: directory)
    }

    /// How files of the vectors directory are named in messages: as given with --vectors,
    /// else `Vectors` (the shipped set, wherever the build put it).
    var displayRoot: String { directory ?? "Vectors" }

    /// The requirement catalogue: the one in `directory` when it has one, else the shipped one,
    /// so a team's own vector set still gets the sentences of Docs/PROTOCOL.md in its reports.
    func catalog(for directory: URL) throws(InputError) -> RequirementCatalog {
        let own = directory.appendingPathComponent(RequirementCatalog.fileName)
        if FileManager.default.fileExists(atPath: own.path) {
            return try RequirementCatalog.load(fromVectors: directory)
        }
        return try RequirementCatalog.load(fromVectors: VectorLocator.directory(environment: [:]))
    }
}

/// An error the user must act on: printed as one line to stderr, exit status 2.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body`, turning unusable input into one line on stderr and exit status 2.
func exitingOnUnusableInput(_ body: () async throws -> ExitCode) async throws {
    let code: ExitCode
    do {
        code = try await body()
    } catch let error as InputError {
        FileHandle.standardError.write(Data("jobwire: \(error)\n".utf8))
        throw ExitCode(2)
    } catch let error as CLIError {
        FileHandle.standardError.write(Data("jobwire: \(error)\n".utf8))
        throw ExitCode(2)
    }
    if code != .success { throw code }
}
