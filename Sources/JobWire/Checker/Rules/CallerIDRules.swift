import SocketIOWire

/// REST-20 (SHOULD): an app sends its own id with a cancel, as `clientId`, and with a close, as
/// `clientId` or `workerId` as its `by` says, so the backend can refuse a call from the wrong
/// app (REST-19). Judged on the `http.request` of an app in the trace's `subject`: the id left
/// out, or another id than the app's own. A close whose `by` is no side, or an id member that is no id, is a malformed body
/// (the app half of REST-5 and REST-6), not judged here.
struct REST20CallerID: TraceRule {
    let infos = [
        TraceRuleInfo(
            "REST-20", evidence: [.client, .worker],
            check: "an app's cancel carries its own id as `clientId`, and its close its own id as `clientId` with `by` client or `workerId` with `by` worker")
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        // Only an app under test is judged: the kit's own apps in another app's test are not.
        guard case .httpRequest(let request) = event.body, event.actor.role != .backend, context.header.subject.contains(event.actor.role) else { return }
        let member: String
        switch context.call.call {
        case .cancel:
            member = "clientId"
        case .close:
            switch request.body?["by"]?.stringValue {
            case "client": member = "clientId"
            case "worker": member = "workerId"
            default: return
            }
        default:
            return
        }
        let sent = request.body?[member]
        let own = event.actor.id
        // A member that is there but no id is a malformed body, REST-5's or REST-6's app half.
        if let sent, sent.idText == nil { return }
        if let named = sent.flatMap(\.idText), own == nil || named == own { return }
        let call = context.call.call == .cancel ? "cancel" : "close"
        context.report(
            "REST-20", lines: [event.line],
            expected: "the \(call) of \(context.call.req ?? "the request") carrying `\(member)`\(own.map { ": \($0), the app's own id" } ?? ", the app's own id")",
            observed: sent.map { "`\(member)` \($0.reportText)" } ?? "no `\(member)`")
    }
}
