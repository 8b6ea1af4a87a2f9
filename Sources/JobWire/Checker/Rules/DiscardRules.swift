/// DISC-1 ... DISC-4: discards are stored on the device (DISC-1), never shown again (DISC-2),
/// not even after a restart (DISC-3), and never told to the backend (DISC-4).
struct DISCRules: TraceRule {
    let infos = [
        TraceRuleInfo("DISC-1", evidence: [.worker], check: "the stored discard list an `offer.discarded` reports holds the discarded request"),
        TraceRuleInfo("DISC-2", evidence: [.worker], check: "a discarded offer is not shown again while the app keeps running"),
        TraceRuleInfo("DISC-3", evidence: [.worker], check: "a discarded offer stays hidden after a relaunch, and the discard list read back at launch still holds it"),
        TraceRuleInfo("DISC-4", evidence: [.worker], check: "after a discard the worker app sends no REST call or Socket.IO event about that request"),
    ]
    var kinds: Set<TraceEventKind> { [.offerDiscarded, .offerShown, .appLaunched, .appRestored, .httpRequest, .socketOut] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .worker else { return }
        let worker = event.actor.id ?? "?"
        switch event.body {
        case .offerDiscarded(let req, let stored):
            // DISC-1: the discard is in device storage.
            guard let stored, !stored.contains(req) else { return }
            context.report(
                "DISC-1", lines: [event.line], expected: "\(req) in the stored discard list",
                observed: "the stored list is [\(stored.joined(separator: ", "))]")
        case .offerShown(let req):
            guard let offer = context.session.side(event.actor, req)?.offer, let discarded = offer.discardedLine else { return }
            let restarted = (context.session.actors[event.actor]?.lastLaunchLine ?? 0) > discarded
            // DISC-3 after a relaunch, DISC-2 otherwise.
            context.report(
                restarted ? "DISC-3" : "DISC-2", lines: [discarded, event.line],
                expected: "\(req) never shown again after its discard at line \(discarded)\(restarted ? ", also after the relaunch" : "")",
                observed: "worker \(worker) showed it again")
        case .lifecycle(_, let stored):
            guard let discards = stored.discards, let state = context.session.actors[event.actor] else { return }
            // An app may drop the discards of requests that have ended.
            let lost = state.discarded.filter { req in
                !discards.contains(req) && !context.session.isEnded(req)
                    && context.session.side(event.actor, req)?.endReceivedAt == nil
            }.sorted()
            guard !lost.isEmpty else { return }
            context.report(
                "DISC-3", lines: [event.line], expected: "the discard list read back at launch holding \(lost.joined(separator: ", "))",
                observed: "it reads [\(discards.joined(separator: ", "))]")
        case .httpRequest(let request):
            guard context.session.actors[event.actor]?.hasDiscarded == true else { return }
            let exchange = context.call
            // A WorkerAccept after a discard is FLOW-11's, a close FLOW-14's.
            guard exchange.call != .workerAccept, exchange.call != .close else { return }
            let segments = request.path.split(whereSeparator: { $0 == "/" || $0 == "?" || $0 == "&" || $0 == "=" }).map(String.init)
            let named = request.body?["ReqID"].flatMap(\.idText)
            let candidates = (named.map { [$0] } ?? []) + segments
            guard let req = candidates.first(where: { context.session.wasDiscarded($0, by: event.actor) }) else { return }
            context.report(
                "DISC-4", lines: [event.line], expected: "nothing sent about \(req) after its discard",
                observed: "worker \(worker) sent \(request.method) \(request.path)")
        case .socketOut(let message):
            guard context.session.actors[event.actor]?.hasDiscarded == true, let req = context.message.req,
                context.session.wasDiscarded(req, by: event.actor) else { return }
            context.report(
                "DISC-4", lines: [event.line], expected: "nothing sent about \(req) after its discard",
                observed: "worker \(worker) emitted `\(message.event)` for it")
        default:
            break
        }
    }
}
