import SocketIOWire

/// VIEW-1, VIEW-2 and VIEW-3: the view changes the protocol calls for. The client shows the
/// waiting view with its counter after a successful post and keeps it until an `apply` or an end
/// (VIEW-1), changes to Work in Progress on the `apply` and not before (VIEW-2); the worker changes
/// to Work in Progress when its WorkerAccept succeeds (VIEW-3).
///
/// Each change is due within reactionToleranceMs of what calls for it, counted while the app is
/// running in the foreground throughout: an app away in that time retakes its view on return,
/// which STATE-1 and STATE-2 judge. A Work in Progress view the app learnt of from a state read
/// (STATE-7, STATE-10) is not the live change these rules judge.
struct VIEWCalledForViews: TraceRule {
    let infos = [
        TraceRuleInfo(
            "VIEW-1", evidence: [.client],
            check: "after a successful post the client shows the request's waiting view with a `counter` of the seconds left to the deadline, and leaves it only after an `apply`, a cancel or an end",
            tolerance: "the view may take up to reactionToleranceMs; the counter may be off by 1 s plus clockSkewToleranceMs"),
        TraceRuleInfo(
            "VIEW-2", evidence: [.client],
            check: "on the `apply` of its waiting request the client changes to that request's Work in Progress view, and never shows it before the `apply`",
            tolerance: "the change may take up to reactionToleranceMs"),
        TraceRuleInfo(
            "VIEW-3", evidence: [.worker],
            check: "when its WorkerAccept succeeds the worker changes to that request's Work in Progress view; it shows none for a request it never accepted",
            tolerance: "the change may take up to reactionToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> { [.httpResponse, .socketIn, .viewShown, .appLaunched, .appRestored, .appForegrounded] }
    private enum Tag { static let waiting = 1, clientWIP = 2, workerWIP = 3 }
    /// Apps back from a launch or the background whose first view is still to come: which view an
    /// app retakes is STATE-1's and STATE-2's, not a change VIEW-1 judges.
    private var returning: Set<TraceActor> = []
    /// When each app last showed each view of each request (VIEW-1 ... VIEW-3).
    private var shown: [ShownView: Int64] = [:]
    /// Requests each app read the state of: a Work in Progress learnt that way, or a waiting view
    /// left for an end learnt that way, is STATE-7's or STATE-10's.
    private var read: Set<ActorRequest> = []

    /// True when a state read told the app the request is no longer open.
    private func readNotOpen(_ actor: TraceActor, _ req: String) -> Bool { read.contains(ActorRequest(actor: actor, req: req)) }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role != .backend else { return }
        switch event.body {
        case .httpResponse(let response):
            guard let exchange = context.session.exchanges[response.xid], let req = exchange.req ?? Self.postedReq(exchange, response) else { return }
            switch exchange.call {
            case .postRequest? where response.succeeded && actor.role == .client:
                context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: actor, clock: actor, tag: Tag.waiting, line: event.line)
            case .workerAccept? where response.succeeded && actor.role == .worker:
                context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: actor, clock: actor, tag: Tag.workerWIP, line: event.line)
            case .getRequest? where response.succeeded && response.body?["request"]?["status"]?.stringValue != "open":
                read.insert(ActorRequest(actor: actor, req: req))
            default:
                break
            }
        case .socketIn:
            guard actor.role == .client, context.message.event == .apply, let req = context.message.req,
                let side = context.session.side(actor, req), side.postAnsweredAt != nil, side.applyReceivedAt == nil, side.cancelSentAt == nil
            else { return }
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: actor, clock: actor, tag: Tag.clientWIP, line: event.line)
        case .lifecycle(.launched, _), .lifecycle(.restored, _), .lifecycle(.foregrounded, _):
            returning.insert(actor)
        case .viewShown(let view):
            judge(view, retaken: returning.remove(actor) != nil, event, &context)
            if let req = view.req { shown[ShownView(actor: actor, req: req, view: view.view)] = event.ts }
        default:
            break
        }
    }

    /// The `ReqID` a post's success answer names.
    private static func postedReq(_ exchange: ExchangeState, _ response: HTTPResponseRecord) -> String? {
        exchange.call == .postRequest ? response.body?["ReqID"].flatMap(\.idText) : nil
    }

    /// What a view change must not do: leave the waiting view too early (unless it is the first
    /// view after a return, `retaken`, which STATE-1 judges), show a wrong counter, or show Work in
    /// Progress before what calls for it (VIEW-2's alone when it replaces the waiting view).
    private mutating func judge(_ view: ViewRecord, retaken: Bool, _ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        let state = context.session.actors[actor]
        if actor.role == .client, !retaken, state?.view == TraceViews.waiting, let waitingReq = state?.viewReq,
            view.req != waitingReq || (view.view != TraceViews.waiting && view.view != TraceViews.workInProgress),
            let side = context.session.side(actor, waitingReq), side.postAnsweredAt != nil, side.applyReceivedAt == nil,
            side.cancelSentAt == nil, side.endReceivedAt == nil, !context.session.isEnded(waitingReq),
            !readNotOpen(actor, waitingReq)
        {
            context.report(
                "VIEW-1", lines: [side.postAnsweredLine ?? event.line, event.line],
                expected: "the waiting view of \(waitingReq) until it gets an `apply` or is cancelled",
                observed: "the client changed to \(view.view)\(view.req.map { " (\($0))" } ?? "") while \(waitingReq) was still waiting")
        }
        guard let req = view.req, let side = context.session.side(actor, req) else { return }
        switch (actor.role, view.view) {
        case (.client, TraceViews.waiting):
            guard let start = side.timerStartedAt ?? side.postAnsweredAt else { return }
            let left = max(0, start + context.header.timeoutMs - event.ts)
            guard let counter = view.elements?["counter"]?.doubleValue else {
                context.report(
                    "VIEW-1", lines: [event.line], expected: "the waiting view of \(req) with a `counter` of the seconds left, about \(left / 1000)",
                    observed: "`counter` is \(view.elements?["counter"]?.reportText ?? "missing")")
                return
            }
            if abs(counter * 1000 - Double(left)) > Double(1000 + context.skew) {
                context.report(
                    "VIEW-1", lines: [side.timerLine ?? side.postAnsweredLine ?? event.line, event.line],
                    expected: "a `counter` of about \(left / 1000) s, the time left to the deadline \(start + context.header.timeoutMs)",
                    observed: "`counter` \(view.elements!["counter"]!.reportText)")
            }
        case (.client, TraceViews.workInProgress):
            guard side.postAnsweredAt != nil, side.applyReceivedAt == nil, !readNotOpen(actor, req) else { return }
            context.report(
                "VIEW-2", lines: [event.line], expected: "the Work in Progress view of \(req) only after its `apply` arrived",
                observed: "the client shows it with no `apply` received")
        case (.worker, TraceViews.workInProgress):
            guard side.offer != nil, side.acceptOutcome == .none, !readNotOpen(actor, req) else { return }
            context.report(
                "VIEW-3", lines: [side.offer!.receivedLine, event.line], expected: "the Work in Progress view of \(req) only after its WorkerAccept succeeded",
                observed: "worker \(actor.id ?? "?") shows it without having accepted \(req)")
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let side = context.session.side(actor, obligation.req), let state = context.session.actors[actor] else { return }
        let start = obligation.due - context.header.reactionToleranceMs
        // Away during the window: the view is retaken on return (STATE-1, STATE-2).
        guard state.running, state.foreground, (state.lastAwayAt ?? .min) < start else { return }
        // An end from elsewhere, or the client's own cancel, makes the change moot; the app's own
        // close does not, since Close Request is a button of Work in Progress.
        guard side.endReceivedAt == nil || side.endedByItself, side.cancelSentAt == nil else { return }
        let (id, view, expected): (RequirementID, String, String)
        switch obligation.tag {
        case Tag.waiting:
            guard side.applyReceivedAt == nil else { return }
            (id, view, expected) = ("VIEW-1", TraceViews.waiting, "the waiting view of \(obligation.req) after its post succeeded")
        case Tag.clientWIP:
            (id, view, expected) = ("VIEW-2", TraceViews.workInProgress, "the Work in Progress view of \(obligation.req) after its `apply` arrived")
        default:
            (id, view, expected) = ("VIEW-3", TraceViews.workInProgress, "the Work in Progress view of \(obligation.req) after the WorkerAccept succeeded")
        }
        guard (shown[ShownView(actor: actor, req: obligation.req, view: view)] ?? .min) < start else { return }
        context.report(
            id, lines: [obligation.line], expected: "\(expected), within \(context.header.reactionToleranceMs) ms",
            observed: "the view was \(state.view ?? "none")\(state.viewReq.map { " (\($0))" } ?? "") at \(obligation.due)")
    }

    mutating func forget(_ req: String) {
        shown.forget(req)
        read.forget(req)
    }
}
