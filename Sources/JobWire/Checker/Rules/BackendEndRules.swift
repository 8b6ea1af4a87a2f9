/// FLOW-15: the backend never ends a request in Work in Progress on its own, nor an open one before
/// the client's timeout plus the cancel tolerance has passed since its post. It shows in the trace
/// as an end nothing asked for: a `cancel` or `close` event, a WorkerAccept, cancel or close for an
/// open request answered request_cancelled, or a state read saying cancelled or closed, for a
/// request whose post the trace shows and for which it shows no cancel or close call that was not
/// refused (judged only when the trace records every app that could have sent one,
/// ``TraceSession/endsUnexplained(_:as:ownCalls:)``). An open request cancelled after that moment
/// is an expiry the protocol allows. In a trace the backend records, a `close` for a request it
/// shows neither a post nor a close call of is one too (a history read may list such a request,
/// posted before the trace began). REST-10, REST-12 and REST-15 leave these cases to this rule.
struct FLOW15NoBackendEnd: TraceRule {
    let infos = [
        TraceRuleInfo(
            "FLOW-15", evidence: TraceRuleInfo.backendEvidence,
            check: "no `cancel` or `close`, request_cancelled answer for an open request, or state read saying cancelled or closed, for a request no cancel or close call was sent for, before the timeout plus the cancel tolerance after its post (never once a worker won it)",
            tolerance: "from app events, a call recorded up to clockSkewToleranceMs later explains it; the expiry moment allows clockSkewToleranceMs")
    ]
    var wantsFacts: Bool { true }
    /// Ends waiting for the clock skew tolerance to pass, by line: the request and how it ended.
    private var waiting: [Int: (req: String, end: ProtocolEvent, what: String)] = [:]
    private var reported: Set<String> = []

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        switch fact {
        case .emitted(let emission) where emission.event == .cancel || emission.event == .close:
            guard let req = emission.req else { return }
            if emission.event == .close, context.session.backendRecorded, !reported.contains(req),
                context.session.readRequest(req, { $0.postedAt != nil || $0.endCallsSeen > 0 }) != true
            {
                // The backend records every call, so a close for a request of which its trace shows
                // neither a post nor a close call ends a request nobody made, or closes one unasked.
                report(req, "a `close` for \(req) sent to \(emission.target) while the trace shows no post of it", line: emission.line, &context)
                return
            }
            suspect(req, emission.event, "a `\(emission.event.rawValue)` for \(req) sent to \(emission.target)", line: emission.line, ts: emission.ts, ownCalls: 0, &context)
        case .answered(let answer) where answer.call.actsOnRequest:
            // An open request answered as cancelled; a request_closed for one is REST-12's or REST-10's,
            // since a close needs a winner.
            guard let req = answer.req, answer.response.body?["error"]?["code"]?.stringValue == "request_cancelled",
                context.session.readRequest(req, { $0.winner == nil && $0.applyEmissions == 0 }) == true
            else { return }
            // A cancel answered so is itself a call: the others must explain the end.
            suspect(req, .cancel, "the \(answer.call.rawValue) for open request \(req) answered request_cancelled", line: answer.line, ts: answer.ts,
                ownCalls: answer.call == .workerAccept ? 0 : 1, &context)
        case .answered(let answer) where answer.succeeded && (answer.call == .getRequest || answer.call == .listRequests):
            let states = answer.call == .getRequest ? [answer.response.body?["request"]].compactMap { $0 } : answer.response.body?["requests"]?.arrayValue ?? []
            for state in states {
                guard let req = state["ReqID"].flatMap(\.idText), let status = state["status"]?.stringValue,
                    status == "cancelled" || status == "closed"
                else { continue }
                suspect(req, status == "closed" ? .close : .cancel, "the \(answer.call.rawValue) answered \(req) as \(status)", line: answer.line, ts: answer.ts, ownCalls: 0, &context)
            }
        default:
            break
        }
    }

    /// Reports (or, from app events, waits to report) an end of `req` nothing asked for; `what`
    /// describes it and is put in words only then, since nearly every end was asked for.
    private mutating func suspect(
        _ req: String, _ end: ProtocolEvent, _ what: @autoclosure () -> String, line: Int, ts: Int64, ownCalls: Int, _ context: inout RuleContext
    ) {
        guard !reported.contains(req), !Self.mayExpire(req, as: end, at: ts, context),
            context.session.endsUnexplained(req, as: end, ownCalls: ownCalls)
        else { return }
        if context.session.backendRecorded {
            report(req, what(), line: line, &context)
        } else {
            waiting[line] = (req, end, what())
            context.schedule(due: ts, req: req, tag: line, line: line)
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        // By now the model has taken in the answer, and a refused call no longer counts.
        guard let (req, end, what) = waiting.removeValue(forKey: obligation.tag), !reported.contains(req),
            context.session.endsUnexplained(req, as: end)
        else { return }
        report(req, what, line: obligation.line, &context)
    }

    /// True for an open request the backend may now end itself: no worker won it and its client's
    /// timeout plus the cancel tolerance has passed since the post, less the clock skew.
    private static func mayExpire(_ req: String, as end: ProtocolEvent, at ts: Int64, _ context: RuleContext) -> Bool {
        guard end == .cancel, case let (winner, posted)? = context.session.readRequest(req, { ($0.winner, $0.postedAt) }), winner == nil, let postedAt = posted
        else { return false }
        let header = context.header
        return ts >= postedAt + header.timeoutMs + header.cancelToleranceMs - header.clockSkewToleranceMs
    }

    private mutating func report(_ req: String, _ what: String, line: Int, _ context: inout RuleContext) {
        reported.insert(req)
        let post = context.session.readRequest(req, { $0.postLine }).map { " (posted on line \($0))" } ?? ""
        context.report(
            "FLOW-15", lines: [line], expected: "\(req)\(post) open until its client cancels it or, unwon, the timeout plus the cancel tolerance has passed, and in Work in Progress until a party closes it",
            observed: "\(what), and no cancel or close call was sent for it")
    }

    mutating func forget(_ req: String) { reported.remove(req) }
}
