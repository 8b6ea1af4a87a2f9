import SocketIOWire

/// STATE-6: after a launch, a restore, a return to the foreground or a reconnection after a drop
/// (an `io.connected` after an `io.disconnected` with reason `transport` or `ping`), an app reads
/// with REST-15 (`getRequest`) the state of every request it holds as waiting or in Work in
/// Progress, within `reactionToleranceMs`. Not judged while the trace shows the app offline, or
/// once it went away again or learnt the request ended. A timeout cancel due on the return waits
/// for that read (STATE-6's Decision): one sent before it is a violation, whatever comes after.
struct STATE6ReadOnReturn: TraceRule {
    let infos = [
        TraceRuleInfo(
            "STATE-6", evidence: [.client, .worker],
            check: "after a restart, a return from the background or a reconnection, an app reads the state (REST-15) of every request it holds waiting or in Work in Progress",
            tolerance: "within reactionToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> {
        [.appLaunched, .appRestored, .appForegrounded, .appBackgrounded, .appTerminated, .socketConnected, .socketDisconnected, .netOnline, .netOffline, .httpRequest]
    }
    /// Per app: whether its connection dropped, whether it is offline.
    private var dropped: Set<TraceActor> = []
    private var offline: Set<TraceActor> = []
    /// Reads a return called for and not sent yet: the line of the return.
    private var unread: [ActorRequest: Int] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role != .backend else { return }
        switch event.body {
        case .lifecycle(let change, _) where change.isRestore:
            dropped.remove(actor)
            guard context.session.actors[actor]?.lastAwayAt != nil else { return }
            expectReads(actor, event, &context)
        case .lifecycle:
            dropped.remove(actor)
        case .disconnected(let record):
            if record.reason == .transport || record.reason == .ping { dropped.insert(actor) }
        case .connected:
            guard dropped.remove(actor) != nil else { return }
            expectReads(actor, event, &context)
        case .connectivity(let online):
            if online { offline.remove(actor) } else { offline.insert(actor) }
        case .httpRequest(let request):
            guard let req = context.call.req, let returned = unread[ActorRequest(actor: actor, req: req)] else { return }
            let timeoutCancel = context.call.call == .cancel && request.body?["reason"]?.stringValue == "timeout"
            guard context.call.call == .getRequest || timeoutCancel else { return }
            unread[ActorRequest(actor: actor, req: req)] = nil
            guard timeoutCancel else { return }
            context.report(
                "STATE-6", lines: [returned, event.line], expected: "the state read (REST-15) of \(req) before its timeout cancel, since the return at line \(returned)",
                observed: "\(actor) sent the timeout cancel of \(req) without reading it first")
        default:
            break
        }
    }

    private mutating func expectReads(_ actor: TraceActor, _ event: TraceEvent, _ context: inout RuleContext) {
        for (req, _) in context.session.held(by: actor) {
            unread[ActorRequest(actor: actor, req: req)] = event.line
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: actor, clock: actor, line: event.line)
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor else { return }
        let key = ActorRequest(actor: actor, req: obligation.req)
        if unread[key] == obligation.line { unread[key] = nil }
        guard !offline.contains(actor) else { return }
        let since = obligation.due - context.header.reactionToleranceMs
        guard let state = context.session.actors[actor], state.running, (state.lastAwayAt ?? .min) <= since,
            let side = context.session.side(actor, obligation.req), side.endReceivedAt.map({ $0 < since }) ?? true,
            (side.readSentAt ?? .min) < since
        else { return }
        context.report(
            "STATE-6", lines: [obligation.line, context.currentLine],
            expected: "a state read (REST-15) of \(obligation.req), which \(actor) held, within \(context.header.reactionToleranceMs) ms of line \(obligation.line)",
            observed: "no read of \(obligation.req) by \(obligation.due)")
    }
}

/// STATE-7: an app acts on a state read as on the events it reports. A client that holds a request
/// waiting and reads it in progress shows its Work in Progress view; an app that reads a request
/// cancelled or closed leaves its waiting or Work in Progress view of it, both within
/// `reactionToleranceMs` of the answer. After a read saying cancelled or closed it never sends a
/// cancel or close for the request, and after one saying in progress no timeout cancel (TIME-6's
/// Decision leaves these to this rule).
struct STATE7ActOnRead: TraceRule {
    let infos = [
        TraceRuleInfo(
            "STATE-7", evidence: [.client, .worker],
            check: "a request read in progress moves a waiting client to Work in Progress; one read cancelled or closed leaves the app's waiting or Work in Progress view and is never cancelled or closed by it again",
            tolerance: "the view within reactionToleranceMs of the read's answer"),
    ]
    var kinds: Set<TraceEventKind> { [.httpResponse, .httpRequest] }
    private static let toWorkInProgress = 1
    private static let leave = 2

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role != .backend else { return }
        switch event.body {
        case .httpResponse(let response):
            guard response.succeeded, let exchange = context.session.exchanges[response.xid], exchange.app == actor,
                exchange.call == .getRequest, let req = exchange.req, let status = response.body?["request"]?["status"]?.stringValue
            else { return }
            let due = event.ts + context.header.reactionToleranceMs
            // Leaving is due whatever the app thought of the request: one whose own close met
            // `request_closed` and is still on its Work in Progress view must leave it too.
            if status == "inProgress", context.session.side(actor, req)?.held(as: actor.role) == .waiting {
                context.schedule(due: due, req: req, actor: actor, clock: actor, tag: Self.toWorkInProgress, line: event.line)
            } else if status == "cancelled" || status == "closed" {
                context.schedule(due: due, req: req, actor: actor, clock: actor, tag: Self.leave, line: event.line)
            }
        case .httpRequest(let request):
            guard let call = context.call.call, call == .cancel || call == .close, let req = context.call.req,
                let side = context.session.side(actor, req), let status = side.readStatus
            else { return }
            let ended = status == "cancelled" || status == "closed"
            // A timeout cancel after an `apply` that reached the app live is TIME-4's, read or not.
            guard ended || (status == "inProgress" && call == .cancel && request.body?["reason"]?.stringValue == "timeout" && side.applyLine == nil) else { return }
            context.report(
                "STATE-7", lines: [side.readLine ?? event.line, event.line],
                expected: ended ? "no \(call.rawValue) of \(req): the state read answered \(status)" : "no timeout cancel of \(req): the state read answered it in progress",
                observed: "\(actor) sent a \(call.rawValue) for \(req)")
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let state = context.session.actors[actor], state.running, state.foreground else { return }
        let answered = obligation.due - context.header.reactionToleranceMs
        if obligation.tag == Self.toWorkInProgress {
            guard let side = context.session.side(actor, obligation.req), (side.workInProgressShownAt ?? .min) < answered, !side.endKnown else { return }
            context.report(
                "STATE-7", lines: [obligation.line, context.currentLine],
                expected: "the Work in Progress view of \(obligation.req) with the read's `apply`, within \(context.header.reactionToleranceMs) ms of the read that answered it in progress",
                observed: "\(actor) shows \(state.view ?? "no view")\(state.viewReq.map { " of \($0)" } ?? "") at \(obligation.due)")
        } else {
            guard state.viewReq == obligation.req, state.view.map(ViewRecord.presentsARequest) == true else { return }
            context.report(
                "STATE-7", lines: [obligation.line, context.currentLine],
                expected: "\(actor) leaves the \(state.view!) view of \(obligation.req) within \(context.header.reactionToleranceMs) ms of the read that answered it ended",
                observed: "the \(state.view!) view of \(obligation.req) still on screen at \(obligation.due)")
        }
    }
}
