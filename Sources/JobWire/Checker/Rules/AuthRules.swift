/// AUTH-1 ... AUTH-7: where an app goes at launch, decided by the offline model
/// (``OfflineAppModel``) from the connectivity, the JWT cache and whether the app was ever online;
/// the login that fills the cache (AUTH-4); and no network at an offline launch (AUTH-5, AUTH-6).
///
/// A launch is judged when the trace knows all three inputs: connectivity from `net.online` or
/// `net.offline`, the cache and `everOnline` from the launch's report or from a login the trace
/// showed. The first of seed 002's screens (`login`, `pin`, `home`, `contacts`) after the launch
/// must be the model's; after the PIN, the model's next one. A mistake an expired token explains,
/// taken for an active one, is AUTH-1's alone.
struct AUTHRules: TraceRule {
    let infos = [
        TraceRuleInfo("AUTH-1", evidence: [.client, .worker], check: "at launch an expired JWT (expiry at or before the launch) counts as no JWT"),
        TraceRuleInfo("AUTH-2", evidence: [.client, .worker], check: "online with an active JWT, the first view after launch is `contacts`", tolerance: "within reactionToleranceMs"),
        TraceRuleInfo("AUTH-3", evidence: [.client, .worker], check: "online without an active JWT, the first view after launch is `login`", tolerance: "within reactionToleranceMs"),
        TraceRuleInfo(
            "AUTH-4", evidence: [.client, .worker],
            check: "the app leaves `login` only after a successful JWT-Auth, then shows `contacts`, and reads that token back at its next launch",
            tolerance: "contacts within reactionToleranceMs"),
        TraceRuleInfo(
            "AUTH-5", evidence: [.client, .worker],
            check: "offline with an active JWT, the first view after launch is `contacts`, no PIN, and no network request while offline",
            tolerance: "within reactionToleranceMs"),
        TraceRuleInfo(
            "AUTH-6", evidence: [.client, .worker],
            check: "offline without an active JWT, having been online, the app shows `pin` then `home`, and never sends or queues JWT-Auth offline",
            tolerance: "within reactionToleranceMs"),
        TraceRuleInfo(
            "AUTH-7", evidence: [.client, .worker], check: "offline at a launch no online session preceded, the app shows `pin` then `contacts`",
            tolerance: "within reactionToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> { [.appLaunched, .viewShown, .httpRequest, .httpResponse, .queueChanged] }

    /// A launch waiting for its first view.
    struct PendingLaunch: Sendable {
        var expected: String
        /// The screen an expired token taken for active would give (AUTH-1).
        var mistakenForActive: String?
        var rule: RequirementID
        var afterPIN: String?
        var line: Int
    }

    private var launches: [TraceActor: PendingLaunch] = [:]
    private var pins: [TraceActor: (expected: String, rule: RequirementID, line: Int)] = [:]
    /// A successful login on the login screen, waiting for `contacts`.
    private var loggedIn: [TraceActor: Int] = [:]
    /// The token the trace saw the app receive, and where.
    private var received: [TraceActor: (jwt: ReportedJWT, line: Int)] = [:]
    /// Whether a successful JWT-Auth came since the login screen was shown.
    private var loginAnswered: [TraceActor: Bool] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend else { return }
        let actor = event.actor
        let state = context.session.workflow[actor] ?? WorkflowState()
        switch event.body {
        case .lifecycle(.launched, let stored):
            launched(stored, state, event, &context)
        case .viewShown(let view):
            shown(view.view, event, &context)
        case .httpRequest(let request):
            if case .login? = request.call?.call, state.online == false {
                context.report("AUTH-6", lines: [event.line], expected: "no JWT-Auth while offline", observed: "\(actor) sent \(request.method) \(request.path) offline")
            } else if state.offlineWithActiveJWT, state.online == false, request.call.map({ $0.isQueueable || $0.kind == "list" }) != true {
                context.report(
                    "AUTH-5", lines: [event.line], expected: "no network request after an offline launch with an active JWT",
                    observed: "\(actor) sent \(request.method) \(request.path) while offline")
            }
        case .httpResponse(let response):
            guard response.succeeded, let flight = state.inFlight[response.xid], case .login = flight.request.call,
                let jwt = WorkflowState.token(from: response.body)
            else { return }
            received[actor] = (jwt, event.line)
            loginAnswered[actor] = true
            if context.session.actors[actor]?.view == TraceViews.login {
                loggedIn[actor] = event.line
                context.schedule(due: event.ts + context.header.reactionToleranceMs, req: "", actor: actor, clock: actor, tag: 4, line: event.line)
            }
        case .queueChanged(let change):
            guard change.op == .enqueue, case .login? = change.entry?.call else { return }
            context.report("AUTH-6", lines: [event.line], expected: "JWT-Auth never queued", observed: "\(actor) queued login request #\(change.entry!.seq)")
        default:
            break
        }
    }

    private mutating func launched(_ stored: StoredState, _ state: WorkflowState, _ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        pins[actor] = nil
        loggedIn[actor] = nil
        launches[actor] = nil
        if let (jwt, line) = received[actor] {
            // AUTH-4: the token of the last login is what the app reads back.
            if let reported = stored.jwt, !Self.same(reported, jwt) {
                context.report(
                    "AUTH-4", lines: [line, event.line], expected: "the JWT cache holding the token of the login on line \(line)",
                    observed: "the launch reads back \(Self.describe(reported))")
            } else if stored.everOnline == false {
                context.report("AUTH-4", lines: [line, event.line], expected: "everOnline true after the login on line \(line)", observed: "the launch reads back everOnline false")
            }
        }
        guard let online = state.online, let jwt = stored.jwt ?? state.storedJWT else { return }
        let cached = jwt.cached
        guard let everOnline = stored.everOnline ?? state.everOnline ?? (cached != nil ? true : nil) else { return }
        let model = OfflineAppModel(connectivity: online ? .online : .offline, screen: .none, jwt: cached, everOnline: everOnline || cached != nil)
        let active = cached?.isActive(at: event.ts) ?? false
        guard let expected = Self.screens(model, at: event.ts) else { return }
        var pending = PendingLaunch(expected: expected.first, rule: "AUTH-3", afterPIN: expected.afterPIN, line: event.line)
        switch (online, active) {
        case (true, true): pending.rule = "AUTH-2"
        case (true, false): pending.rule = "AUTH-3"
        case (false, true): pending.rule = "AUTH-5"
        case (false, false): pending.rule = everOnline ? "AUTH-6" : "AUTH-7"
        }
        if let cached, !active {
            var mistaken = model
            mistaken.jwt = CachedJWT(token: cached.token, expiresAt: .max)
            pending.mistakenForActive = Self.screens(mistaken, at: event.ts)?.first
        }
        launches[actor] = pending
        context.schedule(due: event.ts + context.header.reactionToleranceMs, req: "", actor: actor, clock: actor, tag: 1, line: event.line)
    }

    private mutating func shown(_ view: String, _ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        let previous = context.session.actors[actor]?.view
        // Only seed 002's screens are judged; a splash or onboarding view in between is not.
        guard let screen = AppScreen(rawValue: view), screen.isRunning else { return }
        var misjudged = false
        if let pending = launches.removeValue(forKey: actor) {
            misjudged = view != pending.expected
            if view == pending.expected {
                if let next = pending.afterPIN { pins[actor] = (next, pending.rule, event.line) }
            } else if view == pending.mistakenForActive {
                context.report(
                    "AUTH-1", lines: [pending.line, event.line], expected: "`\(pending.expected)`: the cached JWT had expired at the launch",
                    observed: "`\(view)`, as if the token were still active")
            } else {
                context.report(pending.rule, lines: [pending.line, event.line], expected: "`\(pending.expected)` first after the launch", observed: "`\(view)`")
            }
        } else if let pin = pins[actor], view != TraceViews.pin {
            pins[actor] = nil
            if view != pin.expected {
                context.report(pin.rule, lines: [pin.line, event.line], expected: "`\(pin.expected)` after the PIN", observed: "`\(view)`")
            }
        } else if let line = loggedIn.removeValue(forKey: actor) {
            if view != TraceViews.contacts {
                context.report("AUTH-4", lines: [line, event.line], expected: "`contacts` after the successful JWT-Auth on line \(line)", observed: "`\(view)`")
            }
        } else if previous == TraceViews.login, view == TraceViews.contacts || view == TraceViews.pinHome, loginAnswered[actor] != true {
            context.report("AUTH-4", lines: [event.line], expected: "a successful JWT-Auth before leaving the login screen", observed: "`\(view)` without one")
        }
        // A login screen shown against the launch's rule is that rule's mistake; leaving it is not AUTH-4's.
        if view == TraceViews.login, previous != TraceViews.login { loginAnswered[actor] = misjudged }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor else { return }
        if obligation.tag == 1, let pending = launches[actor], pending.line == obligation.line {
            launches[actor] = nil
            context.report(pending.rule, lines: [pending.line], expected: "`\(pending.expected)` within \(context.header.reactionToleranceMs) ms of the launch", observed: "no view")
        } else if obligation.tag == 4, loggedIn[actor] == obligation.line {
            loggedIn[actor] = nil
            context.report("AUTH-4", lines: [obligation.line], expected: "`contacts` within \(context.header.reactionToleranceMs) ms of the successful JWT-Auth", observed: "no view")
        }
    }

    /// The model's first screen at a launch at `now`, and the screen an accepted PIN leads to.
    static func screens(_ model: OfflineAppModel, at now: Int64) -> (first: String, afterPIN: String?)? {
        var app = model
        guard let effects = try? app.apply(.launch(now: now)), let first = effects.navigation else { return nil }
        guard app.screen == .pin, let next = try? app.apply(.enterPIN(accepted: true)) else { return (first.rawValue, nil) }
        return (first.rawValue, next.navigation?.rawValue)
    }

    /// The same token: the same expiry, and the same text when both sides wrote it.
    static func same(_ reported: ReportedJWT, _ received: ReportedJWT) -> Bool {
        switch (reported, received) {
        case (.none, .none): return true
        case (.token(let leftExpiry, let leftText), .token(let rightExpiry, let rightText)):
            return leftExpiry == rightExpiry && (leftText == nil || rightText == nil || leftText == rightText)
        default: return false
        }
    }

    static func describe(_ jwt: ReportedJWT) -> String {
        switch jwt {
        case .none: return "no token"
        case .token(let expiresAt, let token): return "a token expiring at \(expiresAt)\(token.map { " (\($0))" } ?? "")"
        }
    }
}

extension Array where Element == OfflineEffect {
    /// The screen of the first navigation among the effects.
    var navigation: AppScreen? {
        for effect in self { if case .navigate(let screen) = effect { return screen } }
        return nil
    }
}
