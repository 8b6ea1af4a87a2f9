import JobWire
import SocketIOWire

/// The HandyFriends task API (TASK area): accounts, log-ins and tokens. The cases only make the
/// calls; the checker's TASK rules judge the answers from the run's trace (`http.request` with its
/// `bearer`, `http.response`), as they would a captured file. A case reads an answer only when it
/// needs it to go on (a token), and throws ``VerifyStepError`` when it cannot.
extension VerifyCases {
    static let tasks: [VerifyCase] = [
        VerifyCase("task.user-exists", "the user-exists query finds an account by its email whatever the case, and no other", ["TASK-1"]) { session in
            let ana = try await session.signUp("ana")
            try await session.taskCall(ana.actor, .userExists, ["email": ana.email.uppercased()])
            // An email the trace header lists as unknown (VerifySession.ghostEmail), so the checker knows no account has it.
            try await session.taskCall(ana.actor, .userExists, ["email": VerifySession.ghostEmail])
        },
        VerifyCase("task.signup", "a second sign-up with a taken email gets 409 already_exists", ["TASK-2"]) { session in
            let ana = try await session.signUp("ana")
            try await session.taskCall(ana.actor, .signUp, body: ["email": .string(ana.email), "password": "other-2"])
        },
        VerifyCase("task.login", "a log-in with the right password gets a token, with a wrong one 401 unauthorized", ["TASK-3"]) { session in
            let ana = try await session.signUp("ana")
            try await session.taskCall(ana.actor, .logIn, body: ["email": .string(ana.email), "password": "secret-1"])
            try await session.taskCall(ana.actor, .logIn, body: ["email": .string(ana.email), "password": "guess"])
        },
        VerifyCase("task.remember-me", "a remember-me log-in's token expires later than a plain one's", ["TASK-4"]) { session in
            let ana = try await session.signUp("ana")
            for remember in [true, false] {
                try await session.taskCall(
                    ana.actor, .logIn, body: ["email": .string(ana.email), "password": "secret-1", "rememberMe": .bool(remember)])
            }
        },
        VerifyCase("task.token", "task calls without a bearer token, or with one the backend never issued, get 401 unauthorized", ["TASK-6"]) { session in
            let ana = try await session.signUp("ana")
            try await session.taskCall(ana.actor, .listTasks)
            // A token the trace header lists as made up (VerifySession.forgedToken).
            try await session.taskCall(ana.actor, .listTasks, token: VerifySession.forgedToken)
        },
        VerifyCase(
            "task.token-expiry",
            "tokens live as long as the settings say and are refused from then on: a session token sessionTtlMs, a remember-me one rememberMeTtlMs",
            ["TASK-6", "TASK-4"], needs: [.clockFixture], lane: .timed
        ) { session in
            // The settings answer is in the trace, so the checker judges against the lifetimes it announces (FIX-5).
            let limits = try await session.taskLimits()
            let (short, long) = (limits.sessionTtlMs, limits.rememberMeTtlMs)
            // Each boundary is tried a margin before and after it, on the backend's clock (FIX-4).
            let margin = max(1, min(60_000, short / 4, (long - short) / 4))
            let ana = try await session.signUp("ana")
            let remembered = try await session.logIn(ana, rememberMe: true)
            func tasks(_ token: String) async throws { try await session.taskCall(ana.actor, .listTasks, token: token) }
            try await session.advanceClock(by: short - margin)
            try await tasks(ana.token)
            try await session.advanceClock(by: 2 * margin)
            try await tasks(ana.token)
            try await tasks(remembered)
            try await session.advanceClock(by: max(0, long - short - 2 * margin))
            try await tasks(remembered)
            try await session.advanceClock(by: 2 * margin)
            try await tasks(remembered)
        },
    ]
}
