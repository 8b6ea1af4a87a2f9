/// How one case of a run ended: every result is passed, failed, skipped with a reason, or error.
public enum CaseOutcome: Sendable, Hashable {
    /// The implementation answered as the requirement demands.
    case passed
    /// It answered otherwise: what was expected and what was observed.
    case failed(expected: String, observed: String)
    /// It was not run, and why.
    case skipped(reason: String)
    /// It could not be judged: the testee hung, crashed or answered nonsense.
    case error(message: String)
    /// No verdict: the kit itself could not keep time (its machine starved it), so what it saw
    /// says nothing about the testee. A run with one exits 2 unless something failed.
    case inconclusive(reason: String)

    /// A one-word label for reports: `passed`, `failed`, `skipped`, `error`.
    public var label: String {
        switch self {
        case .passed: return "passed"
        case .failed: return "failed"
        case .skipped: return "skipped"
        case .error: return "error"
        case .inconclusive: return "inconclusive"
        }
    }

    /// True for failed and error: outcomes a known-failures list may excuse.
    public var isProblem: Bool {
        switch self {
        case .failed, .error: return true
        case .passed, .skipped, .inconclusive: return false
        }
    }
}

/// The result of one case: which vector or check, the requirement, and how it ended.
public struct CaseResult: Sendable, Hashable {
    /// The case id (a vector id, a rule id ...).
    public var id: String
    public var description: String
    /// The requirement the case checks.
    public var requirement: RequirementID
    public var outcome: CaseOutcome
    /// True when a known-failures list names this case and it did fail: it does not fail the run.
    public var knownFailure: Bool
    /// Where the case comes from (`file:line`), when it comes from a file.
    public var location: String?
    /// Wall time spent on the case.
    public var durationSeconds: Double
    /// For a rule checked over a trace: the violations found (at most the first
    /// ``Violation``s the checker keeps), each with its lines, expected and observed.
    public var violations: [Violation]
    /// How many violations there were in all, including those not kept in ``violations``.
    public var violationCount: Int
    /// Every requirement the case checks, when it checks several (a `jobwire verify` case); ``requirement`` is the first.
    public var requirements: [RequirementID]
    /// What a person needs besides the violations to act on a failure, one line each (a caught
    /// race's smallest round, its interleaving as observed, and how to replay it).
    public var notes: [String] = []

    public init(id: String, description: String, requirement: RequirementID, outcome: CaseOutcome, knownFailure: Bool = false, location: String? = nil, durationSeconds: Double = 0, violations: [Violation] = [], violationCount: Int? = nil, requirements: [RequirementID] = []) {
        self.requirements = requirements.isEmpty ? [requirement] : requirements
        self.id = id
        self.description = description
        self.requirement = requirement
        self.outcome = outcome
        self.knownFailure = knownFailure
        self.location = location
        self.durationSeconds = durationSeconds
        self.violations = violations
        self.violationCount = violationCount ?? violations.count
    }
}
