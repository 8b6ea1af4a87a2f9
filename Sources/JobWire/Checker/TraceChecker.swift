/// Replays a trace through every rule of ``TraceRuleBook`` and collects the violations: the one
/// verdict `jobwire check`, the broker and `verify` all end in (`verify`'s TASK cases too).
///
/// Feed it events in line order with ``consume(_:)``, then call ``finish()``. It keeps only
/// bounded state (see ``TraceSession``), so traces of any length are checked in constant memory;
/// the task API's accounts and tasks grow with the users and tasks a trace shows, not its length.
public struct TraceChecker: Sendable {
    /// The header of the trace being checked.
    public let header: TraceHeader
    private var rules: [any TraceRule]
    private var context: RuleContext
    /// The origin of the facts this checker derives itself, from its header's profile.
    private let ownOrigin: FactsOrigin
    /// The last origin of decoded facts found to hold this header's profile.
    private var trustedOrigin: FactsOrigin
    /// The number of events consumed.
    public private(set) var eventCount = 0
    /// The first line that contradicts the trace before it (``XIDOwnership``), its event left
    /// unjudged; ``check(file:keep:read:)`` stops there with this error, its file filled in.
    public private(set) var contradiction: InputError?

    /// A checker for a trace with this header, running every rule of ``TraceRuleBook``; it keeps
    /// the details of the first `keep` violations of each requirement and counts the rest.
    public init(header: TraceHeader, keep: Int = 50) {
        self.header = header
        ownOrigin = FactsOrigin(header.profile)
        trustedOrigin = ownOrigin
        rules = TraceRuleBook.makeRules()
        context = RuleContext(session: TraceSession(header: header), log: ViolationLog(keep: keep))
    }

    /// Which rules (places in ``TraceRuleBook/makeRules()``) see each event kind, the backend
    /// facts and the task answers. Each rule's interests are fixed by its type, so they are worked
    /// out once rather than by every checker, of which a test run starts thousands.
    private struct RuleDispatch {
        var byKind: [TraceEventKind: [Int]] = [:]
        var factRules: [Int] = []
        var taskRules: [Int] = []
    }

    private static let ruleDispatch: RuleDispatch = {
        var dispatch = RuleDispatch()
        for (index, rule) in TraceRuleBook.makeRules().enumerated() {
            for kind in rule.kinds { dispatch.byKind[kind, default: []].append(index) }
            if rule.wantsFacts { dispatch.factRules.append(index) }
            if rule.wantsTaskAnswers { dispatch.taskRules.append(index) }
        }
        return dispatch
    }()

    /// Judges one event against everything before it. An event ``TraceReader`` decoded carries
    /// what is derived from it and its trace's header alone (``TraceEventFacts``), which hold
    /// only under that header's profile; facts of an event made in memory, or decoded under
    /// another profile, are derived here.
    public mutating func consume(_ event: TraceEvent) {
        guard let facts = event.facts, holds(facts.origin) else {
            var derived = event
            derived.facts = TraceEventFacts(event, origin: ownOrigin)
            return consume(derived)
        }
        if let problem = XIDOwnership.problem(with: event, exchanges: context.session.exchanges) {
            if contradiction == nil { contradiction = InputError(file: "", line: event.line, field: "xid", message: problem) }
            return
        }
        eventCount += 1
        if event.ts > context.session.now { context.session.now = event.ts }
        context.currentLine = event.line
        context.currentTs = event.ts
        let horizon = context.session.now - header.clockSkewToleranceMs
        while let obligation = context.obligations.popDue(before: horizon) {
            context.currentRule = obligation.rule
            rules[obligation.rule].due(obligation, &context)
        }
        if context.obligations.hasClocked {
            // This actor's own clock has passed these, by as much as its lines have ever gone back.
            let passed = event.ts - (context.session.actors[event.actor]?.mostWentBack ?? 0)
            while let obligation = context.obligations.popDue(before: passed, clock: event.actor) {
                context.currentRule = obligation.rule
                rules[obligation.rule].due(obligation, &context)
            }
        }
        for req in context.session.advance(to: event.ts) {
            for index in rules.indices { rules[index].forget(req) }
        }
        context.facts = facts
        let fact = context.session.backendFact(for: event, call: facts.call, message: facts.message)
        if let interested = Self.ruleDispatch.byKind[event.kind] {
            for index in interested {
                context.currentRule = index
                rules[index].observe(event, &context)
            }
        }
        if let fact {
            for index in Self.ruleDispatch.factRules {
                context.currentRule = index
                rules[index].observe(fact, &context)
            }
        }
        if let answer = context.session.taskAnswer(for: event) {
            for index in Self.ruleDispatch.taskRules {
                context.currentRule = index
                rules[index].observe(answer, &context)
            }
            context.session.tasks.apply(answer)
        }
        context.session.apply(event, fact: fact, call: facts.call, facts: facts)
    }

