import SocketIOWire

/// Renders a run for machines: a `summary` object with integer counts (also per requirement),
/// one entry per case, and the known-failures and testee problems.
public struct JSONReport {
    public var catalog: RequirementCatalog?

    public init(catalog: RequirementCatalog?) { self.catalog = catalog }

    public func render(_ report: RunReport) -> String {
        json(report).prettyText + "\n"
    }

    public func json(_ report: RunReport) -> JSONValue {
        var requirements = JSONObject()
        for (requirement, summary) in report.summaryByRequirement {
            requirements[requirement.rawValue] = Self.counts(summary)
        }
        var summary = Self.counts(report.summary).objectValue ?? JSONObject()
        summary["requirements"] = .object(requirements)
        return [
            "title": .string(report.title),
            "testee": .string(report.testee),
            "succeeded": .bool(report.succeeded),
            "summary": .object(summary),
            "cases": .array(report.results.map(entry)),
            "staleKnownFailures": .array(report.staleKnownFailures.map { ["id": .string($0.id), "file": .string($0.file), "line": .int(Int64($0.line)), "reason": .string($0.reason)] }),
            "testeeProblems": .array(report.testeeProblems.map { .string($0) }),
        ]
    }

    static func counts(_ summary: RunSummary) -> JSONValue {
        [
            "passed": .int(Int64(summary.passed)),
            "failed": .int(Int64(summary.failed)),
            "skipped": .int(Int64(summary.skipped)),
            "errors": .int(Int64(summary.errors)),
            "knownFailures": .int(Int64(summary.knownFailures)),
            "inconclusive": .int(Int64(summary.inconclusive)),
        ]
    }

    private func entry(_ result: CaseResult) -> JSONValue {
        var object: JSONObject = [
            "id": .string(result.id),
            "requirement": .string(result.requirement.rawValue),
            "outcome": .string(result.outcome.label),
            "knownFailure": .bool(result.knownFailure),
            "description": .string(result.description),
        ]
        if let sentence = catalog?[result.requirement]?.sentence { object["sentence"] = .string(sentence) }
        if result.requirements.count > 1 { object["requirements"] = .array(result.requirements.map { .string($0.rawValue) }) }
        if let location = result.location { object["location"] = .string(location) }
        if !result.notes.isEmpty { object["notes"] = .array(result.notes.map { .string($0) }) }
        switch result.outcome {
        case .passed: break
        case .failed(let expected, let observed):
            object["expected"] = .string(expected)
            object["observed"] = .string(observed)
            if !result.violations.isEmpty {
                object["violationCount"] = .int(Int64(result.violationCount))
                object["violations"] = .array(result.violations.map { violation in
                    [
                        "requirement": .string(violation.requirement.rawValue),
                        "lines": .array(violation.lines.map { .int(Int64($0)) }),
                        "expected": .string(violation.expected),
                        "observed": .string(violation.observed),
                    ]
                })
            }
        case .skipped(let reason): object["reason"] = .string(reason)
        case .error(let message): object["message"] = .string(message)
        case .inconclusive(let reason): object["message"] = .string(reason)
        }
        object["durationMs"] = .double((result.durationSeconds * 1e6).rounded() / 1e3)
        return .object(object)
    }
}
