import SocketIOWire

/// VIEW-13 and VIEW-14: an app leaves a request's views when the request ends. After its close
/// succeeds or the `close` arrives it leaves that request's Work in Progress view (VIEW-13); when
/// the `cancel` arrives it leaves the waiting or Work in Progress view, and a worker never shows
/// the offer again (VIEW-14). Both ways are judged: the view must go within reactionToleranceMs,
/// and it must not come back.
///
/// An app that keeps the view while an alert about the request is open (the user reads why it
/// ended) has until reactionToleranceMs after that alert's dismissal. An app away at the time
/// (background, terminated) is judged when it shows the view again. An app that went away after
/// the end and brings the request back on its return breaks STATE-4, which judges that alone.
struct VIEWLeaveEndedRequest: TraceRule {
    let infos = [
        TraceRuleInfo(
            "VIEW-13", evidence: [.client, .worker],
            check: "after its close succeeds or the `close` arrives, an app leaves that request's Work in Progress view and does not show it again",
            tolerance: "within reactionToleranceMs, or of the dismissal of an alert about the request open at the time"),
        TraceRuleInfo(
            "VIEW-14", evidence: [.client, .worker],
            check: "when a request's `cancel` arrives, an app leaves its waiting or Work in Progress view and does not show it again, and a worker does not show its offer again",
            tolerance: "within reactionToleranceMs, or of the dismissal of an alert about the request open at the time"),
    ]
    var kinds: Set<TraceEventKind> { [.httpResponse, .socketIn, .viewShown, .offerShown, .alertShown, .alertDismissed, .appBackgrounded, .appTerminated] }

    /// How a request ended for one app: the id that judges it, the views to leave, the line.
    private struct End {
        var id: RequirementID
        var views: Set<String>
        var line: Int
    }
    private var ends: [ActorRequest: End] = [:]
    /// Ends after which the app went away: what it shows of them on its return is STATE-4's.
    private var awayAfterEnd: Set<ActorRequest> = []
    /// Alerts about a request on screen: shown and not dismissed.
    private var openAlerts: Set<ActorRequest> = []
    /// Ends whose view is held by an open alert, judged from its dismissal.
    private var heldByAlert: Set<ActorRequest> = []

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role != .backend else { return }
        switch event.body {
        case .httpResponse(let response):
            guard response.succeeded, let exchange = context.session.exchanges[response.xid], exchange.call == .close, let req = exchange.req else { return }
            ended(ActorRequest(actor: actor, req: req), End(id: "VIEW-13", views: [TraceViews.workInProgress], line: event.line), event, &context)
        case .socketIn:
            guard let req = context.message.req else { return }
            switch context.message.event {
            case .close?:
                ended(ActorRequest(actor: actor, req: req), End(id: "VIEW-13", views: [TraceViews.workInProgress], line: event.line), event, &context)
            case .cancel?:
                ended(ActorRequest(actor: actor, req: req), End(id: "VIEW-14", views: [TraceViews.waiting, TraceViews.workInProgress], line: event.line), event, &context)
            default:
                break
            }
        case .lifecycle(.backgrounded, _), .lifecycle(.terminated, _):
            for key in ends.keys where key.actor == actor { awayAfterEnd.insert(key) }
        case .viewShown(let view):
            guard let req = view.req, let end = end(of: ActorRequest(actor: actor, req: req), context), end.views.contains(view.view) else { return }
            context.report(
                end.id, lines: [end.line, event.line], expected: "no \(view.view) view of \(req) after it ended",
                observed: "the \(actor.role.protocolName) shows it again")
        case .offerShown(let req):
            guard let end = end(of: ActorRequest(actor: actor, req: req), context), end.id == "VIEW-14" else { return }
            context.report(
                "VIEW-14", lines: [end.line, event.line], expected: "no offer of \(req) after its `cancel` arrived",
                observed: "worker \(actor.id ?? "?") shows it")
        case .alertShown(let alert):
            if let req = alert.req { openAlerts.insert(ActorRequest(actor: actor, req: req)) }
        case .alertDismissed(_, let req):
            guard let req else { return }
            let key = ActorRequest(actor: actor, req: req)
            openAlerts.remove(key)
            // An alert read for longer than retainMs outlives the rule's record of what it held:
            // for a retired request, the due judges whatever the app still shows then.
            if heldByAlert.remove(key) != nil || context.session.isRetired(req), let end = end(of: key, context) {
                context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: actor, clock: actor, line: end.line)
            }
        default:
            break
        }
    }

    /// The end `key`'s app learnt of and must not show again, nil when there is none or the app
    /// went away since (what it shows on its return is STATE-4's): this rule's own record while
    /// the request is kept in full, else the `cancel` or `close` the app received as the request's
    /// tombstone keeps it, so a view or an offer shown again long after the end is judged too.
    private func end(of key: ActorRequest, _ context: RuleContext) -> End? {
        if let end = ends[key] { return awayAfterEnd.contains(key) ? nil : end }
        guard context.session.isRetired(key.req), let side = context.session.side(key.actor, key.req), let received = side.endReceivedAt, let line = side.endReceivedLine,
            let endedBy = context.session.readRequest(key.req, { $0.endedBy })
        else { return nil }
        if let away = context.session.actors[key.actor]?.lastAwayAt, away > received { return nil }
        return endedBy == .close
            ? End(id: "VIEW-13", views: [TraceViews.workInProgress], line: line)
            : End(id: "VIEW-14", views: [TraceViews.waiting, TraceViews.workInProgress], line: line)
    }

    private mutating func ended(_ key: ActorRequest, _ end: End, _ event: TraceEvent, _ context: inout RuleContext) {
        guard ends[key] == nil else { return }
        ends[key] = end
        let state = context.session.actors[key.actor]
        guard state?.viewReq == key.req, let view = state?.view, end.views.contains(view) else { return }
        context.schedule(due: event.ts + context.header.reactionToleranceMs, req: key.req, actor: key.actor, clock: key.actor, line: end.line)
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let state = context.session.actors[actor] else { return }
        let key = ActorRequest(actor: actor, req: obligation.req)
        guard let end = end(of: key, context), state.viewReq == obligation.req, let view = state.view, end.views.contains(view),
            state.running, state.foreground
        else { return }
        if openAlerts.contains(key) {
            heldByAlert.insert(key)
            return
        }
        context.report(
            end.id, lines: [end.line], expected: "the app out of the \(view) view of \(obligation.req) within \(context.header.reactionToleranceMs) ms of its end",
            observed: "the \(actor.role.protocolName) still shows it at \(obligation.due)")
    }

    mutating func forget(_ req: String) {
        ends.forget(req)
        awayAfterEnd.forget(req)
        openAlerts.forget(req)
        heldByAlert.forget(req)
    }
}
