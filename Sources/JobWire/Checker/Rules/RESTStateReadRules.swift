import SocketIOWire

/// REST-15, REST-16 and REST-17: a state read repeats what the trace shows happened to the
/// request, a history read lists the user's requests newest first, and a meProfile read repeats
/// the worker's record as the last worker fixture and reported position set it.
///
/// A read is judged once every event it may repeat is due: `emitToleranceMs` after its answer
/// (plus clockSkewToleranceMs from app events). Its `status` must be one the request had between
/// the read's receipt and its answer, with clockSkewToleranceMs either side from app events. A
/// status `cancelled` or `closed` for a request the trace shows no cancel or close call for is
/// FLOW-15's, not REST-15's. What the trace does not show (a request it never saw, a worker with
/// no fixture) is judged for its shape only.
struct RESTStateReads: TraceRule {
    let infos = [
        TraceRuleInfo(
            "REST-15", evidence: TraceRuleInfo.backendEvidence,
            check: "a successful state read answers `request` with the ReqID of its path, the posting clientId, the status the trace shows, the winner, and the `new`, `apply` and `cancel` or `close` payloads as emitted",
            tolerance: "the status may be any the request had between the read's receipt and answer, clockSkewToleranceMs either side from app events"),
        TraceRuleInfo(
            "REST-16", evidence: TraceRuleInfo.backendEvidence,
            check: "a successful history read answers `requests`, each as in REST-15, newest first by the post's createdAt, holding every request the trace shows the user posted or won before the read and none it neither posted, won nor accepted"),
        TraceRuleInfo(
            "REST-17", evidence: TraceRuleInfo.backendEvidence,
            check: "a successful meProfile read answers the worker's profile (ELIG-10 fields, its last position), name, avatar and rating as the last worker fixture and reported position the trace shows",
            tolerance: "as they stood when the read was sent, or after any fixture or position report answered since (clockSkewToleranceMs between actors)"),
    ]
    var wantsFacts: Bool { true }
    /// Reads waiting for their events to be due, by the line of their answer.
    private var waiting: [Int: AnswerFact] = [:]

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        switch fact {
        case .answered(let answer) where answer.succeeded:
            switch answer.call {
            case .getRequest, .listRequests:
                waiting[answer.line] = answer
                let slack = context.session.backendRecorded ? 0 : context.skew
                context.schedule(due: answer.ts + context.header.emitToleranceMs + slack, req: answer.req ?? "", tag: answer.line, line: answer.line)
            case .meProfile:
                guard let worker = answer.worker, let records = context.session.workerRecords(of: worker, shownTo: answer) else { return }
                checkProfile(answer, records: records, &context)
            default:
                break
            }
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let answer = waiting.removeValue(forKey: obligation.tag) else { return }
        let body = answer.response.body
        if answer.call == .getRequest {
            guard let request = body?["request"] else {
                report("REST-15", answer, "`request` is \(body?["request"]?.compactText ?? "missing"), not an object", &context)
                return
            }
            if let problem = StateReadJudge(context: context, answer: answer).problem(with: request, path: answer.req) {
                report("REST-15", answer, problem, &context)
            }
            return
        }
        guard let list = body?["requests"]?.arrayValue else {
            report("REST-16", answer, "`requests` is \(body?["requests"]?.typeDescription ?? "missing"), not an array", &context)
            return
        }
        let judge = StateReadJudge(context: context, answer: answer)
        for (index, element) in list.enumerated() {
            if let problem = judge.problem(with: element, path: nil) {
                report("REST-16", answer, "`requests[\(index)]`: \(problem)", &context)
                return
            }
        }
        if let problem = judge.historyProblem(list, user: answer.user) { report("REST-16", answer, problem, &context) }
    }

    /// REST-17: the answer's record against each version of the worker's record the read may
    /// show: as it stood when the read was sent, or after a fixture or position report answered
    /// since (``TraceSession/workerRecords(of:shownTo:)``).
    private func checkProfile(_ answer: AnswerFact, records known: [WorkerRecordFact], _ context: inout RuleContext) {
        let body = answer.response.body
        if let problem = ProfileReadShape.problem(body, worker: answer.worker) {
            report("REST-17", answer, problem, &context)
            return
        }
        guard !known.isEmpty, let body else { return }
        let differences = known.map { ProfileReadShape.differences(body, from: $0) }
        guard differences.allSatisfy({ !$0.isEmpty }), let first = differences.last?.first else { return }
        let line = known.last!.reported?.line ?? known.last!.line
        context.report(
            "REST-17", lines: [answer.line, line], expected: "the record of worker \(answer.worker ?? "?") as the worker fixture and position calls on line \(line) set it",
            observed: first)
    }

    private func report(_ id: RequirementID, _ answer: AnswerFact, _ problem: String, _ context: inout RuleContext) {
        let subject = answer.call == .getRequest ? "the state read of \(answer.req ?? "?")" : answer.call == .listRequests ? "the history read of \(answer.user ?? "?")" : "the meProfile read of \(answer.worker ?? "?")"
        context.report(id, lines: [answer.line], expected: "\(subject) as \(id.rawValue) describes it and as the trace shows it", observed: problem)
    }

    mutating func forget(_ req: String) {}
}
