import ArgumentParser
import Foundation
import JobWire
import JobWireBroker

/// `jobwire requirements`: every requirement with the judges that can fail it and the bad examples that do.
struct RequirementsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requirements",
        abstract: "List every requirement of Docs/PROTOCOL.md with the judges that can fail it and the bad examples that do.",
        discussion: """
            A requirement is only really checked when something in the kit can fail with its id (a \
            judge: a checker rule, a jobwire verify case, a scenario, a vector) and something wrong \
            does fail with it (a bad example: a bad trace, a mutant of the reference backend or \
            apps, a failure of a deliberately wrong example adapter, each proved by a test). Both \
            are read from the kit's own registries and shipped files. The wrong adapters live in \
            Examples/ of the checkout beside the vectors; without one they are not counted.

            Examples:
              jobwire requirements
              jobwire requirements --unjudged --area VIEW --area STATE
              jobwire requirements --format json

            Status:
              judged      a judge and a bad example
              untripped   a judge, but nothing wrong shows that it fails
              unjudged    nothing can fail with its id
              judge-none  PROTOCOL.md says `Judge: none.` and why no judge can
                          exist (ten at most)
              awaiting    not judged yet, and listed with why and which issue
                          will judge it in Vectors/requirements-awaiting-judge.txt;
                          an entry that is judged now, says `Judge: none.` or is
                          no requirement is stale, so the list only shrinks

            The totals count MUST requirements; SHOULD requirements are listed and never fail.

            Exit status: 0 every MUST requirement is judged, judge-none or awaiting; 1 one is \
            unjudged or untripped, or a declaration is stale (an awaiting entry, a `Judge: none.` \
            that something judges, more than ten of them); 2 unusable input, naming file and line.
            """
    )

    @Option(help: "Output format on stdout: text (a table for people) or json (a summary object with integer counts, and one entry per requirement).")
    var format: ReportOptions.Format = .text

    @Flag(help: "Only list the requirements that are not judged; the totals still count every one.")
    var unjudged = false

    @Option(name: .customLong("area"), help: ArgumentHelp("Only this area, e.g. VIEW (repeat); the totals and exit status follow.", valueName: "area"))
    var areas: [String] = []

    @OptionGroup var vectors: VectorsLocationOptions

    func run() async throws {
        try await exitingOnUnusableInput {
            let directory = try vectors.resolve()
            let catalog = try vectors.catalog(for: directory)
            let known = Set(catalog.requirements.map(\.id.area))
            if let unknown = areas.first(where: { !known.contains($0) }) {
                throw CLIError("--area \(unknown) is no area of the requirements; areas are \(known.sorted().joined(separator: ", "))")
            }
            let coverage = try RequirementCoverage.kit(vectors: directory, displayRoot: vectors.displayRoot, catalog: catalog)
                .restricted(toAreas: Set(areas))
            switch format {
            case .text: print("requirements: \(vectors.displayRoot)/\(RequirementCatalog.fileName)\n\n" + coverage.text(hidingJudged: unjudged), terminator: "")
            case .json: print(coverage.json(hidingJudged: unjudged).prettyText)
            }
            return coverage.succeeded ? .success : ExitCode(1)
        }
    }
}
