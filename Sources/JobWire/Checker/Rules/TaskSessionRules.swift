/// TASK-5: the app keeps the user logged in until the token's `expiresAt`, and online shows the
/// login screen at the first return to the foreground after it.
///
/// The token is the latest the trace shows the app holding: the one a successful log-in or sign-up
/// answer gave it (the task API's, or the offline workflow's JWT-Auth), or the one its launch read
/// back. At a return to the foreground while online, the first view the app shows must be `login`
/// when that token has expired (its expiry at or before the return) and must not be `login` while
/// it is active. Where a launch goes is AUTH-1 ... AUTH-3's, so launches are judged there, not here.
struct TaskSessionRules: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-5", evidence: [.client],
            check: "at a return to the foreground while online, the first view is `login` once the token has expired, and not `login` while it is active",
            tolerance: "the login screen within reactionToleranceMs")
    ]
    var kinds: Set<TraceEventKind> { [.httpResponse, .appLaunched, .appForegrounded, .appBackgrounded, .appTerminated, .viewShown] }

    /// The expiry of the token each app holds, as the trace showed it.
    private var expiry: [TraceActor: Int64] = [:]
    /// A return waiting for its first view: whether the token had expired, and the line.
    private var returns: [TraceActor: (expired: Bool, line: Int)] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .client else { return }
        let actor = event.actor
        switch event.body {
        case .httpResponse(let response) where response.succeeded:
            let exchange = context.session.exchanges[response.xid]
            let loggedIn = exchange?.task == .logIn || exchange?.task == .signUp
            let workflowLogin = context.session.workflow[actor]?.inFlight[response.xid]?.request.call == .login
            guard loggedIn || workflowLogin, case .token(let expiresAt, _)? = WorkflowState.token(from: response.body) else { return }
            expiry[actor] = expiresAt
        case .lifecycle(.launched, let stored):
            returns[actor] = nil
            switch stored.jwt {
            case .token(let expiresAt, _)?: expiry[actor] = expiresAt
            case ReportedJWT.none?: expiry[actor] = nil
            case nil: break
            }
        case .lifecycle(.foregrounded, _):
            guard let expiresAt = expiry[actor], context.session.workflow[actor]?.online != false else { return }
            let expired = expiresAt <= event.ts
            returns[actor] = (expired, event.line)
            if expired { context.schedule(due: event.ts + context.header.reactionToleranceMs, req: "", actor: actor, clock: actor, line: event.line) }
        case .lifecycle(.backgrounded, _), .lifecycle(.terminated, _):
            returns[actor] = nil
        case .viewShown(let view):
            guard let pending = returns.removeValue(forKey: actor) else { return }
            if pending.expired && view.view != TraceViews.login {
                context.report(
                    "TASK-5", lines: [pending.line, event.line], expected: "`login`: the token had expired when the app came back online",
                    observed: "\(actor) showed `\(view.view)` as if still logged in")
            } else if !pending.expired && view.view == TraceViews.login {
                context.report(
                    "TASK-5", lines: [pending.line, event.line], expected: "the user kept logged in: the token was still active at the return",
                    observed: "\(actor) showed `login`")
            }
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let pending = returns[actor], pending.line == obligation.line else { return }
        returns[actor] = nil
        context.report(
            "TASK-5", lines: [obligation.line], expected: "`login` within \(context.header.reactionToleranceMs) ms: the token had expired when the app came back online",
            observed: "\(actor) showed no view")
    }
}
