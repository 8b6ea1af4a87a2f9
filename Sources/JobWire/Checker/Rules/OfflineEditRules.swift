import SocketIOWire

/// OFFL-7 ... OFFL-10: an online edit of a backend entity is sent at once and supersedes its
/// queued edits (OFFL-7); an offline edit replaces the queued edits of its entity, never its
/// create (OFFL-8 for a local entity, OFFL-9 for a backend one); and every edit carries the
/// entity's full state (OFFL-10).
struct OFFLEditRules: TraceRule {
    let infos = [
        TraceRuleInfo(
            "OFFL-7", evidence: [.client, .worker],
            check: "online, a new edit of a backend id is sent at once, with no older queued edit of the entity left behind, and never only announced by its notification"),
        TraceRuleInfo(
            "OFFL-8", evidence: [.client, .worker],
            check: "offline, a new edit of a temporary id is queued, replacing the queued edits of that id, and a create is never dropped from the queue"),
        TraceRuleInfo(
            "OFFL-9", evidence: [.client, .worker],
            check: "offline, a new edit of a backend id is queued, not sent or only announced, and replaces the queued edits of that id"),
        TraceRuleInfo(
            "OFFL-10", evidence: [.client, .worker],
            check: "every edit carries every member of the entity's latest pushed state (its create's or previous edit's), not only what changed"),
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest, .queueChanged] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend else { return }
        let state = context.session.workflow[event.actor] ?? WorkflowState()
        switch event.body {
        case .httpRequest(let request):
            guard let call = request.call, call.seq > state.maxSeq, case .edit(let id, let data) = call.call else { return }
            checkFullState(id, data, seq: call.seq, state, event, &context)
            guard !id.isTemporary else { return }  // an edit sent under a temporary id is OFFL-6's or OFFL-14's
            if state.online == false {
                context.report("OFFL-9", lines: [event.line], expected: "edit #\(call.seq) of \(id) queued: the app is offline", observed: "\(event.actor) sent it")
            } else if let older = state.queuedEdit(of: id, besides: call.seq) {
                context.report(
                    "OFFL-7", lines: [event.line], expected: "the queued edit #\(older.seq) of \(id) dropped before the new edit is sent",
                    observed: "edit #\(call.seq) sent with #\(older.seq) still queued")
            }
        case .queueChanged(let change):
            guard let op = change.op, let entry = change.entry else { return }
            if op == .drop, case .create(let id, _) = entry.call {
                context.report("OFFL-8", lines: [event.line], expected: "the create of \(id) kept in the queue", observed: "\(event.actor) dropped create #\(entry.seq)")
                return
            }
            guard op == .enqueue, entry.seq > state.maxSeq, case .edit(let id, let data) = entry.call else { return }
            checkFullState(id, data, seq: entry.seq, state, event, &context)
            if !id.isTemporary, state.online == true {
                context.report("OFFL-7", lines: [event.line], expected: "edit #\(entry.seq) of \(id) sent at once: the app is online", observed: "\(event.actor) queued it")
            } else if state.online == false, let older = state.queuedEdit(of: id, besides: entry.seq) {
                context.report(
                    id.isTemporary ? "OFFL-8" : "OFFL-9", lines: [event.line], expected: "the queued edit #\(older.seq) of \(id) dropped before the new one is queued",
                    observed: "the queue holds both #\(older.seq) and #\(entry.seq)")
            }
        default:
            break
        }
    }

    /// OFFL-10: the edit's data holds every member the entity's latest pushed state had.
    private func checkFullState(_ id: EntityID, _ data: JSONObject, seq: Int, _ state: WorkflowState, _ event: TraceEvent, _ context: inout RuleContext) {
        guard let known = state.knownFields[id.rawValue] else { return }
        let missing = known.subtracting(data.keys).sorted()
        guard !missing.isEmpty else { return }
        context.report(
            "OFFL-10", lines: [event.line], expected: "edit #\(seq) of \(id) with the entity's full state",
            observed: "it lacks \(missing.map { "`\($0)`" }.joined(separator: ", "))")
    }
}
