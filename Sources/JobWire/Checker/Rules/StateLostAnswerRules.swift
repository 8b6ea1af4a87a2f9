import SocketIOWire

/// STATE-10 and STATE-11: what an app does when a call's answer is lost to a transport error (an
/// app's `http.response` with `error`), since the backend may have taken the call.
///
/// STATE-10: after a WorkerAccept that ended in a transport error, the worker reads the request's
/// state (REST-15) within `reactionToleranceMs`, again after a read that also failed; when a read
/// names it the winner of a request in progress, it shows that request's Work in Progress view
/// within `reactionToleranceMs` of the answer.
///
/// STATE-11: after a post request that ended in a transport error, the client reads its requests
/// (REST-16) within `reactionToleranceMs` of being online and running in the foreground, and
/// cancels with reason `lost`, within `reactionToleranceMs` of that answer, every open request the
/// answer lists as its own that it does not hold (it never got its post's success).
struct STATELostAnswers: TraceRule {
    let infos = [
        TraceRuleInfo(
            "STATE-10", evidence: [.worker],
            check: "after a WorkerAccept ending in a transport error the worker reads the request's state, and shows Work in Progress when the read names it the winner",
            tolerance: "each within reactionToleranceMs"),
        TraceRuleInfo(
            "STATE-11", evidence: [.client],
            check: "after a post ending in a transport error the client reads its requests (REST-16) once online and running, and cancels with reason `lost` every open request of its own it does not hold",
            tolerance: "each within reactionToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> {
        [.httpRequest, .httpResponse, .appLaunched, .appRestored, .appForegrounded, .netOnline, .netOffline]
    }
    private enum Tag: Int {
        case acceptRead, workInProgress, historyRead, lostCancel
    }
    /// Per worker, the requests whose WorkerAccept answer was lost.
    private var lostAccepts: [TraceActor: Set<String>] = [:]
    /// Per client, since when a lost post waits for its history read (nil while it cannot read), and
    /// the last history read sent; the cancels with reason `lost` sent per request.
    private var lostPosts: [TraceActor: (line: Int, since: Int64?)] = [:]
    private var historyReads: [TraceActor: Int64] = [:]
    private var lostCancels: [TraceActor: [String: String?]] = [:]
    private var offline: Set<TraceActor> = []

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role != .backend else { return }
        switch event.body {
        case .httpResponse(let response):
            guard let exchange = context.session.exchanges[response.xid], exchange.app == actor else { return }
            answered(response, exchange: exchange, event, &context)
        case .httpRequest(let request):
            let call = context.call
            if call.call == .listRequests { historyReads[actor] = event.ts }
            if call.call == .cancel, let req = call.req { lostCancels[actor, default: [:]][req] = .some(request.body?["reason"]?.stringValue) }
        case .connectivity(let online):
            if online { offline.remove(actor) } else { offline.insert(actor) }
            if online { resumeLostPost(actor, event, &context) }
        case .lifecycle:
            resumeLostPost(actor, event, &context)
        default:
            break
        }
    }

    private mutating func answered(_ response: HTTPResponseRecord, exchange: ExchangeState, _ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        let lost = response.status == nil && response.error != nil
        let reaction = context.header.reactionToleranceMs
        switch exchange.call {
        case .workerAccept?:
            guard let req = exchange.req, actor.role == .worker else { return }
            if lost {
                lostAccepts[actor, default: []].insert(req)
                context.schedule(due: event.ts + reaction, req: req, actor: actor, clock: actor, tag: Tag.acceptRead.rawValue, line: event.line)
            } else {
                lostAccepts[actor]?.remove(req)
            }
        case .getRequest?:
            guard let req = exchange.req, lostAccepts[actor]?.contains(req) == true else { return }
            if lost {
                // A read that also fails is retried.
                context.schedule(due: event.ts + reaction, req: req, actor: actor, clock: actor, tag: Tag.acceptRead.rawValue, line: event.line)
                return
            }
            guard response.succeeded, let state = response.body?["request"] else { return }
            lostAccepts[actor]!.remove(req)
            if state["status"]?.stringValue == "inProgress", state["workerId"].flatMap(\.idText) == actor.id {
                context.schedule(due: event.ts + reaction, req: req, actor: actor, clock: actor, tag: Tag.workInProgress.rawValue, line: event.line)
            }
        case .postRequest?:
            guard lost, actor.role == .client else { return }
            lostPosts[actor] = (event.line, nil)
            resumeLostPost(actor, event, &context)
        case .listRequests?:
            guard response.succeeded, lostPosts.removeValue(forKey: actor) != nil, let list = response.body?["requests"]?.arrayValue else { return }
            lostCancels[actor] = [:]
            for element in list where element["status"]?.stringValue == "open" && element["clientId"].flatMap(\.idText) == actor.id {
                guard let req = element["ReqID"].flatMap(\.idText), context.session.side(actor, req)?.postAnsweredAt == nil else { continue }
                context.schedule(due: event.ts + reaction, req: req, actor: actor, clock: actor, tag: Tag.lostCancel.rawValue, line: event.line)
            }
        default:
            break
        }
    }

