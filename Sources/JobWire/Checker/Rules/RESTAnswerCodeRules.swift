import SocketIOWire

/// REST-8 ... REST-14 and REST-19: which answer a call deserves, from what the trace shows of the call and of
/// its request: the failure codes that apply, in the order of REST-14, then success.
///
/// The backend handles a call somewhere between its receipt and its answer, so an answer is right
/// when it fits the request's state at either end of that window; from app events a failure may
/// also be explained by a transition recorded up to clockSkewToleranceMs after it. What the trace cannot show
/// (a request it never saw, a worker's profile it does not know) makes every answer acceptable
/// from there on. Ids the header lists under `unknown` are known not to exist (REST-11).
struct RESTAnswerCodes: TraceRule {
    let infos = [
        TraceRuleInfo(
            "REST-8", evidence: TraceRuleInfo.backendEvidence, check: "a WorkerAccept for a request another WorkerAccept won is answered 409 race_lost",
            tolerance: "a WorkerAccept sent earlier whose answer its app never read (a transport `error` but `refused`) may be that winner"),
        TraceRuleInfo("REST-9", evidence: TraceRuleInfo.backendEvidence, check: "a WorkerAccept by a worker failing ELIG-1 to ELIG-5 for a channel request, or not addressed by a direct one, is answered 403 not_eligible, and only then"),
        TraceRuleInfo("REST-10", evidence: TraceRuleInfo.backendEvidence, check: "a WorkerAccept, cancel or close for a cancelled (closed) request is answered 410 request_cancelled (request_closed), and only then; of two ends in flight together at most one succeeds"),
        TraceRuleInfo(
            "REST-11", evidence: TraceRuleInfo.backendEvidence, check: "a call naming a request or worker the header lists as unknown is answered 404 not_found, and a known one never is",
            tolerance: "a request that ended a day or more before the answer (plus clockSkewToleranceMs) may have been forgotten (REST-16's retention)"),
        TraceRuleInfo("REST-12", evidence: TraceRuleInfo.backendEvidence, check: "a close for a request no worker won is answered 409 not_in_progress, and only then"),
        TraceRuleInfo("REST-13", evidence: TraceRuleInfo.backendEvidence, check: "a malformed body or query is answered 400 bad_request naming the first offending field in PROTOCOL.md's order, and only then"),
        TraceRuleInfo("REST-14", evidence: TraceRuleInfo.backendEvidence, check: "when several failure codes apply, the answer is the first in REST-14's order"),
        TraceRuleInfo("REST-19", evidence: TraceRuleInfo.backendEvidence, check: "a cancel whose clientId is not the posting client's, or a close whose caller id is neither that client's nor the winner's, is answered 403 not_eligible, and only then"),
    ]
    var wantsFacts: Bool { true }
    private var started: [String: Snapshot] = [:]
    private var waiting: [Int: (answer: AnswerFact, atAnswer: Snapshot)] = [:]
    /// Per request, the line of the first cancel or close answered with success.
    private var firstEnd: [String: Int] = [:]

    /// What the checker knows of a request at one moment.
    struct Snapshot: Sendable {
        var exists = false
        var ended: ProtocolEvent?
        /// When it ended: a day later the backend may have forgotten it (``HistoryRetention``).
        var endedAt: Int64?
        var winner: String?
        /// The posting client's id, which a cancel or a client's close must carry (REST-19).
        var clientId: String?
    }

