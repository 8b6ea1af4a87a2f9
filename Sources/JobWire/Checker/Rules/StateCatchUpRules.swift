/// STATE-5 (SHOULD): a worker app catches up with getJobs after each launch, each return from the
/// background and each reconnection after a drop (STATE-5's Decision), since what was broadcast
/// while it was away is lost to it. Showing the jobs it returns is VIEW-4's (a getJobs job is shown
/// when the response arrives) and DISC-2's (never a discarded one).
///
/// Judged while the app runs in the foreground and is not known to be offline: a getJobs call sent
/// within reactionToleranceMs of the launch, the return or the reconnection.
struct STATE5CatchUp: TraceRule {
    let infos = [
        TraceRuleInfo(
            "STATE-5", evidence: [.worker],
            check: "(SHOULD) a worker app calls getJobs after each launch, each return to the foreground and each reconnection after a drop",
            tolerance: "within reactionToleranceMs")
    ]
    var kinds: Set<TraceEventKind> { [.appLaunched, .appForegrounded, .socketConnected, .socketDisconnected, .httpRequest] }

    /// When each worker last sent getJobs.
    private var lastCall: [TraceActor: Int64] = [:]
    /// Workers whose connection dropped: their next connection is a return.
    private var dropped: Set<TraceActor> = []

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role == .worker else { return }
        switch event.body {
        case .httpRequest:
            if context.call.call == .getJobs { lastCall[actor] = event.ts }
        case .disconnected(let record):
            if record.reason == .transport || record.reason == .ping { dropped.insert(actor) }
        case .connected:
            guard dropped.remove(actor) != nil else { return }
            owe(actor, event, &context)
        case .lifecycle(.launched, _), .lifecycle(.foregrounded, _):
            owe(actor, event, &context)
        default:
            break
        }
    }

    private func owe(_ actor: TraceActor, _ event: TraceEvent, _ context: inout RuleContext) {
        guard context.session.workflow[actor]?.online != false else { return }
        context.schedule(due: event.ts + context.header.reactionToleranceMs, req: "", actor: actor, clock: actor, line: event.line)
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let state = context.session.actors[actor], state.running, state.foreground else { return }
        let since = obligation.due - context.header.reactionToleranceMs
        guard (lastCall[actor] ?? .min) < since else { return }
        context.report(
            "STATE-5", lines: [obligation.line], expected: "a getJobs call within \(context.header.reactionToleranceMs) ms of the launch, return or reconnection",
            observed: "\(actor) sent none")
    }
}
