import SocketIOWire

/// TASK-6: a call that needs a token and has none, one the header lists as made up, or one past its
/// announced `expiresAt` (by more than the skew) is answered 401 `unauthorized`; a `bad_request`
/// is also right, since REST-14 looks at the body first. A deleted account's token is TASK-22's.
struct TASK6TokenRequired: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-6", evidence: TraceRuleInfo.backendEvidence,
            check: "a task, contractor or account call without a bearer token, with one the header lists as unknown, or with one past its expiresAt is answered 401 unauthorized (or bad_request)",
            tolerance: "allows clockSkewToleranceMs after expiresAt")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call.needsToken, !answer.failed(401, "unauthorized"), !answer.badRequest() else { return }
        let expected: String
        var lines = [answer.requestLine, answer.line]
        switch context.session.tasks.standing(answer, header: context.header) {
        case .missing:
            expected = "401 unauthorized for \(answer.what) without a bearer token"
        case .madeUp(let token):
            expected = "401 unauthorized for \(answer.what) with \(token), a token the header lists as never issued"
        case .expired(let token, let fact):
            lines.insert(fact.line, at: 0)
            expected = "401 unauthorized for \(answer.what) with \(token), expired at \(fact.expiresAt.map(String.init) ?? "?") (issued on line \(fact.line))"
        case .deleted, .live, .unclear:
            return
        }
        context.report("TASK-6", lines: lines, expected: expected, observed: answer.summary)
    }
}

/// TASK-4: a remember-me log-in's token outlives a plain log-in's of the same email (its
/// `expiresAt` less its answer's time is longer by more than the skew), and a token is taken for
/// as long as its kind lives (`sessionTtlMs`, or `rememberMeTtlMs` with remember me, from the
/// header or the last settings answer): a call with it before then is never 401 `unauthorized`,
/// and the `expiresAt` a sign-up or log-in announces is not earlier than that.
struct TASK4TokenLifetimes: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-4", evidence: TraceRuleInfo.backendEvidence,
            check: "a remember-me log-in's token lives longer than a plain log-in's of the same email, no token's announced expiresAt comes before sessionTtlMs (rememberMeTtlMs with remember me) after its request, and no call is refused as unauthorized while its token is within that lifetime",
            tolerance: "allows clockSkewToleranceMs")
    ]
    var wantsTaskAnswers: Bool { true }
    /// Per email, lower-cased: the lifetime of its last plain and last remember-me log-in, with the line.
    private var lifetimes: [String: [Bool: (ms: Int64, line: Int)]] = [:]

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        if answer.call == .logIn { compareLifetimes(answer, &context) }
        if answer.call == .logIn || answer.call == .signUp { checkAnnouncedExpiry(answer, &context) }
        guard answer.call.needsToken, answer.failed(401, "unauthorized"),
            case .live(let token, let account) = context.session.tasks.standing(answer, header: context.header)
        else { return }
        let ledger = context.session.tasks
        let lifetime = token.rememberMe ? ledger.rememberMeTtlMs : ledger.sessionTtlMs
        context.report(
            "TASK-4", lines: [token.line, answer.requestLine, answer.line],
            expected: "\(answer.what) of \(account.userID) taken: its \(token.rememberMe ? "remember-me " : "")token lives \(lifetime) ms from \(token.requestedAt) (line \(token.line))",
            observed: "\(answer.summary) at \(answer.ts), \(answer.ts - token.requestedAt) ms after")
    }

    /// A token announced to expire before its kind's lifetime, counted from the call's request, is over.
    private func checkAnnouncedExpiry(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.succeeded, let expiresAt = answer.body?["expiresAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) else { return }
        let remember = answer.call == .logIn && answer.requestBody?["rememberMe"] == .bool(true)
        let lifetime = remember ? context.session.tasks.rememberMeTtlMs : context.session.tasks.sessionTtlMs
        guard expiresAt + context.skew < answer.requestTs + lifetime else { return }
        context.report(
            "TASK-4", lines: [answer.requestLine, answer.line],
            expected: "a \(remember ? "remember-me " : "")token living \(lifetime) ms (\(remember ? "rememberMeTtlMs" : "sessionTtlMs")): expiresAt no earlier than \(answer.requestTs + lifetime)",
            observed: "expiresAt \(expiresAt), \(expiresAt - answer.requestTs) ms after the request")
    }

    private mutating func compareLifetimes(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.succeeded, let email = answer.requestBody?["email"]?.stringValue?.lowercased(),
            let expiresAt = answer.body?["expiresAt"]?.stringValue.flatMap(ISO8601Time.milliseconds)
        else { return }
        let remember = answer.requestBody?["rememberMe"] == .bool(true)
        let lifetime = expiresAt - answer.ts
        lifetimes[email, default: [:]][remember] = (lifetime, answer.line)
        guard let long = lifetimes[email]?[true], let short = lifetimes[email]?[false], long.ms <= short.ms + context.skew else { return }
        context.report(
            "TASK-4", lines: [min(long.line, short.line), max(long.line, short.line)],
            expected: "the remember-me log-in's token of \(email) living longer than the plain one's, by more than \(context.skew) ms",
            observed: "remember-me: expiresAt \(long.ms) ms after its answer (line \(long.line)); plain: \(short.ms) ms (line \(short.line))")
        lifetimes[email] = nil
    }
}
