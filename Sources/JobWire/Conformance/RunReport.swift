/// Everything one run produced: each case's result, what a known-failures list said, and the totals.
///
/// `jobwire vectors run` and `jobwire check` both end in one of these, rendered as text, JSON or JUnit.
public struct RunReport: Sendable {
    /// What was run, e.g. `vectors eligibility`.
    public var title: String
    /// Who was tested, e.g. `builtin JobWire` or the adapter's self-declared name.
    public var testee: String
    public var results: [CaseResult]
    /// Problems with the known-failures list itself: listed cases that passed, ids no case has.
    public var staleKnownFailures: [StaleKnownFailure]
    /// Problems of the testee outside any one case, e.g. it did not stop when asked; they fail the run.
    public var testeeProblems: [String]

    public init(title: String, testee: String, results: [CaseResult], staleKnownFailures: [StaleKnownFailure] = [], testeeProblems: [String] = []) {
        self.title = title
        self.testee = testee
        self.results = results
        self.staleKnownFailures = staleKnownFailures
        self.testeeProblems = testeeProblems
    }

    /// One report of several runs (one per suite), titled after all of them, results in order.
    public static func combining(_ reports: [RunReport]) -> RunReport {
        guard let first = reports.first, reports.count > 1 else { return reports.first ?? RunReport(title: "vectors", testee: "", results: []) }
        return RunReport(
            title: reports.map(\.title).joined(separator: ", "),
            testee: first.testee,
            results: reports.flatMap(\.results),
            staleKnownFailures: reports.flatMap(\.staleKnownFailures),
            testeeProblems: reports.flatMap(\.testeeProblems)
        )
    }

    /// Marks the listed failures as known and records every entry that went stale; entries match case ids exactly.
    /// Marks the listed failures as known (every command reads a known-failures entry the same
    /// way, ``KnownFailures/entry(_:names:)``), and records every entry that went stale: one that
    /// names no case, or whose cases all passed.
    public func applying(_ list: KnownFailures?) -> RunReport {
        let matches = KnownFailures.entry
        guard let list else { return self }
        var copy = self
        var stale: [StaleKnownFailure] = []
        for entry in list.entries {
            let matched = copy.results.indices.filter { matches(entry.id, copy.results[$0]) }
            guard !matched.isEmpty else {
                stale.append(StaleKnownFailure(id: entry.id, line: entry.line, file: list.file, reason: "is listed as a known failure but no case has this id"))
                continue
            }
            var excused = false
            for index in matched where copy.results[index].outcome.isProblem {
                copy.results[index].knownFailure = true
                excused = true
            }
            if !excused, matched.contains(where: { copy.results[$0].outcome == .passed }) {
                stale.append(StaleKnownFailure(id: entry.id, line: entry.line, file: list.file, reason: "is listed as a known failure but passed; remove it from the list"))
            }
        }
        copy.staleKnownFailures += stale
        return copy
    }

    /// Totals over all results.
    public var summary: RunSummary { RunSummary(results) }

    /// Totals per requirement, in requirement order. A failed case with violations counts under every requirement it violated (a verify
    /// case may break several, and none of them need be the one it is named for); any other case under every requirement it names
    /// (a malformed-input vector under ELIG-9 and its field's rule).
    public var summaryByRequirement: [(RequirementID, RunSummary)] {
        var groups: [RequirementID: [CaseResult]] = [:]
        for result in results {
            for id in Self.countedUnder(result) { groups[id, default: []].append(result) }
        }
        return groups.map { ($0.key, RunSummary($0.value)) }.sorted { $0.0 < $1.0 }
    }

    /// Totals per area (`FLOW`, `ALERT` ...), in area order: each case counted once in every area
    /// of the requirements ``summaryByRequirement`` counts it under.
    public var summaryByArea: [(area: String, summary: RunSummary)] {
        var groups: [String: [CaseResult]] = [:]
        for result in results {
            for area in Set(Self.countedUnder(result).map(\.area)) { groups[area, default: []].append(result) }
        }
        return groups.map { ($0.key, RunSummary($0.value)) }.sorted { $0.area < $1.area }
    }

    /// The requirements a case is counted under: those it violated when it failed with violations, else those it names.
    private static func countedUnder(_ result: CaseResult) -> Set<RequirementID> {
        if case .failed = result.outcome, !result.violations.isEmpty { return Set(result.violations.map(\.requirement)) }
        return Set(result.requirements)
    }

    /// True when nothing failed or errored outside the known-failures list and the list is not stale.
    public var succeeded: Bool {
        let summary = summary
        return summary.failed == 0 && summary.errors == 0 && staleKnownFailures.isEmpty && testeeProblems.isEmpty
    }
}

/// A known-failures entry that no longer holds.
public struct StaleKnownFailure: Sendable, Hashable {
    public var id: String
    public var line: Int
    public var file: String
    public var reason: String

    public init(id: String, line: Int, file: String, reason: String) {
        self.id = id
        self.line = line
        self.file = file
        self.reason = reason
    }
}

/// Counts of outcomes. Known failures are counted apart and not in `failed` or `errors`.
public struct RunSummary: Sendable, Hashable {
    public var passed = 0
    public var failed = 0
    public var skipped = 0
    public var errors = 0
    public var knownFailures = 0
    public var inconclusive = 0

    public init(_ results: [CaseResult]) {
        for result in results {
            if result.knownFailure {
                knownFailures += 1
                continue
            }
            switch result.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            case .error: errors += 1
            case .inconclusive: inconclusive += 1
            }
        }
    }

    /// The closing line: `130 passed, 0 failed, 0 skipped, 0 errors`.
    public var line: String {
        var text = "\(passed) passed, \(failed) failed, \(skipped) skipped, \(errors) errors"
        if knownFailures > 0 { text += ", \(knownFailures) known failures" }
        if inconclusive > 0 { text += ", \(inconclusive) inconclusive" }
        return text
    }
}
