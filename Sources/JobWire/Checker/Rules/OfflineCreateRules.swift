/// OFFL-3, OFFL-4 and OFFL-5: a create gets a fresh temporary id (OFFL-3), is sent at once
/// online and queued offline (OFFL-4), and every create and edit is followed by a notification
/// naming its entity (OFFL-5).
struct OFFLCreateRules: TraceRule {
    let infos = [
        TraceRuleInfo("OFFL-3", evidence: [.client, .worker], check: "every create carries a temporary id (`tmp-`) that no earlier create used"),
        TraceRuleInfo("OFFL-4", evidence: [.client, .worker], check: "a new create is sent at once when online and queued, not sent, when offline; no notification announces a create that was neither"),
        TraceRuleInfo(
            "OFFL-5", evidence: [.client, .worker], check: "every new create and edit is followed by an `alert.shown` of kind `notification` naming its entity",
            tolerance: "within reactionToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest, .queueChanged] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend else { return }
        let state = context.session.workflow[event.actor] ?? WorkflowState()
        let made: OfflineRequest
        let queued: Bool
        switch event.body {
        case .httpRequest(let request):
            guard let call = request.call else { return }
            made = call
            queued = false
        case .queueChanged(let change):
            guard change.op == .enqueue, let entry = change.entry else { return }
            made = entry
            queued = true
        default:
            return
        }
        guard made.seq > state.maxSeq, let id = made.entityID else { return }
        if case .create = made.call {
            if !id.isTemporary {
                context.report("OFFL-3", lines: [event.line], expected: "a temporary id starting with `\(EntityID.temporaryPrefix)`", observed: "create #\(made.seq) carries \(id)")
            } else if let earlier = state.temporaryIDs[id.rawValue] {
                context.report("OFFL-3", lines: [event.line], expected: "a temporary id never used before", observed: "create #\(made.seq) reuses \(id) of create #\(earlier)")
            }
            if queued, state.online == true {
                context.report("OFFL-4", lines: [event.line], expected: "create #\(made.seq) sent at once: the app is online", observed: "\(event.actor) queued it")
            } else if !queued, state.online == false {
                context.report("OFFL-4", lines: [event.line], expected: "create #\(made.seq) queued: the app is offline", observed: "\(event.actor) sent it")
            }
        }
        // OFFL-5: the k-th create or edit of an entity needs its k-th notification.
        let owed = (state.announcements[id.rawValue]?.made ?? 0) + 1
        context.schedule(due: event.ts + context.header.reactionToleranceMs, req: id.rawValue, actor: event.actor, clock: event.actor, tag: owed, line: event.line)
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let state = context.session.workflow[actor] else { return }
        guard (state.announcements[obligation.req]?.shown ?? 0) < obligation.tag else { return }
        context.report(
            "OFFL-5", lines: [obligation.line],
            expected: "an `alert.shown` of kind `notification` naming \(obligation.req) within \(context.header.reactionToleranceMs) ms",
            observed: "no notification for the create or edit on line \(obligation.line)")
    }
}
