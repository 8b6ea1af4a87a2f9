import SocketIOWire

/// VIEW-15: the worker app takes an offer off the screen (`offer.removed`) within
/// reactionToleranceMs when the worker discards it (`why` `discarded`), when the request's
/// `cancel` arrives (`cancelled`), and when a `race_lost` answer tells it another worker won
/// (`taken`); and it gives no removal a reason that did not happen.
///
/// An offer is on screen from its `offer.shown` until its `offer.removed`, the app's termination,
/// or the worker's own successful WorkerAccept (the offer became its Work in Progress). A `close`
/// reaches only the winner (FLOW-9), so `closed` is a reason only after one arrived.
struct VIEW15OfferRemoval: TraceRule {
    let infos = [
        TraceRuleInfo(
            "VIEW-15", evidence: [.worker],
            check: "an offer on screen is removed (`offer.removed`) when the worker discards it, when its `cancel` arrives and when a `race_lost` answer comes, with that `why`; no removal names a reason that did not happen",
            tolerance: "the removal may take up to reactionToleranceMs")
    ]
    var kinds: Set<TraceEventKind> { [.offerShown, .offerRemoved, .offerDiscarded, .socketIn, .httpResponse, .appTerminated] }
    /// Offers on screen.
    private var onScreen: Set<ActorRequest> = []
    /// What happened to each offer that calls for its removal, by reason.
    private var causes: [ActorRequest: Set<OfferRemoval>] = [:]
    /// Removals due: offer to the reason and the line that called for it.
    private var removalsDue: [ActorRequest: (why: OfferRemoval, line: Int)] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role == .worker else { return }
        switch event.body {
        case .offerShown(let req):
            onScreen.insert(ActorRequest(actor: actor, req: req))
        case .offerRemoved(let req, let why):
            let key = ActorRequest(actor: actor, req: req)
            onScreen.remove(key)
            removalsDue[key] = nil
            guard causes[key]?.contains(why) != true else { return }
            context.report(
                "VIEW-15", lines: [event.line], expected: "an offer removed for what happened to it",
                observed: "\(req) removed as \(why.rawValue), which the trace does not show")
        case .offerDiscarded(let req, _):
            happened(.discarded, ActorRequest(actor: actor, req: req), event, &context)
        case .socketIn:
            guard let req = context.message.req else { return }
            switch context.message.event {
            case .cancel?: happened(.cancelled, ActorRequest(actor: actor, req: req), event, &context)
            case .close?: causes[ActorRequest(actor: actor, req: req), default: []].insert(.closed)
            default: break
            }
        case .httpResponse(let response):
            guard let exchange = context.session.exchanges[response.xid], exchange.call == .workerAccept, let req = exchange.req else { return }
            let key = ActorRequest(actor: actor, req: req)
            if response.succeeded {
                onScreen.remove(key)
            } else if response.body?["error"]?["code"]?.stringValue == "race_lost" {
                happened(.taken, key, event, &context)
            }
        case .lifecycle(.terminated, _):
            onScreen = onScreen.filter { $0.actor != actor }
        default:
            break
        }
    }

    private mutating func happened(_ why: OfferRemoval, _ key: ActorRequest, _ event: TraceEvent, _ context: inout RuleContext) {
        causes[key, default: []].insert(why)
        guard onScreen.contains(key), removalsDue[key] == nil else { return }
        removalsDue[key] = (why, event.line)
        context.schedule(due: event.ts + context.header.reactionToleranceMs, req: key.req, actor: key.actor, clock: key.actor, line: event.line)
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor else { return }
        let key = ActorRequest(actor: actor, req: obligation.req)
        guard let pending = removalsDue[key], pending.line == obligation.line else { return }
        removalsDue[key] = nil
        guard onScreen.contains(key) else { return }
        context.report(
            "VIEW-15", lines: [pending.line],
            expected: "\(obligation.req) off the screen (`offer.removed`, why \(pending.why.rawValue)) within \(context.header.reactionToleranceMs) ms",
            observed: "worker \(actor.id ?? "?") still shows it")
    }

    mutating func forget(_ req: String) {
        onScreen.forget(req)
        causes.forget(req)
        removalsDue.forget(req)
    }
}
