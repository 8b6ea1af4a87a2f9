/// FLOW-3: the backend MUST answer at most one WorkerAccept per request with success.
struct FLOW3OneWinner: TraceRule {
    let infos = [
        TraceRuleInfo(
            "FLOW-3", evidence: TraceRuleInfo.backendEvidence,
            check: "no second WorkerAccept for a request is answered with success")
    ]
    var wantsFacts: Bool { true }

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        guard case .answered(let answer) = fact, answer.call == .workerAccept, answer.succeeded, let req = answer.req,
            let request = context.session.request(req), request.acceptSuccesses > 0
        else { return }
        // FLOW-3: the first success won; every later one must be race_lost (REST-8).
        context.report(
            "FLOW-3", lines: [request.firstSuccessLine ?? answer.line, answer.line],
            expected: "a failure (race_lost) for this WorkerAccept: \(request.winner ?? "another worker") already won \(req)",
            observed: "a success answer (status \(answer.response.status ?? 0)) for worker \(answer.worker ?? "?")")
    }
}

/// FLOW-7: after a request is cancelled or closed, the backend MUST NOT emit `new` or `apply`
/// for it nor answer a WorkerAccept for it with success.
struct FLOW7NothingAfterEnd: TraceRule {
    let infos = [
        TraceRuleInfo(
            "FLOW-7", evidence: TraceRuleInfo.backendEvidence,
            check: "no `new`, no `apply` and no successful WorkerAccept for a request after its cancel or close",
            tolerance: "from app events, a `new` or `apply` received within emitToleranceMs plus clockSkewToleranceMs of the end may have been sent before it, unless the same app received the end first: one connection delivers in order, so that one was surely sent after the end")
    ]
    var wantsFacts: Bool { true }
    /// Per request, the apps that received its `cancel` or `close`: what reaches one of them later was sent after the end.
    private var endReceivers: [String: Set<TraceActor>] = [:]

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        let session = context.session
        switch fact {
        case .emitted(let emission) where emission.event == .cancel || emission.event == .close:
            guard let req = emission.req, case .actor(let actor) = emission.target else { return }
            endReceivers[req, default: []].insert(actor)
        case .emitted(let emission) where emission.event == .new || emission.event == .apply:
            guard let req = emission.req, let request = session.request(req), let endedAt = request.endedAt else { return }
            let slack = session.backendRecorded ? 0 : context.header.emitToleranceMs + context.skew
            let afterItsEnd = { if case .actor(let actor) = emission.target { return self.endReceivers[req]?.contains(actor) == true } else { return false } }()
            guard emission.ts > endedAt + slack || afterItsEnd else { return }
            report(request, lines: [emission.line], observed: "a `\(emission.event.rawValue)` for \(req) sent to \(emission.target)", &context)
        case .answered(let answer) where answer.call == .workerAccept && answer.succeeded:
            guard let req = answer.req, let request = session.request(req), let endedAt = request.endedAt else { return }
            if !session.backendRecorded {
                // Only a WorkerAccept sent after the end reached the app is surely processed after it.
                guard let sent = answer.requestTs, sent > endedAt + context.skew else { return }
            }
            report(request, lines: [answer.line], observed: "a success answer to worker \(answer.worker ?? "?")'s WorkerAccept", &context)
        default:
            break
        }
    }

    mutating func forget(_ req: String) { endReceivers[req] = nil }

    private func report(_ request: RequestState, lines: [Int], observed: String, _ context: inout RuleContext) {
        let how = request.endedBy == .close ? "closed" : "cancelled"
        context.report(
            "FLOW-7", lines: lines + (request.endedLine.map { [$0] } ?? []),
            expected: "nothing more for \(request.reqID) after it was \(how) at line \(request.endedLine ?? 0)",
            observed: observed)
    }
}
