import SocketIOWire

/// TASK-1: the user-exists query answers `exists` true for an email an account the trace shows
/// has (whatever its case), false for one the header lists as made up, and a boolean always; a
/// missing or empty email is `bad_request` on `email`. A deleted account's email is TASK-22's.
struct TASK1UserExists: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-1", evidence: TraceRuleInfo.backendEvidence,
            check: "a user-exists answer says `exists` true for the email of an account the trace shows signed up (any case), false for an email the header lists as unknown, and is a bad_request on `email` without one")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call == .userExists else { return }
        guard let email = answer.email, !email.isEmpty else {
            guard !answer.badRequest(naming: ["email"]) else { return }
            return context.report("TASK-1", lines: [answer.requestLine, answer.line], expected: "400 bad_request with field email for a user-exists query without an email", observed: answer.summary)
        }
        let exists = answer.body?["exists"]?.boolValue
        var expected: Bool?
        var why = ""
        if let account = context.session.tasks.account(email: email), account.known(before: answer, context.header) {
            expected = true
            why = "the account \(account.userID) signed up on line \(account.line) with \(account.email ?? email)"
        } else if context.header.unknownEmails.contains(where: { $0.lowercased() == email.lowercased() }) {
            expected = false
            why = "an email the header lists as unknown"
        }
        guard answer.succeeded, answer.answerProblems("TASK-1").isEmpty, let exists, exists == expected ?? exists else {
            let wanted = expected.map { "200 {\"exists\": \($0)}" } ?? "200 with a boolean `exists`"
            return context.report("TASK-1", lines: [answer.requestLine, answer.line], expected: "\(wanted) for \(email)\(why.isEmpty ? "" : ", \(why)")", observed: answer.summary)
        }
    }
}

/// TASK-2: a sign-up answers `userId`, `token` and an ISO 8601 `expiresAt`, or 409
/// `already_exists` when the trace shows an account with that email (any case) signed up or
/// logged in before it and not deleted; a body that breaks ``ContractShapes/taskRequestBody(_:)``
/// is 400 `bad_request` naming a bad field.
struct TASK2SignUp: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-2", evidence: TraceRuleInfo.backendEvidence,
            check: "a successful sign-up carries userId, token and an ISO 8601 expiresAt; a sign-up with the email of an account the trace shows alive is 409 already_exists; a malformed body is bad_request naming a bad field")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call == .signUp else { return }
        // A malformed body is refused before the email is looked up (REST-14).
        let malformed = answer.bodyProblems
        if !malformed.isEmpty {
            guard !answer.badRequest(namingOneOf: malformed) else { return }
            return context.report(
                "TASK-2", lines: [answer.requestLine, answer.line], expected: "400 bad_request naming \(malformed.map(\.field).joined(separator: " or ")) for a sign-up with \(ShapeProblem.texts(malformed))",
                observed: answer.summary)
        }
        let email = answer.requestBody?["email"]?.stringValue
        if let email, let account = context.session.tasks.account(email: email), account.known(before: answer, context.header) {
            guard !answer.failed(409, "already_exists") else { return }
            return context.report(
                "TASK-2", lines: [account.line, answer.requestLine, answer.line],
                expected: "409 already_exists for a sign-up with \(email), the email of \(account.userID) (line \(account.line))", observed: answer.summary)
        }
        let shape = answer.answerProblems("TASK-2")
        guard !shape.isEmpty else { return }
        context.report("TASK-2", lines: [answer.line], expected: "a sign-up answer with userId, token and an ISO 8601 expiresAt", observed: ShapeProblem.texts(shape))
    }
}

/// TASK-3: a log-in with the password of a sign-up the trace shows gets `userId` (that account's),
/// `token` and `expiresAt`; one with another password gets 401 `unauthorized`. A body that breaks
/// its shape is 400 `bad_request` naming a bad field, and every successful log-in answers the members of its shape.
struct TASK3LogIn: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-3", evidence: TraceRuleInfo.backendEvidence,
            check: "a log-in with the email and password of a sign-up the trace shows succeeds with that account's userId, a token and expiresAt; with another password it is 401 unauthorized; a malformed body is bad_request naming a bad field")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call == .logIn else { return }
        let malformed = answer.bodyProblems
        guard malformed.isEmpty else {
            guard !answer.badRequest(namingOneOf: malformed) else { return }
            return context.report(
                "TASK-3", lines: [answer.requestLine, answer.line], expected: "400 bad_request naming \(malformed.map(\.field).joined(separator: " or ")) for a log-in with \(ShapeProblem.texts(malformed))",
                observed: answer.summary)
        }
        let shape = answer.answerProblems("TASK-3")
        if !shape.isEmpty {
            return context.report("TASK-3", lines: [answer.line], expected: "a log-in answer with userId, token and an ISO 8601 expiresAt", observed: ShapeProblem.texts(shape))
        }
        guard let email = answer.requestBody?["email"]?.stringValue,
            let account = context.session.tasks.account(email: email), account.known(before: answer, context.header), let password = account.password,
            let sent = answer.requestBody?["password"]?.stringValue
        else { return }
        let lines = [account.line, answer.requestLine, answer.line]
        guard sent == password else {
            guard !answer.failed(401, "unauthorized") else { return }
            return context.report("TASK-3", lines: lines, expected: "401 unauthorized for a log-in of \(email) with a password other than its sign-up's", observed: answer.summary)
        }
        let user = answer.body?["userId"].flatMap(\.idText)
        guard !answer.succeeded || user != account.userID else { return }
        context.report(
            "TASK-3", lines: lines, expected: "2xx with userId \(account.userID), a token and expiresAt for the log-in of \(email) with its password",
            observed: answer.succeeded ? "userId \(user ?? "absent")" : answer.summary)
    }
}
