import SocketIOWire

/// One requirement as the checker judges it: its id, whose events can show a violation, what
/// the check looks at, and the tolerance it allows, which every report line states.
public struct TraceRuleInfo: Sendable, Hashable {
    /// The requirement, e.g. `FLOW-1`.
    public var id: RequirementID
    /// The roles whose recorded events can show a violation; the rule is skipped on a trace without any of them.
    public var evidence: Set<TraceRole>
    /// What the check looks at in a trace, in one sentence.
    public var check: String
    /// The tolerance the check allows, if any, e.g. `allows clockSkewToleranceMs between actors`.
    public var tolerance: String?
    /// The roles whose behaviour the rule judges; it is skipped on a trace whose `subject` holds none of them.
    public var about: Set<TraceRole>

    /// A rule for `id`; `about` defaults to the backend for rules judged from backend evidence,
    /// else to the evidence roles.
    public init(_ id: RequirementID, evidence: Set<TraceRole>, check: String, tolerance: String? = nil, about: Set<TraceRole>? = nil) {
        self.id = id
        self.evidence = evidence
        self.check = check
        self.tolerance = tolerance
        self.about = about ?? (evidence == Self.backendEvidence ? [.backend] : evidence)
    }

    /// The check and its tolerance, as the report's case description.
    public var summary: String {
        guard let tolerance else { return check }
        return "\(check) (\(tolerance))"
    }

    /// Evidence for a rule about the backend: its own events, or else what the apps saw of it.
    static let backendEvidence: Set<TraceRole> = [.backend, .client, .worker]
}

/// A check over a trace for one requirement, or a few that share one decision (the reasons an
/// accept is wrong, FLOW-2/10/11/12). Rules see each event before the session model takes it in.
protocol TraceRule: Sendable {
    /// The requirements it reports.
    var infos: [TraceRuleInfo] { get }
    /// The event kinds it wants to see.
    var kinds: Set<TraceEventKind> { get }
    /// Whether it judges backend facts (``BackendFact``).
    var wantsFacts: Bool { get }
    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext)
    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext)
    /// Whether it judges answers of the task API (``TaskAnswer``).
    var wantsTaskAnswers: Bool { get }
    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext)
    /// Judges an obligation it scheduled, now due.
    mutating func due(_ obligation: Obligation, _ context: inout RuleContext)
    /// Drops whatever it keeps about a request the session forgets.
    mutating func forget(_ req: String)
}

extension TraceRule {
    var kinds: Set<TraceEventKind> { [] }
    var wantsFacts: Bool { false }
    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {}
    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {}
    var wantsTaskAnswers: Bool { false }
    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {}
    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {}
    mutating func forget(_ req: String) {}
}

/// What a rule works with: the session model, the violation log, and the obligation queue.
struct RuleContext: Sendable {
    var session: TraceSession
    var log: ViolationLog
    var obligations = ObligationQueue()
    /// The rule being run, so its obligations come back to it.
    var currentRule = 0
    /// The line and time of the event being consumed; obligations fall due while it is read.
    var currentLine = 0
    var currentTs: Int64 = 0
    /// For an `http.request`, its classification against the header's paths, made once for all
    /// rules; empty for other events. Read where ``facts`` holds it, as ``message`` is: copying it
    /// in for every event was a measurable share of the checker's time.
    var call: ExchangeState {
        _read {
            if let facts { yield facts.call } else { yield Self.noCall }
        }
    }
    private static let noCall = ExchangeState()
    /// The facts of the event being consumed, which ``message`` reads in place.
    var facts: TraceEventFacts?
    /// For an `io.in` or `io.out`, its protocol event and `ReqID`, read once for all rules; read
    /// where ``facts`` holds it rather than copied per event (it is several hundred bytes).
    var message: MessageFacts {
        _read {
            if let facts { yield facts.message } else { yield Self.noMessage }
        }
    }
    private static let noMessage = MessageFacts()

    var header: TraceHeader { session.header }
    var skew: Int64 { session.header.clockSkewToleranceMs }
    /// The backend when it records the trace, the clock of an obligation that its own answer and
    /// its own emission meet (``Obligation/clock``); nil when only the apps record.
    var backendClock: TraceActor? { session.backendRecorded ? .backend : nil }

    /// Records a violation of `id`.
    mutating func report(_ id: RequirementID, lines: [Int], expected: String, observed: String) {
        log.add(Violation(requirement: id, lines: lines, expected: expected, observed: observed))
    }

    /// Asks for the current rule to judge something at `due`; with a `clock`, as soon as that
    /// actor's lines pass `due` (``Obligation/clock``).
    mutating func schedule(due: Int64, req: String, actor: TraceActor? = nil, clock: TraceActor? = nil, tag: Int = 0, line: Int) {
        obligations.push(Obligation(due: due, rule: currentRule, req: req, actor: actor, clock: clock, tag: tag, line: line, sequence: 0))
    }
}

/// Violations per requirement: every one counted, the first ``limit`` kept with their details,
/// so a trace with millions of violations still reports in constant memory.
struct ViolationLog: Sendable {
    /// How many violations of one requirement are kept in full by default.
    static let limit = 50
    /// How many this log keeps in full.
    var keep = ViolationLog.limit

    private(set) var kept: [RequirementID: [Violation]] = [:]
    private(set) var counts: [RequirementID: Int] = [:]

    mutating func add(_ violation: Violation) {
        counts[violation.requirement, default: 0] += 1
        if kept[violation.requirement, default: []].count < keep {
            kept[violation.requirement, default: []].append(violation)
        }
    }
}

extension JSONValue {
    /// Short text for report lines: compact JSON cut at 120 characters.
    var reportText: String {
        let text = compactText
        return text.count > 120 ? String(text.prefix(117)) + "..." : text
    }
}