    /// A lost post waits for its history read from when the client is online, running and in the foreground.
    private mutating func resumeLostPost(_ actor: TraceActor, _ event: TraceEvent, _ context: inout RuleContext) {
        guard let pending = lostPosts[actor], pending.since == nil, !offline.contains(actor) else { return }
        switch event.body {
        case .lifecycle(let change, _):
            guard change.isRestore else { return }
        default:
            guard let state = context.session.actors[actor], state.running, state.foreground else { return }
        }
        lostPosts[actor] = (pending.line, event.ts)
        context.schedule(due: event.ts + context.header.reactionToleranceMs, req: "", actor: actor, clock: actor, tag: Tag.historyRead.rawValue, line: pending.line)
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let tag = Tag(rawValue: obligation.tag) else { return }
        let since = obligation.due - context.header.reactionToleranceMs
        let state = context.session.actors[actor]
        let available = state.map { $0.running && $0.foreground } ?? false
        let lines = [obligation.line, context.currentLine]
        switch tag {
        case .acceptRead:
            guard available, !offline.contains(actor), lostAccepts[actor]?.contains(obligation.req) == true,
                (context.session.side(actor, obligation.req)?.readSentAt ?? .min) < since
            else { return }
            context.report(
                "STATE-10", lines: lines,
                expected: "a state read (REST-15) of \(obligation.req) within \(context.header.reactionToleranceMs) ms of its WorkerAccept's transport error (line \(obligation.line))",
                observed: "no read of \(obligation.req) by \(obligation.due)")
        case .workInProgress:
            guard available, let side = context.session.side(actor, obligation.req), (side.workInProgressShownAt ?? .min) < since, !side.endKnown
            else { return }
            context.report(
                "STATE-10", lines: lines,
                expected: "the Work in Progress view of \(obligation.req) within \(context.header.reactionToleranceMs) ms of the read naming \(actor) the winner",
                observed: "\(actor) shows \(state?.view ?? "no view")\(state?.viewReq.map { " of \($0)" } ?? "") at \(obligation.due)")
        case .historyRead:
            guard let pending = lostPosts[actor], pending.since == since else { return }
            guard available, !offline.contains(actor) else {
                lostPosts[actor] = (pending.line, nil)
                return
            }
            guard (historyReads[actor] ?? .min) < since else { return }
            lostPosts[actor] = nil
            context.report(
                "STATE-11", lines: lines,
                expected: "a read of the client's requests (REST-16) within \(context.header.reactionToleranceMs) ms of being online and running after the post's transport error (line \(obligation.line))",
                observed: "no history read by \(obligation.due)")
        case .lostCancel:
            let reason = lostCancels[actor]?[obligation.req]
            guard reason != .some("lost") else { return }
            context.report(
                "STATE-11", lines: lines,
                expected: "a cancel with reason \"lost\" of \(obligation.req), open and \(actor)'s own but not held, within \(context.header.reactionToleranceMs) ms of the history read's answer",
                observed: reason == nil ? "no cancel of \(obligation.req) by \(obligation.due)" : "a cancel with reason \(reason!.map { "\"\($0)\"" } ?? "none")")
        }
    }

    mutating func forget(_ req: String) {
        lostAccepts.updateEachValue { $0.remove(req) }
    }
}
