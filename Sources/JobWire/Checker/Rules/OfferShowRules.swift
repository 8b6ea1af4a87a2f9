/// ELIG-7 and VIEW-4: offers a worker app must show, and by when.
///
/// A direct `new` (one carrying `workerId`) is shown at once, without filtering or Delay (ELIG-7);
/// an eligible channel offer is shown once its showAt has passed, and a getJobs job when the
/// response arrives (VIEW-4). Discarded, cancelled or closed offers are exempt, and so are
/// malformed ones (MSG-13). The clock only runs while the app can show offers: running, in the
/// foreground and not in Work in Progress. A channel offer the app's own `offer.decided` refused
/// is judged by ELIG-1 ... ELIG-5, ELIG-9 or ELIG-10 instead.
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
    var kinds: Set<TraceEventKind> { [.offerReceived, .appLaunched, .appRestored, .appForegrounded, .viewShown] }
    private enum Tag { static let direct = 0, channel = 1, getJobs = 2 }
    /// Offers waiting for their app to be able to show them: app to request and tag.
    private var waiting: [TraceActor: [String: Int]] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .worker else { return }
        switch event.body {
        case .offerReceived(let req, let via, let offer):
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
            // Any lifecycle or view change may make the app able to show offers again.
            guard let offers = waiting.removeValue(forKey: event.actor) else { return }
            for (req, tag) in offers { context.schedule(due: event.ts, req: req, actor: event.actor, tag: tag, line: event.line) }
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
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
        guard let state = context.session.actors[actor] else { return }
        guard state.available else {
            waiting[actor, default: [:]][obligation.req] = obligation.tag
            return
        }
        if state.availableSince > obligation.due {
            context.schedule(due: state.availableSince, req: obligation.req, actor: actor, tag: obligation.tag, line: obligation.line)
            return
        }
        let direct = obligation.tag == Tag.direct
        context.report(
            direct ? "ELIG-7" : "VIEW-4", lines: [offer.receivedLine],
            expected: direct
                ? "the direct offer \(obligation.req) shown at once, by \(obligation.due + context.skew)"
                : "\(obligation.req) shown by \(obligation.due + context.skew), its showAt plus \(context.skew) ms",
            observed: "worker \(actor.id ?? "?") had not shown it by then")
    }

    mutating func forget(_ req: String) {
        waiting.updateEachValue { $0[req] = nil }
    }
}
