import SocketIOWire

/// FIX-1 ... FIX-5: a backend under test that offers a test fixture answers it as PROTOCOL.md's FIX
/// area says, in shape and in value. The fixtures are no calls of the apps, so REST-1 and REST-7
/// leave them alone; but a hook that answers success with another worker's or client's id, a
/// settings answer with a negative or missing boundary, or a clock that says it moved and did not,
/// misleads every test that relies on it, so each is reported under its own id.
///
/// Only successes are judged (a backend without a hook answers `not_found`, and verify skips what
/// needs it); what the backend then does with a record or a boundary is the MUST rules' to judge
/// (REST-17, MSG-14, TASK-4, TASK-13, FLOW-15).
struct FixtureAnswers: TraceRule {
    let infos = [
        TraceRuleInfo(
            "FIX-1", evidence: TraceRuleInfo.backendEvidence,
            check: "a successful worker fixture answers {\"ok\": true, \"workerId\"} naming the worker of its path; a body that is no worker record of that worker (name, avatar, rating, an ELIG-10 profile whose userID is the path's) is bad_request, not a success"),
        TraceRuleInfo(
            "FIX-2", evidence: TraceRuleInfo.backendEvidence,
            check: "a successful client fixture answers {\"ok\": true, \"clientId\"} naming the client of its path; a body with a BlockedXP that is no array of ids or a Delay that is no whole number of seconds is bad_request, not a success"),
        TraceRuleInfo("FIX-3", evidence: TraceRuleInfo.backendEvidence, check: "a successful settings answer announces `timeoutMs`, a number of at least 0"),
        TraceRuleInfo(
            "FIX-4", evidence: TraceRuleInfo.backendEvidence,
            check: "a successful clock fixture answers `now`, a number no earlier than the call's time plus `advanceMs` nor than the previous answer's `now` plus `advanceMs`",
            tolerance: "allows clockSkewToleranceMs against the call's time"),
        TraceRuleInfo(
            "FIX-5", evidence: TraceRuleInfo.backendEvidence,
            check: "a successful settings answer's `taskCancelCutoffMs`, `sessionTtlMs` and `rememberMeTtlMs`, where present, are numbers of at least 0"),
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest, .httpResponse] }
    var wantsFacts: Bool { true }
    var wantsTaskAnswers: Bool { true }

    /// The clock fixture calls seen and not yet answered, by xid.
    private var clockCalls: [String: ClockCall] = [:]
    /// The last successful clock answer's `now` and its line.
    private var lastNow: (now: Int64, line: Int)?

    /// One clock fixture call: the `advanceMs` it asked for (nil when malformed) and when it was first seen.
    private struct ClockCall {
        var advanceMs: Int64?
        var ts: Int64
        var line: Int
    }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        switch event.body {
        case .httpRequest(let request):
            guard clockCalls[request.xid] == nil, let route = context.header.profile.clockFixture,
                route.match(method: request.method, path: RESTRequestPath(request.path)) != nil
            else { return }
            let advance = request.body?["advanceMs"]?.integerValue.flatMap { $0 >= 0 ? $0 : nil }
            clockCalls[request.xid] = ClockCall(advanceMs: advance, ts: event.ts, line: event.line)
        case .httpResponse(let response):
            // One judgement per call: from the backend's answer when it recorded, else the app's receipt.
            guard (event.actor.role == .backend) == context.session.backendRecorded, let call = clockCalls.removeValue(forKey: response.xid),
                response.status != nil, response.succeeded
            else { return }
            judgeClock(call, answer: response.body, line: event.line, &context)
        default:
            return
        }
    }

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        guard case .answered(let answer) = fact, answer.response.status != nil, answer.succeeded else { return }
        switch answer.call {
        case .workerFixture:
            judgeRecord("FIX-1", ContractShapes.workerFixtureAnswer, member: "workerId", path: answer.worker, answer: answer, &context)
        case .clientFixture:
            judgeRecord("FIX-2", ContractShapes.clientFixtureAnswer, member: "clientId", path: answer.user, answer: answer, &context)
        default:
            return
        }
    }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call == .settings, answer.succeeded else { return }
        guard let object = answer.body?.objectValue else {
            context.report("FIX-3", lines: [answer.line], expected: "the settings answer as a JSON object", observed: "\(answer.body?.typeDescription ?? "no body")")
            return
        }
        var found: [RequirementID: [String]] = [:]
        for problem in ContractShapes.settingsAnswer.problems(object) {
            found[problem.requirement == "FIX-5" ? "FIX-5" : "FIX-3", default: []].append("`\(problem.field)` \(problem.problem)")
        }
        for (id, problems) in found.sorted(by: { $0.key < $1.key }) {
            let what = id == "FIX-3" ? "`timeoutMs`, the client's timeout in ms" : "each boundary it announces"
            context.report(id, lines: [answer.line], expected: "\(what) as a number of at least 0", observed: problems.joined(separator: "; "))
        }
    }

    /// A worker or client fixture's success: its answer's shape, `member` naming the id of its path, and a well-formed body.
    private func judgeRecord(_ id: RequirementID, _ shape: MessageShape, member: String, path: String?, answer: AnswerFact, _ context: inout RuleContext) {
        let expected = "{\"ok\": true, \"\(member)\": the id of the path\(path.map { ", \($0)" } ?? "")}"
        guard let object = answer.response.body?.objectValue else {
            context.report(id, lines: [answer.line], expected: expected, observed: "\(answer.response.body?.typeDescription ?? "no body")")
            return
        }
        var problems = shape.problems(object).map { "`\($0.field)` \($0.problem)" }
        if problems.isEmpty, let path, let named = object[member].flatMap(\.idText), named != path {
            problems.append("`\(member)` is \(named), not \(path) of the path")
        }
        if !problems.isEmpty {
            context.report(id, lines: [answer.line], expected: expected, observed: problems.joined(separator: "; "))
        }
        // "A malformed body is bad_request as in REST-13" (the decision of FIX-1): taking it misleads the test.
        if let problem = PayloadShape.fixtureBodyProblem(answer) {
            context.report(id, lines: [answer.line], expected: "400 bad_request for a fixture body whose \(problem)", observed: "\(answer.response.status ?? 0), a success")
        }
    }

    /// A clock fixture's success: `now` a number, moved by `advanceMs` from the call's time and from
    /// the previous `now` (the clock only moves forward).
    private mutating func judgeClock(_ call: ClockCall, answer: JSONValue?, line: Int, _ context: inout RuleContext) {
        let advance = call.advanceMs ?? 0
        guard let object = answer?.objectValue else {
            context.report("FIX-4", lines: [call.line, line], expected: "{\"ok\": true, \"now\": the backend's new time}", observed: "\(answer?.typeDescription ?? "no body")")
            return
        }
        if let problem = ContractShapes.clockAnswer.problems(object).first {
            context.report("FIX-4", lines: [call.line, line], expected: "{\"ok\": true, \"now\": the backend's new time}", observed: "`\(problem.field)` \(problem.problem)")
            return
        }
        guard let now = object["now"]?.doubleValue.map({ Int64($0) }) else { return }
        let skew = context.skew
        if now < call.ts + advance - skew {
            context.report(
                "FIX-4", lines: [call.line, line], expected: "`now` at least the call's time \(call.ts) plus `advanceMs` \(advance), less \(skew) ms",
                observed: "`now` \(now): \(call.ts + advance - now) ms short, so the clock did not move as asked")
        } else if let last = lastNow, now < last.now + advance {
            context.report(
                "FIX-4", lines: [last.line, call.line, line], expected: "`now` at least the previous answer's \(last.now) plus `advanceMs` \(advance)",
                observed: "`now` \(now): \(last.now + advance - now) ms short, the clock went back")
        }
        lastNow = (now, line)
    }
}
