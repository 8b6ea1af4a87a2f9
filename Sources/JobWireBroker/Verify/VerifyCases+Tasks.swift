import JobWire
import SocketIOWire

/// The HandyFriends task API (TASK area). The checker has no TASK rules, so each case judges
/// its requirements itself from the HTTP answers it observed (``VerifySession/judge(_:_:expected:observed:)``),
/// with the expected and observed text in the report; the requests and answers are in its trace.
extension VerifyCases {
    static let tasks: [VerifyCase] = [
        VerifyCase("task.user-exists", "the user-exists query finds an account by its email whatever the case, and no other", ["TASK-1"]) { session in
            let ana = try await session.signUp("ana")
            let shouted = ana.email.uppercased()
            let found = try await session.taskCall(ana.actor, "GET", session.taskPaths.userExists + "?email={email}", ["email": shouted])
            session.judge("TASK-1", found.succeeded && found.body?["exists"] == true,
                expected: "200 {\"exists\": true} for \(shouted), an account's email in other case", observed: found.summary)
            let ghost = VerifyProfile.ghostEmail
            let missing = try await session.taskCall(ana.actor, "GET", session.taskPaths.userExists + "?email={email}", ["email": ghost])
            session.judge("TASK-1", missing.succeeded && missing.body?["exists"] == false,
                expected: "200 {\"exists\": false} for \(ghost), which no account has", observed: missing.summary)
        },
        VerifyCase("task.signup", "a second sign-up with a taken email gets 409 already_exists", ["TASK-2"]) { session in
            let ana = try await session.signUp("ana")
            let again = try await session.taskCall(ana.actor, "POST", session.taskPaths.signUp, body: ["email": .string(ana.email), "password": "other-2"])
            session.judge("TASK-2", again.status == 409 && again.code == "already_exists",
                expected: "409 already_exists for a second sign-up with \(ana.email)", observed: again.summary)
        },
        VerifyCase("task.login", "a log-in with the right password gets a token, with a wrong one 401 unauthorized", ["TASK-3"]) { session in
            let ana = try await session.signUp("ana")
            let right = try await session.taskCall(ana.actor, "POST", session.taskPaths.logIn, body: ["email": .string(ana.email), "password": "secret-1"])
            session.judge("TASK-3", right.succeeded && right.body?["token"]?.stringValue != nil,
                expected: "2xx with a token for the right password", observed: right.summary)
            let wrong = try await session.taskCall(ana.actor, "POST", session.taskPaths.logIn, body: ["email": .string(ana.email), "password": "guess"])
            session.judge("TASK-3", wrong.status == 401 && wrong.code == "unauthorized",
                expected: "401 unauthorized for a wrong password", observed: wrong.summary)
        },
        VerifyCase("task.remember-me", "a remember-me log-in's token expires later than a plain one's", ["TASK-4"]) { session in
            let ana = try await session.signUp("ana")
            func expiry(_ remember: Bool) async throws -> (Int64?, VerifyAnswer) {
                let answer = try await session.taskCall(
                    ana.actor, "POST", session.taskPaths.logIn, body: ["email": .string(ana.email), "password": "secret-1", "rememberMe": .bool(remember)])
                return (answer.body?["expiresAt"]?.stringValue.flatMap(ISO8601Time.milliseconds), answer)
            }
            let (long, longAnswer) = try await expiry(true)
            let (short, shortAnswer) = try await expiry(false)
            session.judge("TASK-4", (long ?? 0) > (short ?? .max),
                expected: "the rememberMe token's expiresAt later than the plain token's",
                observed: "rememberMe: \(longAnswer.summary); plain: \(shortAnswer.summary)")
        },
        VerifyCase("task.token", "task calls without a bearer token, or with one the backend never issued, get 401 unauthorized", ["TASK-6"]) { session in
            let ana = try await session.signUp("ana")
            let none = try await session.taskCall(ana.actor, "GET", session.taskPaths.tasks)
            session.judge("TASK-6", none.status == 401 && none.code == "unauthorized",
                expected: "401 unauthorized for the task list without a token", observed: none.summary)
            let forged = try await session.taskCall(ana.actor, "GET", session.taskPaths.tasks, token: VerifyProfile.forgedToken)
            session.judge("TASK-6", forged.status == 401 && forged.code == "unauthorized",
                expected: "401 unauthorized for the task list with a token never issued", observed: forged.summary)
        },
        VerifyCase(
            "task.token-expiry",
            "tokens live as long as the settings say and are refused from then on: a session token sessionTtlMs, a remember-me one rememberMeTtlMs",
            ["TASK-6", "TASK-4"], needs: [.clockFixture], lane: .timed
        ) { session in
            let limits = try await session.taskLimits()
            let (short, long) = (limits.sessionTtlMs, limits.rememberMeTtlMs)
            // Each boundary is tried a margin before and after it, on the backend's clock (FIX-4).
            let margin = max(1, min(60_000, short / 4, (long - short) / 4))
            let ana = try await session.signUp("ana")
            let remembered = try await session.logIn(ana, rememberMe: true)
            func tasks(_ token: String) async throws -> VerifyAnswer { try await session.taskCall(ana.actor, "GET", session.taskPaths.tasks, token: token) }
            try await session.advanceClock(by: short - margin)
            let live = try await tasks(ana.token)
            session.judge("TASK-4", live.status == 200,
                expected: "200 for the task list with a session token \(margin) ms before its sessionTtlMs (\(short) ms) ends", observed: live.summary)
            try await session.advanceClock(by: 2 * margin)
            let expired = try await tasks(ana.token)
            session.judge("TASK-6", expired.status == 401 && expired.code == "unauthorized",
                expected: "401 unauthorized for the task list with a session token \(margin) ms after its sessionTtlMs (\(short) ms) ended", observed: expired.summary)
            let kept = try await tasks(remembered)
            session.judge("TASK-4", kept.status == 200,
                expected: "200 for the task list with a remember-me token once sessionTtlMs (\(short) ms) has passed", observed: kept.summary)
            try await session.advanceClock(by: max(0, long - short - 2 * margin))
            let last = try await tasks(remembered)
            session.judge("TASK-4", last.status == 200,
                expected: "200 for the task list with a remember-me token \(margin) ms before its rememberMeTtlMs (\(long) ms) ends", observed: last.summary)
            try await session.advanceClock(by: 2 * margin)
            let gone = try await tasks(remembered)
            session.judge("TASK-6", gone.status == 401 && gone.code == "unauthorized",
                expected: "401 unauthorized for the task list with a remember-me token \(margin) ms after its rememberMeTtlMs (\(long) ms) ended", observed: gone.summary)
        },
    ]
}
