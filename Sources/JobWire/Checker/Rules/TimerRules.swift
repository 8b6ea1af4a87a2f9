/// TIME-1 and TIME-7: the client's timer starts when the post request succeeds and records that
/// time (TIME-1), and every later `timer.started` carries the same original start (TIME-7).
struct TIMETimerStart: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TIME-1", evidence: [.client],
            check: "a `timer.started` for the request follows its post request's success, with `startedAt` the time the success arrived",
            tolerance: "both within clockSkewToleranceMs"),
        TraceRuleInfo(
            "TIME-7", evidence: [.client],
            check: "every later `timer.started` for a request carries the first one's `startedAt`"),
    ]
    var kinds: Set<TraceEventKind> { [.httpResponse, .timerStarted] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .client else { return }
        switch event.body {
        case .httpResponse(let response):
            guard response.succeeded, context.session.exchanges[response.xid]?.call == .postRequest,
                let req = response.body?["ReqID"].flatMap(\.idText)
            else { return }
            context.schedule(due: event.ts + context.skew, req: req, actor: event.actor, clock: event.actor, line: event.line)
        case .timerStarted(let timer, let req, let startedAt) where timer == .timeout:
            guard let side = context.session.side(event.actor, req) else { return }
            if let first = side.timerStartedAt {
                // TIME-7: a restore resumes the timer, it never restarts it.
                guard startedAt != first else { return }
                context.report(
                    "TIME-7", lines: [side.timerLine ?? event.line, event.line], expected: "`startedAt` \(first), the timer's original start",
                    observed: "`startedAt` \(startedAt), \(startedAt - first) ms later: the timer was restarted")
            } else if let answered = side.postAnsweredAt, abs(startedAt - answered) > context.skew {
                // TIME-1: the start is the arrival of the success.
                context.report(
                    "TIME-1", lines: [side.postAnsweredLine ?? event.line, event.line],
                    expected: "`startedAt` \(answered), when the post request's success arrived",
                    observed: "`startedAt` \(startedAt), \(startedAt - answered) ms off")
            }
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let side = context.session.side(actor, obligation.req), side.timerStartedAt == nil else { return }
        context.report(
            "TIME-1", lines: [obligation.line],
            expected: "a `timer.started` for \(obligation.req) within \(context.skew) ms of its post request's success",
            observed: "no `timer.started` for \(obligation.req)")
    }
}

/// TIME-8 and TIME-9: a worker shows a channel offer no earlier than receipt plus `Delay` (TIME-8),
/// and measures that wait from the original receipt, never starting it again (TIME-9).
struct TIMEOfferDelay: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TIME-8", evidence: [.worker], check: "a channel offer shows no earlier than its receipt plus `Delay` seconds",
            tolerance: "allows clockSkewToleranceMs"),
        TraceRuleInfo(
            "TIME-9", evidence: [.worker], check: "every `timer.started` of a Delay wait carries the offer's original receipt time",
            tolerance: "allows clockSkewToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> { [.offerShown, .timerStarted] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .worker else { return }
        switch event.body {
        case .offerShown(let req):
            guard let offer = context.session.side(event.actor, req)?.offer, offer.viaNew, !offer.direct, !offer.viaGetJobs,
                offer.shownAt == nil
            else { return }
            let showAt = offer.showAt
            guard event.ts < showAt - context.skew else { return }
            // TIME-8: the Delay is a penalty; showing early defeats it.
            context.report(
                "TIME-8", lines: [offer.receivedLine, event.line],
                expected: "\(req) shown at \(showAt) or later (receipt \(offer.receivedAt) + Delay \((showAt - offer.receivedAt) / 1000) s)",
                observed: "shown at \(event.ts), \(showAt - event.ts) ms early")
        case .timerStarted(let timer, let req, let startedAt) where timer == .delay:
            guard let offer = context.session.side(event.actor, req)?.offer, abs(startedAt - offer.receivedAt) > context.skew else { return }
            // TIME-9: after a restart or the background the wait resumes from the original receipt.
            context.report(
                "TIME-9", lines: [offer.receivedLine, event.line], expected: "`startedAt` \(offer.receivedAt), when \(req) was received",
                observed: "`startedAt` \(startedAt): the Delay wait started again")
        default:
            break
        }
    }
}
