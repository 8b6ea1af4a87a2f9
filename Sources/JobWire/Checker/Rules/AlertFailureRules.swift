/// ALERT-1, ALERT-2 and ALERT-3: what a worker app does after a failed WorkerAccept. The failure
/// alert shows before any view change (ALERT-1), the view does not become that request's Work in
/// Progress (ALERT-2), not even before the answer came, and every failure, whatever its kind,
/// gets the failure alert (ALERT-3). A failure alert that never comes also shows none of the
/// elements ALERT-9 lists, so it is reported under ALERT-9 too.
struct ALERTFailedAcceptRules: TraceRule {
    let infos = [
        TraceRuleInfo(
            "ALERT-1", evidence: [.worker], check: "after a failed WorkerAccept the failure alert shows before any view change"),
        TraceRuleInfo(
            "ALERT-2", evidence: [.worker],
            check: "after a failed WorkerAccept the worker app does not show that request's Work in Progress view, nor had it shown it while the WorkerAccept was unanswered"),
        TraceRuleInfo(
            "ALERT-3", evidence: [.worker],
            check: "every failed WorkerAccept (failure body, non-2xx status or transport error) gets a failure alert, never a success alert, and one that succeeded gets no failure alert",
            tolerance: "the alert may take up to reactionToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> { [.httpResponse, .alertShown, .viewShown] }
    /// Work in Progress views shown while their WorkerAccept was unanswered, by line (ALERT-2).
    private var early: [ActorRequest: Int] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .worker else { return }
        switch event.body {
        case .httpResponse(let response):
            guard let exchange = context.session.exchanges[response.xid], exchange.call == .workerAccept, let req = exchange.req else { return }
            let shownEarly = early.removeValue(forKey: ActorRequest(actor: event.actor, req: req))
            guard !response.succeeded else { return }
            if let shownEarly {
                // ALERT-2: it went to Work in Progress before the answer, which was a failure.
                context.report(
                    "ALERT-2", lines: [shownEarly, event.line],
                    expected: "no Work in Progress view of \(req) before its WorkerAccept succeeded",
                    observed: "the Work in Progress view of \(req) shown while the WorkerAccept was unanswered, and the answer is a failure")
            }
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: event.actor, clock: event.actor, line: event.line)
        case .alertShown(let alert):
            guard let req = alert.req, let side = context.session.side(event.actor, req) else { return }
            if side.acceptOutcome == .success, alert.alert == TraceViews.acceptFailure {
                // ALERT-3: a success treated as a failure.
                context.report(
                    "ALERT-3", lines: [side.acceptAnsweredLine ?? event.line, event.line],
                    expected: "no failure alert for the WorkerAccept of \(req), which succeeded",
                    observed: "the \(alert.alert) alert for \(req)")
                return
            }
            guard side.acceptOutcome == .failure else { return }
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
            guard view.view == TraceViews.workInProgress, let req = view.req, let side = context.session.side(event.actor, req) else { return }
            if side.acceptOutcome == .pending {
                early[ActorRequest(actor: event.actor, req: req)] = early[ActorRequest(actor: event.actor, req: req)] ?? event.line
            }
            // A state read naming the worker the winner after a transport error makes the change STATE-10's.
            guard side.acceptOutcome == .failure, !side.readWon else { return }
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
        for id: RequirementID in ["ALERT-3", "ALERT-9"] {
            context.report(
                id, lines: [obligation.line],
                expected: "a failure alert for \(obligation.req) within \(context.header.reactionToleranceMs) ms of the failed WorkerAccept",
                observed: "no failure alert for \(obligation.req)")
        }
    }

    mutating func forget(_ req: String) {
        early.forget(req)
    }
}
