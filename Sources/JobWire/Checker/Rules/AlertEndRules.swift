import SocketIOWire

/// ALERT-12: when a `cancel` or `close` the app did not send moves it out of a request's waiting or
/// Work in Progress view, the app shows the alert named `cancelled` or `closed` as the request
/// ended, `result` `info`, with `title`, `text` and `ok`, within reactionToleranceMs of the view
/// change; the alert may come before the change.
///
/// The end the app received is the session's (``ActorState/movedByEnd``): a `cancel` or `close`
/// that arrived while the view was on screen, the app having sent no cancel or close itself; or a
/// state read (REST-15) answering `cancelled` or `closed` while the view was on screen, for a
/// request the app did not end itself (STATE-7: the end it missed while away, or the one its own
/// close met).
struct ALERT12EndAlert: TraceRule {
    let infos = [
        TraceRuleInfo(
            "ALERT-12", evidence: [.client, .worker],
            check: "an app moved out of a request's waiting or Work in Progress view by a `cancel` or `close` it did not send, or by a state read answering an end that is not its own, shows the alert `cancelled` or `closed` as the request ended, result info, with `title`, `text` and `ok`",
            tolerance: "the alert may come before the view change or up to reactionToleranceMs after it")
    ]
    var kinds: Set<TraceEventKind> { [.viewShown, .alertShown, .httpResponse] }
    /// Requests a state read showed ended while their view was on screen: the alert's name.
    private var readEnds: [ActorRequest: String] = [:]
    /// The names of the end alerts.
    static let names: Set<String> = ["cancelled", "closed"]
    /// The last alert about each ended request each app showed after the end arrived.
    private var alerts: [ActorRequest: (alert: AlertRecord, line: Int)] = [:]
    /// View changes waiting for their alert, by the change's line.
    private var pending: [ActorRequest: Int] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        switch event.body {
        case .httpResponse(let response):
            readEnd(response, event, &context)
        case .alertShown(let alert):
            guard let req = alert.req else { return }
            let key = ActorRequest(actor: event.actor, req: req)
            guard context.session.side(event.actor, req)?.endReceivedAt != nil || readEnds[key] != nil else { return }
            // The end's own alert is the one judged; a later alert about the request does not replace it.
            if let kept = alerts[key], Self.names.contains(kept.alert.alert) { return }
            alerts[key] = (alert, event.line)
        case .viewShown(let view):
            guard let state = context.session.actors[event.actor], let req = state.viewReq,
                state.movedByEnd.contains(req) || readEnds[ActorRequest(actor: event.actor, req: req)] != nil,
                state.view != view.view || req != view.req
            else { return }
            pending[ActorRequest(actor: event.actor, req: req)] = event.line
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: event.actor, clock: event.actor, line: event.line)
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor else { return }
        let key = ActorRequest(actor: actor, req: obligation.req)
        guard pending[key] == obligation.line else { return }
        pending[key] = nil
        // Terminated before the alert was due: the app that comes back is judged by what it retakes.
        guard context.session.actors[actor]?.running == true else { readEnds[key] = nil; return }
        let side = context.session.side(actor, obligation.req)
        let name = readEnds.removeValue(forKey: key) ?? (context.session.readRequest(obligation.req, { $0.endedBy }) == .close ? "closed" : "cancelled")
        let expected = "the alert `\(name)` (result info, with title, text and OK) saying \(obligation.req) ended"
        guard let (alert, line) = alerts[key] else {
            context.report(
                "ALERT-12", lines: [side?.endReceivedLine ?? obligation.line, obligation.line], expected: expected,
                observed: "the \(actor.role.protocolName) left the view of \(obligation.req) with no alert about it within \(context.header.reactionToleranceMs) ms")
            return
        }
        var problems = ALERTContents.missing(["title", "text", "ok"], in: alert.elements)
        if alert.alert != name { problems.insert("the alert is named `\(alert.alert)`", at: 0) }
        if alert.result != .info { problems.insert("its result is \(alert.result.rawValue)", at: 0) }
        guard !problems.isEmpty else { return }
        context.report("ALERT-12", lines: [obligation.line, line], expected: expected, observed: problems.joined(separator: "; "))
    }

    /// A state read answering an end the app did not ask for, while the request's view is on screen.
    private mutating func readEnd(_ response: HTTPResponseRecord, _ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend, response.succeeded, let exchange = context.session.exchanges[response.xid], exchange.call == .getRequest,
            let req = exchange.req, let request = response.body?["request"], let status = request["status"]?.stringValue, Self.names.contains(status),
            context.session.side(event.actor, req)?.endedByItself != true || !Self.ownEnd(event.actor.role, status: status, end: request["end"]),
            let state = context.session.actors[event.actor],
            state.viewReq == req, state.view.map(ViewRecord.presentsARequest) == true
        else { return }
        readEnds[ActorRequest(actor: event.actor, req: req)] = status
    }

    /// Whether the end a read answers is the one an app of `role` asks for: a cancel is only ever
    /// the client's; a close names who closed in its `by`. An app whose own cancel or close met
    /// another's end (`request_closed`) did not end the request, so that end needs its alert.
    static func ownEnd(_ role: TraceRole, status: String, end: JSONValue?) -> Bool {
        status == "cancelled" ? role == .client : end?["by"]?.stringValue == role.rawValue
    }

    mutating func forget(_ req: String) {
        readEnds.forget(req)
        alerts.forget(req)
        pending.forget(req)
    }
}
