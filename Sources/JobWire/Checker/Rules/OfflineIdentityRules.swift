/// OFFL-6 and OFFL-14: temporary ids never reach the backend in an edit. Once a create is
/// answered its temporary id is gone from every later request and queued entry (OFFL-6); before
/// that, an edit of the entity waits in the queue behind the create, replacing any older edit of
/// it, and is never sent under the temporary id (OFFL-14).
struct OFFLIdentityRules: TraceRule {
    let infos = [
        TraceRuleInfo(
            "OFFL-6", evidence: [.client, .worker],
            check: "after a create's answer no request, queued entry or request path of the app names its temporary id"),
        TraceRuleInfo(
            "OFFL-14", evidence: [.client, .worker],
            check: "an edit of an entity whose create is unanswered is queued behind it, replacing an older queued edit, and never sent under the temporary id"),
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest, .queueChanged] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend else { return }
        let state = context.session.workflow[event.actor] ?? WorkflowState()
        switch event.body {
        case .httpRequest(let request):
            // A temporary id on the wire: the edit's id, or any segment of the path.
            var named: [String] = RESTRequestPath(request.path).segments.map { RESTRequestPath.decoded($0) }.filter { EntityID($0).isTemporary }
            if case .edit(let id, _)? = request.call?.call, id.isTemporary, !named.contains(id.rawValue) { named.append(id.rawValue) }
            for id in named {
                if let answer = state.answerLine(ofTemporary: id) {
                    context.report(
                        "OFFL-6", lines: [answer, event.line], expected: "\(id) replaced by the backend's id once its create was answered (line \(answer))",
                        observed: "\(event.actor) sent \(request.method) \(request.path) naming \(id)")
                } else {
                    context.report(
                        "OFFL-14", lines: [event.line], expected: "the edit of \(id) queued until its create is answered and the id replaced",
                        observed: "\(event.actor) sent \(request.method) \(request.path) under the temporary id")
                }
            }
        case .queueChanged(let change):
            guard let op = change.op, let entry = change.entry, case .edit(let id, _) = entry.call, id.isTemporary else { return }
            if op != .drop, let answer = state.answerLine(ofTemporary: id.rawValue) {
                context.report(
                    "OFFL-6", lines: [answer, event.line], expected: "queued requests name the backend's id once the create of \(id) was answered (line \(answer))",
                    observed: "queue entry #\(entry.seq) (\(op.rawValue)) still names \(id)")
            } else if op == .enqueue, entry.seq > state.maxSeq, state.online == true, let older = state.queuedEdit(of: id, besides: entry.seq) {
                context.report(
                    "OFFL-14", lines: [event.line], expected: "the queued edit #\(older.seq) of \(id) replaced by the new one",
                    observed: "the queue holds both #\(older.seq) and #\(entry.seq)")
            }
        default:
            break
        }
    }
}
