/// OFFL-18: the notification of a create comes before the app handles the create's response.
///
/// An app records the answer when it arrives, which may be before the notification of the same
/// action is on screen; what it must not do is act on the answer first. The answer's effect a trace
/// shows is the backend id taking the temporary one's place (OFFL-6): in a later request, a queue
/// entry or a render of the list. A create answered before its notification waits here until the
/// notification names it; the backend id in use before then is OFFL-18's violation. An edit's
/// response changes nothing the trace can show (OFFL-7's decision), so only creates are judged.
struct OFFLNotificationOrderRules: TraceRule {
    let infos = [
        TraceRuleInfo(
            "OFFL-18", evidence: [.client, .worker],
            check: "the notification of a create is shown before the backend id its response brings is used in a request, a queue entry or a render")
    ]
    var kinds: Set<TraceEventKind> { [.httpResponse, .alertShown, .httpRequest, .queueChanged, .viewShown] }

    /// Creates answered before their notification, per app: backend id to the temporary id and the answer's line.
    private var unnotified: [TraceActor: [String: (temporary: String, line: Int)]] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend else { return }
        switch event.body {
        case .httpResponse(let response):
            guard let state = context.session.workflow[event.actor], let flight = state.inFlight[response.xid],
                case .create(let temporary, _) = flight.request.call, response.succeeded,
                let backendID = WorkflowState.backendID(from: response.body), (state.announcements[temporary.rawValue]?.shown ?? 0) == 0
            else { return }
            unnotified[event.actor, default: [:]][backendID] = (temporary.rawValue, event.line)
        case .alertShown(let alert) where alert.alert == TraceViews.notification:
            guard let entity = alert.notification.entity else { return }
            unnotified[event.actor]?[entity] = nil
            unnotified[event.actor] = unnotified[event.actor]?.filter { $0.value.temporary != entity }
        case .httpRequest(let request):
            if let id = request.call?.entityID?.rawValue { judge(id, event, &context) }
        case .queueChanged(let change):
            if let id = change.entry?.entityID?.rawValue { judge(id, event, &context) }
        case .viewShown(let view) where view.view == TraceViews.contacts:
            for item in view.elements?["items"]?.arrayValue ?? [] {
                if let id = item.idText { judge(id, event, &context) }
            }
        default:
            break
        }
    }

    /// The backend id `id` in use: a violation while its create's notification has not been shown.
    private mutating func judge(_ id: String, _ event: TraceEvent, _ context: inout RuleContext) {
        guard let waiting = unnotified[event.actor]?.removeValue(forKey: id) else { return }
        context.report(
            "OFFL-18", lines: [waiting.line, event.line],
            expected: "the notification of the create of \(waiting.temporary) shown before its response is acted on",
            observed: "\(event.actor) used \(id), the id the response on line \(waiting.line) gave, before any notification named \(waiting.temporary)")
    }
}
