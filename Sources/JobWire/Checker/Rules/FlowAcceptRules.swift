/// FLOW-2, FLOW-10, FLOW-11 and FLOW-12: the reasons a worker app's WorkerAccept is wrong, kept
/// apart so each accept is blamed on its cause: an offer that failed eligibility (FLOW-10), one the
/// worker discarded (FLOW-11), one whose `cancel` or `close` it had received (FLOW-12), and
/// otherwise one it never showed (FLOW-2).
struct FLOWAcceptReasons: TraceRule {
    let infos = [
        TraceRuleInfo("FLOW-2", evidence: [.worker], check: "the worker app sends WorkerAccept only for an offer it received and showed"),
        TraceRuleInfo("FLOW-10", evidence: [.worker], check: "the worker app sends no WorkerAccept for a channel offer that fails ELIG-1 to ELIG-5 for its profile at receipt"),
        TraceRuleInfo("FLOW-11", evidence: [.worker], check: "the worker app sends no WorkerAccept for a request it discarded"),
        TraceRuleInfo("FLOW-12", evidence: [.worker], check: "the worker app sends no WorkerAccept for a request after receiving its `cancel` or `close`"),
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .worker, case .httpRequest = event.body else { return }
        let exchange = context.call
        guard exchange.call == .workerAccept, let req = exchange.req else { return }
        let side = context.session.side(event.actor, req)
        let offer = side?.offer
        var blamed = false
        // FLOW-10: a channel offer the kit finds ineligible at receipt (a getJobs listing is the backend's call).
        if let offer, offer.viaNew, !offer.direct, !offer.viaGetJobs, let decision = offer.kitDecision, !decision.eligible {
            blamed = true
            context.report(
                "FLOW-10", lines: [offer.receivedLine, event.line],
                expected: "no WorkerAccept for \(req): at receipt it failed \(decision.failed.map(\.rawValue).joined(separator: ", "))",
                observed: "a WorkerAccept for \(req) from worker \(event.actor.id ?? "?")")
        }
        // FLOW-11: discards are final (DISC-2).
        if let offer, let discarded = offer.discardedLine {
            blamed = true
            context.report(
                "FLOW-11", lines: [discarded, event.line], expected: "no WorkerAccept for \(req), which the worker discarded at line \(discarded)",
                observed: "a WorkerAccept for \(req) after the discard")
        }
        // FLOW-12: the request is gone for this worker.
        if let side, let ended = side.endReceivedLine {
            blamed = true
            context.report(
                "FLOW-12", lines: [ended, event.line], expected: "no WorkerAccept for \(req) after its `cancel` or `close` arrived at line \(ended)",
                observed: "a WorkerAccept for \(req) after it")
        }
        // FLOW-2: otherwise the offer must have been shown.
        if !blamed, offer?.shownLine == nil {
            context.report(
                "FLOW-2", lines: (offer.map { [$0.receivedLine] } ?? []) + [event.line],
                expected: "a WorkerAccept only for an offer the worker showed",
                observed: offer == nil ? "a WorkerAccept for \(req), an offer this worker never received" : "a WorkerAccept for \(req), received at line \(offer!.receivedLine) but never shown")
        }
    }
}

/// FLOW-14: an app MUST send close only for a request it shows in Work in Progress: the client
/// after the request's `apply` arrived, the worker after its WorkerAccept succeeded, and neither
/// once a `cancel` or `close` it did not send has arrived, which takes the request out of Work in
/// Progress (VIEW-13): a close sent then, say the received `close` answered with one of its own, is
/// for a request the app no longer shows there.
struct FLOW14CloseOnlyInProgress: TraceRule {
    let infos = [
        TraceRuleInfo(
            "FLOW-14", evidence: [.client, .worker],
            check: "a client sends close only after the request's `apply` arrived, a worker only after its WorkerAccept succeeded, and neither after a `cancel` or `close` it did not send arrived")
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend, case .httpRequest = event.body else { return }
        let exchange = context.call
        guard exchange.call == .close, let req = exchange.req else { return }
        let side = context.session.side(event.actor, req)
        if let side, let ended = side.endReceivedLine, !side.endedByItself {
            context.report(
                "FLOW-14", lines: [ended, event.line], expected: "no close for \(req) after its `cancel` or `close` arrived at line \(ended)",
                observed: "the \(event.actor.role.protocolName) sent a close for \(req), no longer in Work in Progress")
            return
        }
        if event.actor.role == .client {
            // A state read that found it in progress carried the `apply` (STATE-7).
            guard side?.applyReceivedAt == nil, side?.readStatus != "inProgress" else { return }
            context.report(
                "FLOW-14", lines: [event.line], expected: "a close for \(req) only after its `apply` arrived",
                observed: "the client sent a close for \(req) with no `apply` received")
        } else {
            guard side?.acceptOutcome != .success, side?.readWon != true else { return }
            context.report(
                "FLOW-14", lines: [event.line] + (side?.acceptAnsweredLine.map { [$0] } ?? []),
                expected: "a close for \(req) only after this worker's WorkerAccept succeeded",
                observed: side?.acceptOutcome == .failure ? "worker \(event.actor.id ?? "?") closed \(req) after its WorkerAccept failed" : "worker \(event.actor.id ?? "?") closed \(req) without a successful WorkerAccept")
        }
    }
}
