import JobWire
import SocketIOWire

/// One case's result: its outcome, timing, every violation the checker found in its trace (of the
/// requirements it names or any other), and the trace events its apps recorded.
public struct VerifyCaseResult: Sendable {
    public var verifyCase: VerifyCase
    public var outcome: CaseOutcome
    public var durationSeconds: Double
    public var violations: [Violation]
    /// The case's trace events (after its header), in time order: what the checker judged.
    public var events: [JSONValue]
    /// Everything its apps recorded, other cases' requests included, for the run's capture.
    public var recorded: [JSONValue] = []
    /// The ids the case made up (REST-11).
    public var unknownRequests: Set<String> = []
    public var unknownWorkers: Set<String> = []

    public var id: String { verifyCase.id }

    /// The requirements with a violation, in order.
    public var failedRequirements: [RequirementID] { Array(Set(violations.map(\.requirement))).sorted() }
}

/// A whole verify run: the target, the timeout used, every case's result.
public struct VerifyRun: Sendable {
    public var target: String
    public var timeoutMs: Int64
    /// The header of the whole run's trace.
    public var header: TraceHeader
    public var results: [VerifyCaseResult]

    /// Every requirement that failed in some case, in order.
    public var failedRequirements: [RequirementID] { Array(Set(results.flatMap(\.failedRequirements))).sorted() }

    /// The run as one trace (Docs/TRACE.md): a header naming the backend as the subject, then every
    /// case's events merged by time. `jobwire check` reads it.
    public var captureText: String {
        var header = self.header
        header.unknownRequests = Set(results.flatMap(\.unknownRequests))
        header.unknownWorkers = Set(results.flatMap(\.unknownWorkers))
        var events: [(Int64, Int, JSONValue)] = []
        for result in results {
            for event in result.recorded where event["kind"] != "trace.end" {
                events.append((event["ts"]?.integerValue ?? 0, events.count, event))
            }
        }
        let last = events.map(\.0).max() ?? 0
        let lines = events.sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.2)
            + [["ts": .int(last), "actor": "client", "kind": "trace.end"]]
        return ([header.json] + lines).map { $0.compactText + "\n" }.joined()
    }

    /// The run as a ``RunReport`` for the JSON and JUnit renderings and known failures: one case per
    /// verify case, its id the case's id, its requirement the first it violated, or else the first
    /// it names, so a failure is counted under the id it broke.
    public var runReport: RunReport {
        let cases = results.map { result in
            CaseResult(
                id: result.id, description: result.verifyCase.title,
                requirement: result.failedRequirements.first ?? result.verifyCase.requirements.first ?? "MSG-1",
                outcome: result.outcome, location: nil, durationSeconds: result.durationSeconds, violations: result.violations,
                requirements: result.verifyCase.requirements)
        }
        return RunReport(title: "verify", testee: target, results: cases)
    }
}