    static let requirementOfCode: [String: RequirementID] = [
        "bad_request": "REST-13", "not_found": "REST-11", "request_closed": "REST-10", "request_cancelled": "REST-10",
        "not_in_progress": "REST-12", "race_lost": "REST-8", "not_eligible": "REST-9",
    ]

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        // Every id here is the backend's; REST-18's rule info also judges the worker app (its
        // position body, AppRequestCheck), so a worker under test is not failed for an answer.
        guard context.header.subject.contains(.backend) else { return }
        switch fact {
        case .received(let call):
            if started.count > 10_000 { started.removeAll() }
            started[call.xid] = snapshot(call.req, context.session)
        case .answered(let answer):
            guard answer.response.status != nil, !answer.call.isFixture else { return }
            let req = answer.call == .postRequest ? nil : answer.req
            // Rules see the answer before the session takes it in: this state lacks the call's own effect.
            let atAnswer = snapshot(req, context.session)
            let start = started.removeValue(forKey: answer.xid) ?? atAnswer
            let answered = Self.answered(answer)
            guard answered == "success" || RESTAnswerShapes.statuses[answered] != nil, answered != "server_error" else { return }
            let fixed = callCandidates(answer, context)
            let lists = [candidates(answer, start, fixed), candidates(answer, atAnswer, fixed)]
            let endLine = answered == "success" && (answer.call == .cancel || answer.call == .close) ? req.flatMap { firstEnd[$0] } : nil
            if let req, answered == "success", answer.call == .cancel || answer.call == .close, firstEnd[req] == nil { firstEnd[req] = answer.line }
            if (lists + Self.between(start, atAnswer).map { candidates(answer, $0, fixed) }).contains(where: { Self.accepts($0, answered) }) {
                if let endLine, let req { reportSecondEnd(answer, req: req, firstLine: endLine, &context) }
                checkField(answer, answered, fixed, &context)
            } else if answered == "success" {
                // A success is judged by the state the call found: an end the trace shows before the
                // answer may be this very call's doing (from app events its `cancel` can be
                // recorded before the caller records the answer).
                blame(answer, answered, lists[0], taken: false, &context)
            } else if context.session.backendRecorded {
                blame(answer, answered, lists[1], taken: false, &context)
            } else {
                // From app events a transition that explains a failure may be recorded a little later.
                waiting[answer.line] = (answer, atAnswer)
                context.schedule(due: answer.ts + context.skew, req: answer.req ?? "", tag: answer.line, line: answer.line)
            }
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let (answer, atAnswer) = waiting.removeValue(forKey: obligation.tag) else { return }
        let req = answer.call == .postRequest ? nil : answer.req
        let answered = Self.answered(answer)
        let fixed = callCandidates(answer, context)
        if Self.accepts(candidates(answer, snapshot(req, context.session), fixed), answered) { return }
        blame(answer, answered, candidates(answer, atAnswer, fixed), taken: true, &context)
    }

    /// The states a call may have met between its start and its answer besides those two: when
    /// both a win and an end came in that window, the trace cannot tell which the backend decided
    /// first, so the call may have met the win without the end, or the end without the win
    /// (many racers: a loser answered `race_lost` before the cancel that the trace records first).
    static func between(_ start: Snapshot, _ atAnswer: Snapshot) -> [Snapshot] {
        guard start.winner == nil, atAnswer.winner != nil, start.ended == nil, atAnswer.ended != nil else { return [] }
        var won = start
        won.winner = atAnswer.winner
        var ended = start
        ended.ended = atAnswer.ended
        return [won, ended]
    }

    static func answered(_ answer: AnswerFact) -> String {
        answer.succeeded ? "success" : (answer.response.body?["error"]?["code"]?.stringValue ?? "?")
    }

    /// The requirement a wrong answer of `code` breaks for `call`: not_eligible is REST-19's for a
    /// cancel or close; for the state and position calls any code but bad_request and not_found
    /// breaks the call's own requirement, which asks for success (REST-15 ... REST-18).
    static func requirement(of code: String, for call: RESTCallKind) -> RequirementID? {
        switch call {
        case .cancel, .close: if code == "not_eligible" { return "REST-19" }
        case .getRequest, .listRequests, .meProfile, .position:
            if code == "bad_request" || code == "not_found" { return requirementOfCode[code] }
            return call == .getRequest ? "REST-15" : call == .listRequests ? "REST-16" : call == .meProfile ? "REST-17" : "REST-18"
        default: break
        }
        return requirementOfCode[code]
    }

    /// Reports an answer that fits no state of its window, against the candidates of `list`;
    /// `taken` when the session model has already taken the answer in.
    private func blame(_ answer: AnswerFact, _ answered: String, _ list: [Candidate], taken: Bool, _ context: inout RuleContext) {
        let req = answer.call == .postRequest ? nil : answer.req
        guard let expected = list.first(where: \.definite) else { return }
        // An open request cancelled with no cancel call in the trace is the backend's own doing: FLOW-15's.
        if let req, answered == "request_cancelled", context.session.readRequest(req, { $0.winner }) == nil, context.session.readRequest(req, { $0.applyEmissions }) == 0,
            context.session.endsUnexplained(req, as: .cancel, ownCalls: taken || answer.call == .workerAccept ? 0 : 1)
        { return }
        let call = "\(answer.call.rawValue)\(req.map { " for \($0)" } ?? "")"
        if answered != "success", let later = list.first(where: { $0.definite && $0.code == answered }) {
            context.report(
                "REST-14", lines: [answer.line], expected: "\(expected.code) (\(expected.why.text)), which comes before \(answered) in REST-14's order",
                observed: "\(answered) for the \(call) (\(later.why.text))")
            return
        }
        let id: RequirementID?
        if expected.code != "success" {
            // A success where a failure was due is FLOW-7's after an end, FLOW-3's after a win.
            if answered == "success", answer.call == .workerAccept, ["request_closed", "request_cancelled", "race_lost"].contains(expected.code) { return }
            id = Self.requirement(of: expected.code, for: answer.call)
        } else {
            id = Self.requirement(of: answered, for: answer.call)
        }
        guard let id else { return }
        context.report(
            id, lines: [answer.line], expected: "\(expected.code == "success" ? "success" : "\(expected.code) with status \(RESTAnswerShapes.statuses[expected.code] ?? 0)") for the \(call): \(expected.why.text)",
            observed: answered == "success" ? "a success answer (status \(answer.response.status ?? 0))" : "\(answered) (status \(answer.response.status ?? 0))")
    }