    /// Consumes `event` of the trace `file`, throwing the ``contradiction`` it is, with `file` in it.
    private mutating func consume(_ event: TraceEvent, in file: String) throws(InputError) {
        consume(event)
        if var contradiction {
            contradiction.file = file
            throw contradiction
        }
    }

    /// Whether facts derived under `origin` hold for this header: compared by identity per event,
    /// by profile only when a new origin comes.
    private mutating func holds(_ origin: FactsOrigin) -> Bool {
        if origin === trustedOrigin { return true }
        guard origin.profile == header.profile else { return false }
        trustedOrigin = origin
        return true
    }

    /// How many requests the checker keeps in full now; stays bounded on traces of any length.
    var rememberedRequests: Int { context.session.requests.count }
    /// How many requests are reduced to their tombstones (``TombstoneTable``).
    var retiredRequests: Int { context.session.tombstones.count }
    /// How many obligations wait to be judged.
    var pendingObligations: Int { context.obligations.count }
    /// The latest time an obligation waiting to be judged is due, or nil when none waits: a trace
    /// must run past it by `clockSkewToleranceMs` for every obligation started so far to be judged.
    public var latestObligationDue: Int64? { context.obligations.latestDue }

    /// True when the trace ending at `now` would leave an obligation unjudged that fails once
    /// its time passes with nothing more in the trace: an app may still meet it, so a recorder
    /// that wants it judged waits for the trace's clock to pass it (Docs/RECORD.md, "The end").
    /// Obligations that would pass, or that their rule dismisses (a timeout of a request that
    /// ended), are not waited for. Judged on copies: this checker is unchanged.
    public func awaitsFailingObligation(at now: Int64) -> Bool {
        guard let latest = latestObligationDue else { return false }
        var ending = self
        var waited = self
        ending.consume(TraceEvent(ts: now, actor: .backend, body: .end))
        waited.consume(TraceEvent(ts: max(now, latest + header.clockSkewToleranceMs + 1), actor: .backend, body: .end))
        return waited.context.log.counts.values.reduce(0, +) > ending.context.log.counts.values.reduce(0, +)
    }

    /// The verdict per requirement. Obligations whose time lies after the trace's end are not judged.
    public func finish() -> [RuleVerdict] {
        // Read once rather than through `self` per requirement: a debug build (the tests') copies
        // the whole context and header at each such read, and a checker finishes per scenario run.
        let (log, roles, subject) = (context.log, header.roles, header.subject)
        var verdicts: [RuleVerdict] = []
        verdicts.reserveCapacity(Self.requirementOrder.count)
        for rule in rules {
            for info in rule.infos {
                let recorded = !info.evidence.isDisjoint(with: roles)
                let underTest = !info.about.isDisjoint(with: subject)
                verdicts.append(
                    RuleVerdict(
                        info: info, applicable: recorded && underTest, underTest: underTest,
                        violations: log.kept[info.id] ?? [],
                        violationCount: log.counts[info.id] ?? 0))
            }
        }
        return Self.requirementOrder.map { verdicts[$0] }
    }

    /// The places of the rule book's verdicts in requirement order (ties in rule-book order),
    /// worked out once: a checker finishes after every scenario, capture and verify case, and
    /// sorting by ids each time (which parses both ids per comparison) was a sixth of the test
    /// suite's time. Each rule's `infos` are fixed by its type, so the order is the same for every checker.
    private static let requirementOrder: [Int] = {
        let ids = TraceRuleBook.makeRules().flatMap(\.infos).map(\.id)
        return ids.indices.sorted { ids[$0] < ids[$1] || (ids[$0] == ids[$1] && $0 < $1) }
    }()

    /// Checks the trace file at `path` as a stream; unreadable input is an error naming the line.
    public static func check(path: String, displayPath: String? = nil) throws(InputError) -> TraceVerdict {
        try check(file: displayPath ?? path) { (body: (TraceReader.Item) throws(InputError) -> Void) throws(InputError) in
            try TraceReader.read(path: path, displayPath: displayPath, body)
        }
    }

