import SocketIOWire

/// ELIG-7 and VIEW-4: offers a worker app must show, and by when.
///
/// A direct `new` (one carrying `workerId`) is shown at once, without filtering or Delay (ELIG-7);
/// an eligible channel offer is shown once its showAt has passed, and a getJobs job when the
/// response arrives (VIEW-4). Discarded, cancelled or closed offers are exempt, and so are
/// malformed ones (MSG-13). The clock only runs while the app can show offers: running, in the
/// foreground and not in Work in Progress. A channel offer the app's own `offer.decided` refused
/// is judged by ELIG-1 ... ELIG-5, ELIG-9 or ELIG-10 instead.
///
/// A worker that reports its UI (a `view.shown` or an `offer.received`) and never takes in a
/// well-formed `new` it received (`io.in` with no `offer.received`: a listener lost after a return,
/// a relaunch or a reconnection) never shows it either, so that `new` is judged too, with the kit's
/// decision at the `io.in` (one carrying unknown members is MSG-12's), by its showAt but no sooner
/// than reactionToleranceMs after the `io.in`.
struct OfferShowObligations: TraceRule {
    let infos = [
        TraceRuleInfo(
            "ELIG-7", evidence: [.worker], check: "a direct `new` is shown at once, without eligibility filtering or Delay",
            tolerance: "within clockSkewToleranceMs of its receipt, counting only time the app can show offers"),
        TraceRuleInfo(
            "VIEW-4", evidence: [.worker],
            check: "an eligible channel offer is shown once its showAt has passed, a getJobs job when the response arrives, unless discarded, cancelled or closed",
            tolerance: "within clockSkewToleranceMs, counting only time the app can show offers"),
    ]
    var kinds: Set<TraceEventKind> { [.offerReceived, .appLaunched, .appRestored, .appForegrounded, .viewShown, .socketIn] }
    private enum Tag { static let direct = 0, channel = 1, getJobs = 2, intake = 3 }
    /// Offers waiting for their app to be able to show them: app to request and tag.
    private var waiting: [TraceActor: [String: Int]] = [:]
    /// Workers that report their UI, so a `new` they take in shows as an `offer.received`.
    private var reportsUI: Set<TraceActor> = []
    /// Eligible or direct `new`s delivered to a worker with no offer of that request yet: the `io.in` line.
    private var delivered: [ActorRequest: Delivery] = [:]
    /// A `new` as it reached the worker, with the worker's profile then (ELIG-10).
    private struct Delivery: Sendable {
        var line: Int
        var receivedAt: Int64
        var direct: Bool
        var job: JSONValue
        var profile: JSONValue?
    }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .worker else { return }
        switch event.body {
        case .socketIn(let message):
            delivery(message, event, &context)
        case .offerReceived(let req, let via, let offer):
            reportsUI.insert(event.actor)
            let known = context.session.side(event.actor, req)?.offer
            if via == .getJobs {
                guard known?.shownAt == nil else { return }
                context.schedule(due: event.ts, req: req, actor: event.actor, tag: Tag.getJobs, line: event.line)
            } else if known == nil {
                let direct = offer["workerId"].map { !$0.isNull } ?? false
                let delay = direct ? 0 : max(0, min(offer["Delay"]?.integerValue ?? 0, 2_147_483_647))
                context.schedule(due: event.ts + delay * 1000, req: req, actor: event.actor, tag: direct ? Tag.direct : Tag.channel, line: event.line)
            }
        default:
            if case .viewShown = event.body { reportsUI.insert(event.actor) }
            // Any lifecycle or view change may make the app able to show offers again.
            guard let offers = waiting.removeValue(forKey: event.actor) else { return }
            for (req, tag) in offers { context.schedule(due: event.ts, req: req, actor: event.actor, tag: tag, line: event.line) }
        }
    }

    /// A `new` delivered to a worker that reports its UI, with no offer of that request yet: judged
    /// at its showAt (the receipt for a direct one), but no sooner than reactionToleranceMs after
    /// the `io.in`, the time an app may take to record what it received (as MSG-12 allows), if the
    /// worker has not taken it in by then.
    private mutating func delivery(_ message: SocketMessage, _ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard reportsUI.contains(actor), context.message.event == .new, let req = context.message.req,
            let payload = message.payload?.objectValue, context.message.refusedNew.isEmpty, context.message.unknownNewFields.isEmpty,
            context.session.side(actor, req)?.offer == nil, context.session.actors[actor]?.discarded.contains(req) != true
        else { return }
        let direct = payload["workerId"].map { !$0.isNull } ?? false
        let delay = direct ? 0 : max(0, min(payload["Delay"]?.integerValue ?? 0, 2_147_483_647))
        delivered[ActorRequest(actor: actor, req: req)] = Delivery(
            line: event.line, receivedAt: event.ts, direct: direct, job: .object(payload), profile: actor.id.flatMap { context.session.profiles[$0] })
        context.schedule(due: event.ts + max(delay * 1000, context.header.reactionToleranceMs), req: req, actor: actor, tag: Tag.intake, line: event.line)
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        if obligation.tag == Tag.intake { return dueDelivery(obligation, &context) }
        // Whether it ended first: that is cheap, while the side of a retired request is rebuilt from its tombstone.
        guard let actor = obligation.actor, !context.session.isEnded(obligation.req), let side = context.session.side(actor, obligation.req),
            let offer = side.offer, offer.shownAt == nil, offer.discardedAt == nil, side.endReceivedAt == nil
        else { return }
        if obligation.tag == Tag.channel {
            // Only offers the kit finds eligible and the app did not refuse for a reason another rule judges.
            guard let decision = offer.kitDecision, decision.eligible, !offer.appUsedOtherProfile else { return }
            if let report = offer.appDecision, report.invalidField != nil || !(report.failed ?? []).isEmpty { return }
        } else if obligation.tag == Tag.direct {
            guard offer.direct else { return }
        }
        guard let state = context.session.actors[actor], couldShow(state, actor, obligation, &context) else { return }
        let direct = obligation.tag == Tag.direct
        context.report(
            direct ? "ELIG-7" : "VIEW-4", lines: [offer.receivedLine],
            expected: direct
                ? "the direct offer \(obligation.req) shown at once, by \(obligation.due + context.skew)"
                : "\(obligation.req) shown by \(obligation.due + context.skew), its showAt plus \(context.skew) ms",
            observed: "worker \(actor.id ?? "?") had not shown it by then")
    }

    /// Whether the worker could show offers all the while up to the obligation's due time; if not,
    /// the obligation is put off with its tag: until the app can show offers again, or to the
    /// moment it could since.
    private mutating func couldShow(_ state: ActorState, _ actor: TraceActor, _ obligation: Obligation, _ context: inout RuleContext) -> Bool {
        guard state.available else {
            waiting[actor, default: [:]][obligation.req] = obligation.tag
            return false
        }
        if state.availableSince > obligation.due {
            context.schedule(due: state.availableSince, req: obligation.req, actor: actor, tag: obligation.tag, line: obligation.line)
            return false
        }
        return true
    }

    /// A delivered `new` the worker never took in: VIEW-4 (ELIG-7 for a direct one) once the
    /// worker could have shown it.
    private mutating func dueDelivery(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let delivery = delivered[ActorRequest(actor: actor, req: obligation.req)] else { return }
        let side = context.session.side(actor, obligation.req)
        guard !context.session.isEnded(obligation.req), side?.offer == nil, side?.endReceivedAt == nil,
            context.session.actors[actor]?.discarded.contains(obligation.req) != true, let state = context.session.actors[actor]
        else {
            delivered[ActorRequest(actor: actor, req: obligation.req)] = nil
            return
        }
        guard couldShow(state, actor, obligation, &context) else { return }
        delivered[ActorRequest(actor: actor, req: obligation.req)] = nil
        if !delivery.direct {
            // Only a channel offer the kit finds eligible for the profile at the delivery must show.
            guard let profile = delivery.profile,
                case .success(let decision) = Eligibility.decide(input: ["profile": profile, "job": delivery.job, "receivedAt": .int(delivery.receivedAt)]),
                decision.eligible
            else { return }
        }
        context.report(
            delivery.direct ? "ELIG-7" : "VIEW-4", lines: [delivery.line],
            expected: "the `new` for \(obligation.req) delivered at line \(delivery.line) taken in and shown by \(obligation.due + context.skew) (its showAt, or reactionToleranceMs after the delivery if later, plus the skew)",
            observed: "worker \(actor.id ?? "?") never took it in (no `offer.received`), so never showed it")
    }

    mutating func forget(_ req: String) {
        waiting.updateEachValue { $0[req] = nil }
        delivered.forget(req)
    }
}
