/// TIME-2 ... TIME-6: the client's timeout cancel, judged against the deadline, which is the
/// arrival of the post request's success plus `timeoutMs`.
///
/// A cancel sent while no `apply` has arrived, from `clockSkewToleranceMs` before the deadline on,
/// is the timeout cancel. It must leave by the deadline plus `cancelToleranceMs` (TIME-2), or, when
/// the app was away at that moment, within `cancelToleranceMs` of its return (TIME-6); a late or
/// missing cancel after a restore in between is TIME-6's, otherwise TIME-2's. It must carry the
/// reason `timeout` (TIME-5). A cancel with reason `timeout` earlier than that is TIME-3's, and
/// one after the `apply` arrived is TIME-4's.
struct TIMETimeoutCancel: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TIME-2", evidence: [.client], check: "without an `apply`, the client sends the cancel by the deadline plus the cancel tolerance",
            tolerance: "allows cancelToleranceMs after the deadline"),
        TraceRuleInfo(
            "TIME-3", evidence: [.client], check: "no cancel with reason `timeout` before the deadline",
            tolerance: "allows clockSkewToleranceMs before the deadline"),
        TraceRuleInfo("TIME-4", evidence: [.client], check: "no cancel with reason `timeout` after the request's `apply` arrived"),
        TraceRuleInfo(
            "TIME-5", evidence: [.client], check: "the timeout cancel, sent without an `apply` at or after the deadline, carries the reason `timeout`",
            tolerance: "the deadline less clockSkewToleranceMs"),
        TraceRuleInfo(
            "TIME-6", evidence: [.client],
            check: "after a restart or a return from the background the timer keeps its original deadline, and a deadline that passed while away is met within the cancel tolerance of the return",
            tolerance: "allows cancelToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest, .httpResponse, .appLaunched, .appRestored, .appForegrounded] }
    /// Requests whose deadline passed while their app was away, by app.
    private var awaiting: [TraceActor: Set<String>] = [:]
    /// Requests whose lateness has been reported.
    private var judged: Set<String> = []

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .client else { return }
        switch event.body {
        case .httpResponse(let response):
            guard response.succeeded, context.session.exchanges[response.xid]?.call == .postRequest,
                let req = response.body?["ReqID"].flatMap(\.idText)
            else { return }
            context.schedule(due: event.ts + context.header.timeoutMs + context.header.cancelToleranceMs, req: req, actor: event.actor, line: event.line)
        case .lifecycle(let change, _) where change.isRestore:
            for req in awaiting.removeValue(forKey: event.actor) ?? [] {
                context.schedule(due: event.ts + context.header.cancelToleranceMs, req: req, actor: event.actor, line: event.line)
            }
        case .httpRequest(let request):
            let exchange = context.call
            guard exchange.call == .cancel, let req = exchange.req, let side = context.session.side(event.actor, req),
                let answered = side.postAnsweredAt, side.cancelSentAt == nil
            else { return }
            cancelSent(req, side: side, answered: answered, reason: request.body?["reason"]?.stringValue, event: event, &context)
        default:
            break
        }
    }

    private mutating func cancelSent(_ req: String, side: AppSide, answered: Int64, reason: String?, event: TraceEvent, _ context: inout RuleContext) {
        let deadline = answered + context.header.timeoutMs
        let said = reason.map { "\"\($0)\"" } ?? "no reason"
        // A cancel after a state read that found the request won or ended is STATE-7's, unless the
        // `apply` had reached the app live: then the cancel is TIME-4's, as without any read.
        if side.readSettled, side.applyLine == nil { return }
        if let applyLine = side.applyLine {
            // TIME-4: the worker came; nothing timed out.
            if reason == "timeout" {
                context.report(
                    "TIME-4", lines: [applyLine, event.line], expected: "no timeout cancel for \(req): its `apply` arrived at line \(applyLine)",
                    observed: "a cancel with reason \"timeout\" after the `apply`")
            }
            return
        }
        if event.ts < deadline - context.skew {
            // TIME-3: only a user's cancel may come before the deadline, and it is not a timeout.
            if reason == "timeout" {
                context.report(
                    "TIME-3", lines: [side.postAnsweredLine ?? event.line, event.line], expected: "no timeout cancel for \(req) before the deadline \(deadline)",
                    observed: "a cancel with reason \"timeout\" at \(event.ts), \(deadline - event.ts) ms early")
            }
            return
        }
        if reason != "timeout" {
            context.report(
                "TIME-5", lines: [event.line], expected: "the timeout cancel of \(req) with reason \"timeout\"",
                observed: "the cancel sent at the deadline carries \(said)")
        }
        guard !judged.contains(req) else { return }
        let allowed = allowedUntil(deadline: deadline, actor: event.actor, context)
        if event.ts > allowed {
            report(req, side: side, deadline: deadline, actor: event.actor, lines: [event.line], observed: "the cancel left at \(event.ts), \(event.ts - allowed) ms late", &context)
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        // Whether it ended first: that is cheap, while the side of a retired request is rebuilt from its tombstone.
        guard let actor = obligation.actor, !judged.contains(obligation.req), !context.session.isEnded(obligation.req),
            let side = context.session.side(actor, obligation.req), let answered = side.postAnsweredAt, side.cancelSentAt == nil,
            let state = context.session.actors[actor]
        else { return }
        let deadline = answered + context.header.timeoutMs
        let allowed = allowedUntil(deadline: deadline, actor: actor, context)
        // An `apply` in time settles the request; one after the cancel was due excuses nothing.
        if let applied = side.applyReceivedAt, applied <= allowed { return }
        // So does a state read that found it won or ended (TIME-6's Decision, STATE-7).
        if side.readSettled, let read = side.readAt, read <= allowed { return }
        guard state.running, state.foreground else {
            awaiting[actor, default: []].insert(obligation.req)
            return
        }
        if allowed > obligation.due {
            context.schedule(due: allowed, req: obligation.req, actor: actor, line: obligation.line)
            return
        }
        report(
            obligation.req, side: side, deadline: deadline, actor: actor, lines: [side.postAnsweredLine ?? obligation.line, context.currentLine],
            observed: "no cancel by \(allowed); the trace is at \(context.currentTs) on line \(context.currentLine)", &context)
    }

    /// The deadline plus the tolerance, or, when the app came back after the deadline, its return plus the tolerance (TIME-6).
    private func allowedUntil(deadline: Int64, actor: TraceActor, _ context: RuleContext) -> Int64 {
        let tolerance = context.header.cancelToleranceMs
        if let restore = context.session.actors[actor]?.lastRestoreAt, let away = context.session.actors[actor]?.lastAwayAt,
            away <= deadline + tolerance, restore > deadline
        {
            return max(deadline, restore) + tolerance
        }
        return deadline + tolerance
    }

    private mutating func report(_ req: String, side: AppSide, deadline: Int64, actor: TraceActor, lines: [Int], observed: String, _ context: inout RuleContext) {
        judged.insert(req)
        let restored = context.session.actors[actor]?.lastRestoreAt.map { $0 > (side.postAnsweredAt ?? .max) } ?? false
        let tolerance = context.header.cancelToleranceMs
        context.report(
            restored ? "TIME-6" : "TIME-2", lines: lines,
            expected: restored
                ? "after the app came back, the cancel of \(req) by its original deadline \(deadline) (or within \(tolerance) ms of the return if that was later)"
                : "the cancel of \(req) by the deadline \(deadline) plus \(tolerance) ms",
            observed: observed)
    }

    mutating func forget(_ req: String) {
        judged.remove(req)
        awaiting.updateEachValue { $0.remove(req) }
    }
}
