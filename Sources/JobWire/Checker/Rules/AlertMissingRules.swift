import SocketIOWire

/// ALERT-4 and ALERT-5: a success alert comes after its change to Work in Progress, not before: the
/// client's apply alert (ALERT-4) and the worker's success alert (ALERT-5); and it comes: after the
/// change to Work in Progress that an `apply` (client) or a successful WorkerAccept (worker) called
/// for, the success alert shows within reactionToleranceMs.
///
/// An app that learnt of the `apply` or of its win from a state read instead (STATE-7, STATE-10)
/// shows the alert after that change as after a live one. An app that went away before the alert
/// was due is judged again when it shows Work in Progress on its return. A missing alert breaks two
/// requirements at once, and both are reported: the one that orders it after the view change
/// (ALERT-4, ALERT-5) and the one that lists what it shows, none of which is shown (ALERT-6, or
/// ALERT-7 for a worker without a rating; ALERT-8). The failure alert that never comes is ALERT-3's
/// and ALERT-9's (``ALERTFailedAcceptRules``).
struct ALERTSuccessAfterView: TraceRule {
    let infos = [
        TraceRuleInfo(
            "ALERT-4", evidence: [.client],
            check: "the client's apply alert shows while the request's Work in Progress view is on screen, and it shows after the change to Work in Progress on an `apply` or on a state read that found the request in progress (STATE-7)",
            tolerance: "within reactionToleranceMs of the view change"),
        TraceRuleInfo(
            "ALERT-5", evidence: [.worker],
            check: "the worker's success alert shows while the request's Work in Progress view is on screen, and it shows after the change to Work in Progress on a successful WorkerAccept or on a state read that named it the winner (STATE-10)",
            tolerance: "within reactionToleranceMs of the view change"),
    ]
    var kinds: Set<TraceEventKind> { [.viewShown, .alertShown] }
    /// Changes to Work in Progress waiting for their alert.
    private var waiting: Set<ActorRequest> = []

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let key: ActorRequest
        switch event.body {
        case .alertShown(let alert):
            guard alert.result == .success, let req = alert.req else { return }
            judgeOrder(alert, req: req, event, &context)
            return
        case .viewShown(let view):
            guard view.view == TraceViews.workInProgress, let req = view.req, let side = context.session.side(event.actor, req), !side.successAlertShown else { return }
            key = ActorRequest(actor: event.actor, req: req)
            switch event.actor.role {
            // The `apply` live, or a state read that found the request in progress (STATE-7, STATE-10).
            case .client: guard side.applyReceivedAt != nil || side.readStatus == "inProgress" else { return }
            case .worker: guard side.acceptOutcome == .success || (side.readWon && side.readStatus == "inProgress") else { return }
            case .backend: return
            }
        default:
            return
        }
        guard waiting.insert(key).inserted else { return }
        context.schedule(due: event.ts + context.header.reactionToleranceMs, req: key.req, actor: key.actor, clock: key.actor, line: event.line)
    }

    /// The alert must show on the Work in Progress view it follows.
    private func judgeOrder(_ alert: AlertRecord, req: String, _ event: TraceEvent, _ context: inout RuleContext) {
        let id: RequirementID
        switch event.actor.role {
        case .client: id = "ALERT-4"
        case .worker:
            // A success alert after a failure is ALERT-3's to judge, unless a state read named the
            // worker the winner (STATE-10). One for a request the worker never accepted, or whose
            // accept is unanswered, is this rule's: it cannot follow a change to Work in Progress.
            let side = context.session.side(event.actor, req)
            if side?.acceptOutcome == .failure, side?.readWon != true { return }
            id = "ALERT-5"
        case .backend: return
        }
        let state = context.session.actors[event.actor]
        guard state?.view != TraceViews.workInProgress || state?.viewReq != req else { return }
        context.report(
            id, lines: [event.line], expected: "the \(alert.alert) alert for \(req) after the change to its Work in Progress view",
            observed: "it shows while the view is \(state?.view ?? "none")\(state?.viewReq.map { " (\($0))" } ?? "")")
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor else { return }
        let key = ActorRequest(actor: actor, req: obligation.req)
        guard waiting.remove(key) != nil, context.session.side(actor, obligation.req)?.successAlertShown != true else { return }
        // Away in the meantime: the alert may wait for the return, when Work in Progress shows again.
        let start = obligation.due - context.header.reactionToleranceMs
        guard let state = context.session.actors[actor], state.running, state.foreground, (state.lastAwayAt ?? .min) < start else { return }
        let ids: [RequirementID]
        let name: String
        if actor.role == .client {
            let rating = context.session.side(actor, obligation.req)?.applyPayload?["workerRating"]
            ids = ["ALERT-4", rating?.doubleValue == nil ? "ALERT-7" : "ALERT-6"]
            name = "apply alert"
        } else {
            ids = ["ALERT-5", "ALERT-8"]
            name = "success alert"
        }
        for id in ids {
            context.report(
                id, lines: [obligation.line], expected: "the \(name) for \(obligation.req) within \(context.header.reactionToleranceMs) ms of the change to Work in Progress",
                observed: "no success alert for \(obligation.req)")
        }
    }

    mutating func forget(_ req: String) {
        waiting.forget(req)
    }
}
