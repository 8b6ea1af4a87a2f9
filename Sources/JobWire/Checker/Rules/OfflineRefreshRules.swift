/// OFFL-1 and OFFL-2: an automatic list refresh online sends the list GET, renders the list, and
/// renders it again marked updated on a successful response (OFFL-1); offline it does nothing at
/// all: no GET, no queue entry, no render (OFFL-2).
struct OFFLRefreshRules: TraceRule {
    let infos = [
        TraceRuleInfo(
            "OFFL-1", evidence: [.client, .worker],
            check: "online, a list GET is followed by a render of `contacts` from the state, a successful list response by a render marked `updated`, and no render is marked updated without one",
            tolerance: "each render within reactionToleranceMs"),
        TraceRuleInfo("OFFL-2", evidence: [.client, .worker], check: "offline, no list GET is sent or queued and the list is not rendered again"),
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest, .httpResponse, .viewShown, .queueChanged] }

    private static let afterGET = 1
    private static let afterResponse = 2

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend else { return }
        let state = context.session.workflow[event.actor] ?? WorkflowState()
        switch event.body {
        case .httpRequest(let request):
            guard case .list? = request.call?.call else { return }
            if state.online == false {
                context.report("OFFL-2", lines: [event.line], expected: "no list GET while offline", observed: "\(event.actor) sent \(request.method) \(request.path) while offline")
            } else {
                context.schedule(due: event.ts + context.header.reactionToleranceMs, req: request.xid, actor: event.actor, clock: event.actor, tag: Self.afterGET, line: event.line)
            }
        case .httpResponse(let response):
            guard response.succeeded, let flight = state.inFlight[response.xid], case .list = flight.request.call else { return }
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: response.xid, actor: event.actor, clock: event.actor, tag: Self.afterResponse, line: event.line)
        case .queueChanged(let change):
            guard change.op == .enqueue, case .list? = change.entry?.call else { return }
            context.report("OFFL-2", lines: [event.line], expected: "a list GET is dropped offline, never queued", observed: "\(event.actor) queued list request #\(change.entry!.seq)")
        case .viewShown(let view) where view.view == TraceViews.contacts:
            let updated = view.elements?["updated"] == .bool(true)
            let onList = context.session.actors[event.actor]?.view == TraceViews.contacts
            if state.online == false, updated || onList {
                context.report(
                    "OFFL-2", lines: [event.line], expected: "no re-render of the list while offline",
                    observed: "\(event.actor) rendered `contacts` again\(updated ? ", marked updated," : "") while offline")
            } else if state.online != false, updated, state.listAnswersAwaitingRender == 0 {
                context.report(
                    "OFFL-1", lines: [event.line], expected: "a render marked updated only after a successful list response",
                    observed: "\(event.actor) marked the list updated with no list response to show")
            }
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let state = context.session.workflow[actor] else { return }
        let since = obligation.due - context.header.reactionToleranceMs
        if obligation.tag == Self.afterGET, (state.lastRenderAt ?? .min) < since {
            context.report(
                "OFFL-1", lines: [obligation.line], expected: "a render of `contacts` from the state, not marked updated, within \(context.header.reactionToleranceMs) ms of the list GET",
                observed: "no render of the list after the GET on line \(obligation.line)")
        } else if obligation.tag == Self.afterResponse, (state.lastUpdatedRenderAt ?? .min) < since {
            context.report(
                "OFFL-1", lines: [obligation.line], expected: "a render of `contacts` with `updated` true within \(context.header.reactionToleranceMs) ms of the list response",
                observed: "no render marked updated after the list response on line \(obligation.line)")
        }
    }
}
