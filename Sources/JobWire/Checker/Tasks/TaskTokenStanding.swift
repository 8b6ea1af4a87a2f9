import SocketIOWire

/// What the trace says of the bearer token a task call carried, at the time the backend handled
/// it (between the call's send and its answer, give or take the clock skew).
enum TaskTokenStanding: Sendable {
    /// No `Authorization: Bearer` at all (TASK-6).
    case missing
    /// A token the header lists as made up: never issued (TASK-6).
    case madeUp(String)
    /// Past its announced `expiresAt` before the call was sent, less the skew (TASK-6).
    case expired(String, TaskTokenFact)
    /// Its account was deleted before the call was sent (TASK-22).
    case deleted(String, TaskTokenFact, deletedLine: Int)
    /// Issued, its account alive, and within the lifetime of its kind (TASK-4) until the answer,
    /// plus the skew: the backend must take it.
    case live(TaskTokenFact, TaskAccountFact)
    /// The trace cannot tell: a token it never saw issued, or a call near a boundary.
    case unclear

    /// The caller of a call with a live token.
    var caller: TaskAccountFact? {
        if case .live(_, let account) = self { return account }
        return nil
    }
}

extension TaskLedger {
    /// The standing of `answer`'s token; `skew` is the header's clock skew tolerance.
    func standing(_ answer: TaskAnswer, header: TraceHeader) -> TaskTokenStanding {
        guard let bearer = answer.bearer else { return .missing }
        if header.unknownTokens.contains(bearer) { return .madeUp(bearer) }
        guard let token = tokens[bearer], let account = accounts[token.userID] else { return .unclear }
        let skew = header.clockSkewToleranceMs
        if let expiresAt = token.expiresAt, answer.requestTs - skew >= expiresAt { return .expired(bearer, token) }
        if let deletedAt = account.deletedAt, let line = account.deletedLine {
            let between = account.deletedBy.map { answer.skew(to: $0, header) } ?? skew
            return deletedAt + between <= answer.requestTs ? .deleted(bearer, token, deletedLine: line) : .unclear
        }
        let lifetime = token.rememberMe ? rememberMeTtlMs : sessionTtlMs
        return answer.ts + skew < token.requestedAt + lifetime ? .live(token, account) : .unclear
    }

    /// The caller when its token is live and the answer does not refuse the token; else nil. A
    /// live token refused as unauthorized is TASK-4's violation alone, so the rules that judge what
    /// a live caller's call deserves leave that answer to it.
    func liveCaller(_ answer: TaskAnswer, header: TraceHeader) -> TaskAccountFact? {
        guard !answer.failed(401, "unauthorized") else { return nil }
        return standing(answer, header: header).caller
    }
}