    mutating func forget(_ req: String) { firstEnd[req] = nil }

    /// Two ends of one request in flight together both succeeded: each fits the state it started
    /// from, but whichever the backend decided second met the first's end and had to be 410 (the
    /// whole history shows it; an end started after the first's answer is judged above, by its state).
    private func reportSecondEnd(_ answer: AnswerFact, req: String, firstLine: Int, _ context: inout RuleContext) {
        context.report(
            "REST-10", lines: [firstLine, answer.line],
            expected: "one of the two ends of \(req) answered 410 request_cancelled or request_closed: the other ended it (line \(firstLine))",
            observed: "both answered with success")
    }

    /// Whether `answered` is acceptable for one list: it is one of the candidates up to the first
    /// definite one, or a `*` among them admits any code REST knows.
    static func accepts(_ list: [Candidate], _ answered: String) -> Bool {
        for candidate in list {
            if candidate.code == "*" { return answered == "success" || RESTAnswerShapes.statuses[answered] != nil }
            if candidate.code == answered { return true }
            if candidate.definite { break }
        }
        return false
    }

    /// A bad_request must name the first malformed field (REST-13).
    private func checkField(_ answer: AnswerFact, _ answered: String, _ fixed: CallCandidates, _ context: inout RuleContext) {
        guard answered == "bad_request", case .malformed(let field, let problem)? = fixed.leading.first?.why else { return }
        let named = answer.response.body?["error"]?["field"]?.stringValue
        guard named != field else { return }
        context.report(
            "REST-13", lines: [answer.line], expected: "bad_request naming `\(field)`, which \(problem)",
            observed: "bad_request naming `\(named ?? "no field")` for the \(answer.call.rawValue)")
    }

    private func snapshot(_ req: String?, _ session: TraceSession) -> Snapshot {
        guard let req else { return Snapshot() }
        // An `apply` shows that someone won even when the winner is not in the trace.
        return session.readRequest(req) { request in
            Snapshot(
                exists: request.exists, ended: request.endedBy, endedAt: request.endedAt, winner: request.winner ?? (request.applyEmissions > 0 ? "a worker" : nil),
                clientId: request.clientId)
        } ?? Snapshot()
    }

    /// The possible answers to the call in the request's state `state`, in REST-14's order;
    /// `fixed` holds the candidates that do not depend on that state (``CallCandidates``).
    private func candidates(_ answer: AnswerFact, _ state: Snapshot, _ fixed: CallCandidates) -> [Candidate] {
        var list = fixed.leading
        let req = fixed.req
        if let req, !state.exists { list.append(Candidate(code: "*", definite: false, why: .unseenRequest(req))) }
        if let req, HistoryRetention.mayForget(endedAt: state.endedAt, by: fixed.answeredBy) {
            list.append(Candidate(code: "not_found", definite: false, why: .forgotten(req)))
        }
        if let unseen = fixed.unseenWorker { list.append(unseen) }
        if let req, answer.call.actsOnRequest, let ended = state.ended {
            list.append(Candidate(code: ended == .close ? "request_closed" : "request_cancelled", definite: true, why: .ended(req, ended)))
        }
        // A WorkerAccept whose answer its app never read may have won (FLOW-4): the trace cannot say no worker did.
        let maybeWinner = state.winner == nil ? fixed.maybeWinner : nil
        if answer.call == .close, let req {
            list.append(Candidate(code: "not_in_progress", definite: state.winner == nil && maybeWinner == nil, why: .notWon(req)))
        }
        if answer.call == .workerAccept, let req {
            if let winner = state.winner {
                list.append(Candidate(code: "race_lost", definite: true, why: .won(req, winner: winner)))
            } else if let maybeWinner {
                list.append(Candidate(code: "race_lost", definite: false, why: .maybeWon(req, worker: maybeWinner)))
            }
            if let eligibility = fixed.eligibility { list.append(eligibility) }
        }
        if answer.call == .cancel || answer.call == .close, let req, let caller = callerCandidate(answer, req, state) {
            list.append(caller)
        }
        list.append(Candidate(code: "success", definite: true, why: .wellFormed(req)))
        return list
    }

