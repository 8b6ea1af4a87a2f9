import JobWire
import SocketIOWire

/// One case's result: its outcome, timing, every violation the checker found on the lines it
/// recorded (of the requirements it names or any other), and those lines.
public struct VerifyCaseResult: Sendable {
    public var verifyCase: VerifyCase
    public var outcome: CaseOutcome
    public var durationSeconds: Double
    /// The violations whose trace lines (in the run's capture) include one this case recorded.
    public var violations: [Violation]
    /// Everything its apps and calls recorded, for the run's capture, each with its place in the
    /// recording order of the whole run (``VerifyRecorder/entries()``).
    public var recorded: [(order: Int, event: TraceEvent)] = []
    /// The ids the case made up (REST-11).
    public var unknownRequests: Set<String> = []
    public var unknownWorkers: Set<String> = []
    /// The longest stall of the kit's own scheduling while the case ran, in ms (``KitLag``).
    public var longestStallMs: Int64 = 0
    /// The race rounds it ran (race cases only), and with what racers, rounds and seed.
    public var rounds: [RaceRoundRecord] = []
    public var race = RaceOptions()

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

    /// Every requirement that failed in some case, in order. An inconclusive case's violations are
    /// no verdict (the kit was starved while it ran), so they do not count.
    public var failedRequirements: [RequirementID] {
        Array(Set(results.filter(\.outcome.isProblem).flatMap(\.failedRequirements))).sorted()
    }

    /// True when some case has no verdict because the kit was starved while it ran.
    public var isInconclusive: Bool {
        results.contains { if case .inconclusive = $0.outcome { return true } else { return false } }
    }

    /// The run's events after its header, merged by time, each with the case that recorded it and
    /// its line in the capture (line 1 is the header, so element i is on line i + 2).
    public var captureEvents: [(event: TraceEvent, caseID: String)] {
        var events: [(order: Int, event: TraceEvent, caseID: String)] = []
        for result in results {
            for (order, event) in result.recorded where event.kind != .traceEnd {
                events.append((order, event, result.id))
            }
        }
        events.sort { $0.event.ts == $1.event.ts ? $0.order < $1.order : $0.event.ts < $1.event.ts }
        return events.enumerated().map { index, entry in
            var event = entry.event
            event.line = index + 2
            return (event, entry.caseID)
        }
    }

    /// The run as one trace (Docs/TRACE.md): a header naming the backend as the subject, then every
    /// case's events merged by time, then `trace.end` at the last one's time. verify's verdict is
    /// this trace's, and its text is the `--capture`.
    public var capture: (header: TraceHeader, events: [TraceEvent]) {
        var header = self.header
        header.unknownRequests = Set(results.flatMap(\.unknownRequests))
        header.unknownWorkers = Set(results.flatMap(\.unknownWorkers))
        // Judged as its line reads, so verify and `jobwire check` read the same header (a fixture
        // the profile leaves out, for one, is no route in memory and the default on the line).
        header = (try? TraceHeader(json: header.json, file: "capture.jsonl")) ?? header
        var events = captureEvents.map(\.event)
        let end = TraceEvent(line: events.count + 2, ts: events.map(\.ts).max() ?? 0, actor: TraceActor(.client), body: .end)
        events.append(end)
        return (header, events)
    }

    /// The capture's text, as `jobwire check` reads it.
    public var captureText: String {
        let (header, events) = capture
        let encoder = TraceEncoder(header: header)
        return encoder.headerLine + events.map(encoder.line).joined()
    }

    /// The run as a ``RunReport`` for the JSON and JUnit renderings and known failures: one case per
    /// verify case, its id the case's id, its requirement the first it violated, or else the first
    /// it names, so a failure is counted under the id it broke.
    public var runReport: RunReport {
        let cases = results.map { result in
            var report = CaseResult(
                id: result.id, description: result.verifyCase.title,
                requirement: result.failedRequirements.first ?? result.verifyCase.requirements.first ?? "MSG-1",
                outcome: result.outcome, location: nil, durationSeconds: result.durationSeconds, violations: result.violations,
                requirements: result.verifyCase.requirements)
            report.notes = result.raceNotes
            return report
        }
        return RunReport(title: "verify", testee: target, results: cases)
    }
}
