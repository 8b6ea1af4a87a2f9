/// Renders a run for a person: every case that did not pass with its requirement sentence,
/// what was expected and what was observed, then totals per requirement and a closing line.
public struct TextReport {
    public var catalog: RequirementCatalog?
    /// Also list the cases that passed.
    public var verbose: Bool
    /// List skipped cases (always listed when verbose).
    public var listSkipped: Bool

    public init(catalog: RequirementCatalog?, verbose: Bool = false, listSkipped: Bool = true) {
        self.catalog = catalog
        self.verbose = verbose
        self.listSkipped = listSkipped
    }

    public func render(_ report: RunReport) -> String {
        var out = "jobwire \(report.title) — testee: \(report.testee)\n"
        for result in report.results {
            guard verbose || result.outcome != .passed else { continue }
            if case .skipped = result.outcome, !verbose, !listSkipped { continue }
            out += "\n" + render(result)
        }
        for stale in report.staleKnownFailures {
            out += "\nSTALE  \(stale.file):\(stale.line): \(stale.id) \(stale.reason)\n"
        }
        for problem in report.testeeProblems {
            out += "\nTESTEE \(problem)\n"
        }
        out += "\nBy requirement:\n"
        for (requirement, summary) in report.summaryByRequirement {
            out += "  \(requirement.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(summary.line)\n"
        }
        out += "\n\(report.summary.line)\n"
        return out
    }

    private func render(_ result: CaseResult) -> String {
        let tag = result.columnTag
        var out = "\(tag)  \(result.id)"
        if let location = result.location { out += "  (\(location))" }
        out += "\n"
        guard result.outcome != .passed else { return out }
        for requirement in result.requirements {
            out += "       \(catalog?.headline(requirement) ?? requirement.rawValue)\n"
        }
        out += "       case: \(result.description)\n"
        switch result.outcome {
        case .passed: break
        case .failed(let expected, let observed) where !result.violations.isEmpty:
            for violation in result.violations {
                // A violation of another requirement than the case's is named with its sentence.
                if !result.requirements.contains(violation.requirement) {
                    out += "       broke \(catalog?.headline(violation.requirement) ?? violation.requirement.rawValue)\n"
                }
                if !violation.lines.isEmpty { out += "       \(violation.linesText):\n" }
                out += "         expected: \(violation.expected)\n"
                out += "         observed: \(violation.observed)\n"
            }
            if result.violationCount > result.violations.count {
                out += "       ... and \(result.violationCount - result.violations.count) more violations\n"
            }
            // A vector's difference from its expectation, when the violations do not already say it
            // (a trace's case repeats its first violation, with its lines, as its outcome).
            if expected != result.violations[0].expected || !observed.contains(result.violations[0].observed) {
                out += "       expected: \(expected)\n"
                out += "       observed: \(observed)\n"
            }
        case .failed(let expected, let observed):
            out += "       expected: \(expected)\n"
            out += "       observed: \(observed)\n"
        case .skipped(let reason): out += "       skipped: \(reason)\n"
        case .error(let message): out += "       error: \(message.replacingNewlines(with: "\n              "))\n"
        case .inconclusive(let reason): out += "       inconclusive: \(reason)\n"
        }
        return out
    }
}

extension String {
    func replacingNewlines(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