    /// The candidates of one answer that depend on the call and the session but not on the
    /// request's state at one moment, worked out once per answer though several states are tried.
    private func callCandidates(_ answer: AnswerFact, _ context: RuleContext) -> CallCandidates {
        let session = context.session
        var fixed = CallCandidates()
        if let problem = answer.malformed {
            fixed.leading.append(Candidate(code: "bad_request", definite: true, why: .malformed(field: problem.field, problem: problem.problem)))
        }
        let body = answer.requestBody
        let worker: String? = {
            switch answer.call {
            case .workerAccept: return body?["workerId"].flatMap(\.idText)
            case .getJobs: return answer.worker
            case .postRequest: return body?["workerId"].flatMap(\.idText)
            case .meProfile, .position: return answer.worker
            // A close's caller id is a claim checked against the request (REST-19), not a record
            // the call needs, so an unknown one is not_eligible, not not_found (REST-11's Decision).
            case .close, .cancel, .getRequest, .listRequests, .workerFixture, .clientFixture: return nil
            }
        }()
        let req = answer.call == .getRequest || answer.call.actsOnRequest ? answer.req : nil
        fixed.req = req
        fixed.answeredBy = answer.ts + context.skew
        if let req, context.header.unknownRequests.contains(req) {
            fixed.leading.append(Candidate(code: "not_found", definite: true, why: .unknownRequest(req)))
        } else if let worker, context.header.unknownWorkers.contains(worker) {
            fixed.leading.append(Candidate(code: "not_found", definite: true, why: .unknownWorker(worker)))
        }
        if let worker, session.backendProfile(of: worker) == nil, session.actors[TraceActor(.worker, id: worker)] == nil {
            fixed.unseenWorker = Candidate(code: "not_found", definite: false, why: .unseenWorker(worker))
        }
        if answer.call == .workerAccept, let req {
            fixed.eligibility = eligibility(of: worker, for: req, session)
        }
        if let req, answer.call == .workerAccept || answer.call == .close {
            fixed.maybeWinner = session.request(req)?.maybeWinner(before: answer.ts, besides: worker)
        }
        return fixed
    }

    /// not_eligible when a cancel or close comes from someone the request does not let end it
    /// (REST-19): a cancel from anyone but the posting client, a close from anyone but that client
    /// and the winner; a maybe when the trace does not show who they are.
    private func callerCandidate(_ answer: AnswerFact, _ req: String, _ state: Snapshot) -> Candidate? {
        let body = answer.requestBody
        let byWorker = answer.call == .close && body?["by"]?.stringValue == "worker"
        guard let caller = body?[byWorker ? "workerId" : "clientId"].flatMap(\.idText) else { return nil }
        let party = byWorker ? state.winner : state.clientId
        guard let party, party != "a worker" else {
            return Candidate(code: "not_eligible", definite: false, why: .endingPartyUnseen(req))
        }
        guard caller != party else { return nil }
        return Candidate(code: "not_eligible", definite: true, why: .notParty(req, caller: caller, party: party, byWorker: byWorker))
    }

    /// not_eligible when the worker fails the request (REST-9); a maybe when the trace cannot tell.
    private func eligibility(of worker: String?, for req: String, _ session: TraceSession) -> Candidate? {
        guard let worker, case let (addressee, job)? = session.readRequest(req, { ($0.addressee, $0.newPayload) }) else { return nil }
        if let addressee {
            guard addressee != worker else { return nil }
            return Candidate(code: "not_eligible", definite: true, why: .sentDirectly(req, addressee: addressee))
        }
        guard let profile = session.backendProfile(of: worker), let job,
            let decision = session.eligibilityDecision(worker: worker, req: req, profile: profile, job: job)
        else {
            return Candidate(code: "not_eligible", definite: false, why: .profileUnseen(worker: worker))
        }
        guard !decision.eligible else { return nil }
        return Candidate(code: "not_eligible", definite: true, why: .fails(req, worker: worker, failed: decision.failed))
    }
}