    /// Checks the trace `read` hands its argument, a header and then the events in line order
    /// (as ``TraceReader/read(path:displayPath:_:)`` does), keeping the details of the first
    /// `keep` violations per requirement; `read`'s error is the check's. The way to plug in
    /// another reader: `jobwire check` reads and decodes on a second thread (JobWireAdapters'
    /// `TracePipeline`), which this module, free of threads, does not start.
    public static func check(
        file: String, keep: Int = 50, read: ((TraceReader.Item) throws(InputError) -> Void) throws(InputError) -> Void
    ) throws(InputError) -> TraceVerdict {
        var checker: TraceChecker?
        try read { (item: TraceReader.Item) throws(InputError) in
            switch item {
            case .header(let header): checker = TraceChecker(header: header, keep: keep)
            case .event(let event): try checker!.consume(event, in: file)
            }
        }
        guard let checker else { throw InputError(file: file, line: 1, message: "the trace has no header") }
        return TraceVerdict(file: file, header: checker.header, eventCount: checker.eventCount, rules: checker.finish())
    }

    /// Checks events already read or made (each with its line), as `jobwire check` checks the
    /// trace they make; keeps the details of the first `keep` violations per requirement. Events
    /// that contradict themselves (``contradiction``) are refused with the same error, `file` in it.
    public static func check(header: TraceHeader, events: [TraceEvent], file: String, keep: Int = 50) throws(InputError) -> TraceVerdict {
        var checker = TraceChecker(header: header, keep: keep)
        for event in events { try checker.consume(event, in: file) }
        return TraceVerdict(file: file, header: header, eventCount: checker.eventCount, rules: checker.finish())
    }

    /// Checks a trace held in memory, keeping the details of the first `keep` violations per requirement.
    public static func check(text: String, file: String, keep: Int = 50) throws(InputError) -> TraceVerdict {
        try check(file: file, keep: keep) { (body: (TraceReader.Item) throws(InputError) -> Void) throws(InputError) in
            try TraceReader.read(text: text, file: file, body)
        }
    }
}

/// One requirement's verdict on one trace.
public struct RuleVerdict: Sendable {
    /// The rule.
    public var info: TraceRuleInfo
    /// False when the trace holds no events of a role that could show a violation, or does not test the rule's roles.
    public var applicable: Bool
    /// False when the header's `subject` holds none of the roles the rule judges.
    public var underTest = true
    /// The violations kept (the first ``ViolationLog/limit``).
    public var violations: [Violation]
    /// How many violations there were.
    public var violationCount: Int

    /// True when applicable and violated.
    public var failed: Bool { applicable && violationCount > 0 }
}

/// The checker's verdict on one trace file: per requirement, passed, failed with violations, or skipped.
public struct TraceVerdict: Sendable {
    /// The file as the user named it.
    public var file: String
    /// Its header.
    public var header: TraceHeader
    /// How many events it held.
    public var eventCount: Int
    /// One verdict per requirement, in requirement order.
    public var rules: [RuleVerdict]

    /// A verdict, as a checker that consumed the trace's events produces it.
    public init(file: String, header: TraceHeader, eventCount: Int, rules: [RuleVerdict]) {
        self.file = file
        self.header = header
        self.eventCount = eventCount
        self.rules = rules
    }

    /// The requirement ids that failed.
    public var failedIDs: [RequirementID] { rules.filter(\.failed).map(\.info.id) }

    /// One case per requirement, for ``RunReport`` and its text, JSON and JUnit renderings;
    /// case ids are `FILE:ID`.
    public func caseResults() -> [CaseResult] {
        rules.map { verdict in
            let outcome: CaseOutcome
            if !verdict.underTest {
                let subject = TraceRole.allCases.filter(header.subject.contains).map(\.protocolName).joined(separator: " and ")
                outcome = .skipped(reason: "the trace tests only the \(subject) (its subject)")
            } else if !verdict.applicable {
                let roles = verdict.info.evidence.map(\.protocolName).sorted().joined(separator: " or ")
                outcome = .skipped(reason: "the trace holds no \(roles) events")
            } else if let first = verdict.violations.first {
                let more = verdict.violationCount > 1 ? " (and \(verdict.violationCount - 1) more)" : ""
                outcome = .failed(expected: first.expected, observed: "\(first.linesText): \(first.observed)\(more)")
            } else {
                outcome = .passed
            }
            return CaseResult(
                id: "\(file):\(verdict.info.id.rawValue)", description: verdict.info.summary, requirement: verdict.info.id,
                outcome: outcome, location: file, violations: verdict.applicable ? verdict.violations : [],
                violationCount: verdict.applicable ? verdict.violationCount : 0)
        }
    }
}
