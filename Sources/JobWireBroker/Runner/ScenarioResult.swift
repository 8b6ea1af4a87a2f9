import JobWire

/// How one scenario run ended: the checker's verdict on its capture, or why there is none.
public struct ScenarioResult: Sendable {
    /// The scenario.
    public var scenario: Scenario
    /// The verdict of ``TraceChecker`` on the capture, when the run got that far.
    public var verdict: TraceVerdict?
    /// Why the run broke off: the app under test broke the protocol.
    public var error: String?
    /// Why the scenario was not run.
    public var skipped: String?
    /// Remarks for the person running it.
    public var notes: [String] = []
    /// Steps that never ran: each fails the scenario (``ScenarioStepFailure``).
    public var stepFailures: [ScenarioStepFailure] = []
    /// The capture, when it was kept in memory.
    public var capture: String?

    /// The result of running `scenario`: its verdict, or why there is none.
    public init(scenario: Scenario, verdict: TraceVerdict? = nil, error: String? = nil, skipped: String? = nil) {
        self.scenario = scenario
        self.verdict = verdict
        self.error = error
        self.skipped = skipped
    }

    /// The requirement ids the checker found violated.
    public var failedIDs: [RequirementID] { verdict?.failedIDs ?? [] }

    /// True when the checker found nothing, every step ran and the app kept the protocol.
    public var conforms: Bool { error == nil && skipped == nil && failedIDs.isEmpty && stepFailures.isEmpty }

    /// One case per requirement (`SCENARIO:ID`), for ``RunReport``: the checker's verdicts, or the
    /// scenario's own requirements as skipped or error when there is no verdict; then a failed
    /// case `SCENARIO:steps[N]` per step that never ran.
    public func caseResults() -> [CaseResult] {
        if let verdict, error == nil {
            return verdict.caseResults().map { result in
                var copy = result
                copy.location = scenario.file
                return copy
            } + stepFailures.map(\.caseResult)
        }
        let outcome: CaseOutcome = error.map { .error(message: $0) } ?? .skipped(reason: skipped ?? "not run")
        return scenario.requirements.map { id in
            CaseResult(id: "\(scenario.name):\(id.rawValue)", description: scenario.description, requirement: id, outcome: outcome, location: scenario.file)
        }
    }
}

extension ScenarioStepFailure {
    /// The failed case `SCENARIO:steps[N]`; it names no requirement, so it is listed under the
    /// pseudo-id `steps`.
    public var caseResult: CaseResult {
        CaseResult(
            id: caseID, description: "the scenario's steps[\(index)] (\(action))", requirement: RequirementID("steps"),
            outcome: .failed(expected: "the step runs when its time or moment comes", observed: description), location: location)
    }
}
