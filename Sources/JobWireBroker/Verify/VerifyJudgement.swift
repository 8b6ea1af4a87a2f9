import JobWire

/// verify's one verdict source: the whole run's trace (its `--capture`), checked exactly as
/// `jobwire check` checks it, every violation kept under its own id. A violation belongs to each
/// case that recorded one of its lines, so what one case's calls caused in another's apps is seen
/// by both; one on no case's line (a request's end, say, that only the closing line shows)
/// belongs to the run.
enum VerifyJudgement {
    /// The pseudo-case that holds what no case's lines show.
    static let runCase = VerifyCase("run", "what the run's trace shows beyond any single case's lines", []) { _ in }

    /// Judges `run`'s capture and sets every case's violations and outcome; a case that failed
    /// while the kit stalled `starvedStallMs` or longer is inconclusive instead.
    static func judge(_ run: inout VerifyRun, starvedStallMs: Int64) {
        let owners = run.captureEvents.map(\.caseID)
        let (header, events) = run.capture
        let verdict: TraceVerdict
        do {
            verdict = try TraceChecker.check(header: header, events: events, file: "capture.jsonl", keep: .max)
        } catch {
            // Verify names every call itself (VerifyHTTP), so a capture that contradicts itself is
            // the kit's fault; nothing in it is judged, and the run says so rather than pass.
            run.results.append(VerifyCaseResult(verifyCase: runCase, outcome: .error(message: "the run's capture cannot be judged: \(error)"), durationSeconds: 0, violations: []))
            return
        }
        var byCase: [String: [Violation]] = [:]
        for rule in verdict.rules where rule.failed {
            for violation in rule.violations {
                // Line 1 is the header; line n is the (n - 2)th event.
                let cases = Set(violation.lines.compactMap { owners.indices.contains($0 - 2) ? owners[$0 - 2] : nil })
                for id in cases.isEmpty ? [runCase.id] : Array(cases) { byCase[id, default: []].append(violation) }
            }
        }
        for index in run.results.indices {
            var result = run.results[index]
            result.violations = byCase.removeValue(forKey: result.id) ?? []
            result.outcome = outcome(result, starvedStallMs: starvedStallMs)
            run.results[index] = result
        }
        if let unowned = byCase[runCase.id] {
            run.results.append(VerifyCaseResult(verifyCase: runCase, outcome: .failed(expected: unowned[0].expected, observed: unowned[0].observed), durationSeconds: 0, violations: unowned))
        }
    }

    static func outcome(_ result: VerifyCaseResult, starvedStallMs: Int64) -> CaseOutcome {
        var outcome = result.outcome
        if outcome == .passed, let first = result.violations.first {
            outcome = .failed(expected: first.expected, observed: first.observed)
        }
        if outcome.isProblem, result.longestStallMs >= starvedStallMs {
            return .inconclusive(reason: "the kit was starved: it stalled \(result.longestStallMs) ms during the case, so what it saw cannot be blamed on the backend; rerun on a quieter machine")
        }
        return outcome
    }
}
