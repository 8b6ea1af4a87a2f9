/// ALERT-1, ALERT-2 and ALERT-3: what a worker app does after a failed WorkerAccept. The failure
/// alert shows before any view change (ALERT-1), the view does not become that request's Work in
/// Progress (ALERT-2), and every failure, whatever its kind, gets the failure alert (ALERT-3).
struct ALERTFailedAcceptRules: TraceRule {
    let infos = [
        TraceRuleInfo(
            "ALERT-1", evidence: [.worker], check: "after a failed WorkerAccept the failure alert shows before any view change"),
        TraceRuleInfo(
            "ALERT-2", evidence: [.worker], check: "after a failed WorkerAccept the worker app does not show that request's Work in Progress view"),
        TraceRuleInfo(
            "ALERT-3", evidence: [.worker],
            check: "every failed WorkerAccept (failure body, non-2xx status or transport error) gets a failure alert, never a success alert",
            tolerance: "the alert may take up to reactionToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> { [.httpResponse, .alertShown, .viewShown] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .worker else { return }
        switch event.body {
        case .httpResponse(let response):
            guard !response.succeeded, let exchange = context.session.exchanges[response.xid], exchange.call == .workerAccept,
                let req = exchange.req
            else { return }
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: event.actor, line: event.line)
        case .alertShown(let alert):
            guard let req = alert.req, let side = context.session.side(event.actor, req), side.acceptOutcome == .failure else { return }
            if alert.result == .failure, !side.failureAlertShown, let change = side.viewChangeAfterFailureLine,
                event.ts <= (side.acceptAnsweredAt ?? event.ts) + context.header.reactionToleranceMs
            {
                // ALERT-1: it came, but only after the view had changed.
                context.report(
                    "ALERT-1", lines: [side.acceptAnsweredLine ?? event.line, change, event.line],
                    expected: "the failure alert for \(req) before any view change after the failure",
                    observed: "the view changed at line \(change), before the failure alert")
            } else if alert.result == .success, !side.readWon {
                // ALERT-3: a failure treated as a success (after a read naming it the winner, STATE-10, the success is real).
                context.report(
                    "ALERT-3", lines: [side.acceptAnsweredLine ?? event.line, event.line],
                    expected: "the failure alert for the failed WorkerAccept of \(req)",
                    observed: "a success alert (\(alert.alert)) for \(req)")
            }
        case .viewShown(let view):
            // A state read naming the worker the winner after a transport error makes the change STATE-10's.
            guard view.view == TraceViews.workInProgress, let req = view.req, let side = context.session.side(event.actor, req),
                side.acceptOutcome == .failure, !side.readWon
            else { return }
            // ALERT-2: never Work in Progress after a failure.
            context.report(
                "ALERT-2", lines: [side.acceptAnsweredLine ?? event.line, event.line],
                expected: "no Work in Progress view of \(req) after its WorkerAccept failed",
                observed: "the Work in Progress view of \(req)")
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let side = context.session.side(actor, obligation.req),
            side.acceptAnsweredLine == obligation.line, side.acceptOutcome == .failure, !side.failureAlertShown
        else { return }
        context.report(
            "ALERT-3", lines: [obligation.line],
            expected: "a failure alert for \(obligation.req) within \(context.header.reactionToleranceMs) ms of the failed WorkerAccept",
            observed: "no failure alert for \(obligation.req)")
    }
}

/// ALERT-4 and ALERT-5: a success alert comes after its change to Work in Progress, not before:
/// the client's apply alert (ALERT-4) and the worker's success alert (ALERT-5).
struct ALERTSuccessAfterView: TraceRule {
    let infos = [
        TraceRuleInfo("ALERT-4", evidence: [.client], check: "the client's apply alert shows while the request's Work in Progress view is on screen"),
        TraceRuleInfo("ALERT-5", evidence: [.worker], check: "the worker's success alert shows while the request's Work in Progress view is on screen"),
    ]
    var kinds: Set<TraceEventKind> { [.alertShown] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard case .alertShown(let alert) = event.body, alert.result == .success, let req = alert.req else { return }
        let id: RequirementID
        switch event.actor.role {
        case .client: id = "ALERT-4"
        case .worker:
            // A success alert after a failure is ALERT-3's to judge.
            guard let side = context.session.side(event.actor, req), side.acceptOutcome == .success || side.readWon else { return }
            id = "ALERT-5"
        case .backend: return
        }
        let state = context.session.actors[event.actor]
        guard state?.view != TraceViews.workInProgress || state?.viewReq != req else { return }
        context.report(
            id, lines: [event.line], expected: "the \(alert.alert) alert for \(req) after the change to its Work in Progress view",
            observed: "it shows while the view is \(state?.view ?? "none")\(state?.viewReq.map { " (\($0))" } ?? "")")
    }
}
