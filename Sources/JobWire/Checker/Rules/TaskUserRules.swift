import SocketIOWire

/// TASK-19, TASK-20 and TASK-21: what a call wrote of the caller's account is what the backend
/// answers and later reads return. A read of the account (`GET me`) shows every member the trace
/// knows; a member that differs is blamed on the call that wrote it: the sign-up (TASK-19, with
/// null, false or empty for members never given, and the `rating` the last review answer
/// announced), an update (TASK-20) or the image call (TASK-21). An update answers the account
/// with its members as sent and its email and image kept, and a bad or missing member is 400
/// `bad_request` naming it; turning `contractor` on makes the user a candidate for other users'
/// tasks of its categories. The image call answers the account as it stands with the image sent;
/// anything but a URL or null is 400 `bad_request` on `image`. Every account answered (`me`, an
/// update, the image call) carries the members of ``ContractShapes``' User, each judged under
/// TASK-19; the bodies are read with their shapes too.
struct TASK19To21AccountReadBack: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-19", evidence: TraceRuleInfo.backendEvidence,
            check: "every account answered carries the members TASK-19 lists; a read of the caller's account shows them as signed up (null, false or empty when never given) and the rating its last review announced"),
        TraceRuleInfo("TASK-20", evidence: TraceRuleInfo.backendEvidence, check: "an account update is answered and read back as sent, email and image kept, makes a contractor a candidate for its categories; a bad or missing member is bad_request naming it"),
        TraceRuleInfo("TASK-21", evidence: TraceRuleInfo.backendEvidence, check: "the image call is answered with the account as it stands holding the image sent (a URL, or null to remove it), and read back so; anything else is bad_request on image"),
    ]
    var wantsTaskAnswers: Bool { true }
    static let editable = ["name", "phoneNumber", "contractor", "categories"]

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        // An account answered is a TASK-19 account, whichever call answered it (ContractShapes' User).
        if [.me, .updateMe, .meImage].contains(answer.call), let problem = answer.answerProblems("TASK-19").first {
            context.report("TASK-19", lines: [answer.line], expected: "\(answer.what) answering `user` with the members TASK-19 lists", observed: problem.text)
        }
        switch answer.call {
        case .me: readBack(answer, &context)
        case .updateMe: update(answer, &context)
        case .meImage: image(answer, &context)
        case .candidates: candidates(answer, &context)
        default: break
        }
    }

    /// The members of `account` a read must show, each with the requirement of the call that wrote it.
    static func expected(_ account: TaskAccountFact) -> [(key: String, value: JSONValue, by: RequirementID)] {
        var members: [(String, JSONValue, RequirementID)] = [("userId", .string(account.userID), "TASK-19")]
        if let email = account.email { members.append(("email", .string(email), "TASK-19")) }
        for key in ["name", "phoneNumber", "image", "contractor", "categories"] {
            if let member = account.members[key] { members.append((key, member.value, member.by)) }
        }
        if let rating = account.rating { members.append(("rating", rating, "TASK-19")) }
        return members
    }

    private func readBack(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard let caller = context.session.tasks.liveCaller(answer, header: context.header) else { return }
        let lines = [caller.line, answer.requestLine, answer.line]
        guard answer.succeeded, let user = answer.body?["user"] else {
            return context.report("TASK-19", lines: lines, expected: "2xx with the account of \(caller.userID)", observed: answer.summary)
        }
        // The account as it stands, or as it stood before a write answered after the read was sent.
        guard let versions = caller.versions(shownTo: answer, skew: context.header.clockSkewToleranceMs) else { return }
        let wrong = versions.map { Self.differences(user, $0) }
        guard !wrong.contains(where: \.isEmpty), let current = wrong.last else { return }
        let earlier = versions.count > 1 ? " (or as it stood before a write answered after the read was sent)" : ""
        for (id, differences) in current.sorted(by: { $0.key < $1.key }) {
            context.report(
                id, lines: lines, expected: "the account of \(caller.userID) read back as the trace wrote it\(earlier)", observed: differences.joined(separator: "; "))
        }
    }

    /// The members of `user` that differ from `account`'s, by the requirement of the call that wrote each.
    static func differences(_ user: JSONValue, _ account: TaskAccountFact) -> [RequirementID: [String]] {
        var wrong: [RequirementID: [String]] = [:]
        for member in expected(account) where user[member.key].map({ $0.sameAccountMember(member.key, as: member.value) }) != true {
            wrong[member.by, default: []].append("\(member.key): expected \(member.value.compactText), observed \(user[member.key]?.compactText ?? "nothing")")
        }
        return wrong
    }

    private func update(_ answer: TaskAnswer, _ context: inout RuleContext) {
        let lines = [answer.requestLine, answer.line]
        let body = answer.requestBody?.objectValue
        // Members left out come first (the update is the full state), then bad ones, as ContractShapes' UpdateMeBody declares them.
        let problems = answer.bodyProblems
        let missing = problems.filter { body?[$0.member] == nil }
        let bad = missing.isEmpty ? problems : missing
        guard bad.isEmpty else {
            guard !answer.badRequest(namingOneOf: bad) else { return }
            let why = missing.isEmpty ? "bad" : "missing"
            return context.report(
                "TASK-20", lines: lines, expected: "400 bad_request with field \(bad.map(\.field).joined(separator: " or ")) for an update with \(why) \(ShapeProblem.texts(bad))",
                observed: answer.summary)
        }
        guard var caller = context.session.tasks.liveCaller(answer, header: context.header) else { return }
        for key in Self.editable { caller.members[key] = (body?[key] ?? .null, "TASK-20") }
        guard answer.succeeded, let user = answer.body?["user"] else {
            return context.report("TASK-20", lines: lines, expected: "2xx with the updated account of \(caller.userID)", observed: answer.summary)
        }
        let wrong = Self.answeredOtherwise(user, caller)
        guard !wrong.isEmpty else { return }
        context.report("TASK-20", lines: lines, expected: "the account of \(caller.userID) answered as updated, email and image kept", observed: wrong)
    }

    /// The members of `account` (its rating aside, which reviews move) that an answer's `user`
    /// gives otherwise, in words; empty when none does.
    static func answeredOtherwise(_ user: JSONValue, _ account: TaskAccountFact) -> String {
        expected(account).filter { member in
            member.key != "rating" && user[member.key].map { $0.sameAccountMember(member.key, as: member.value) } != true
        }.map { "\($0.key): expected \($0.value.compactText), observed \(user[$0.key]?.compactText ?? "nothing")" }.joined(separator: "; ")
    }

    private func image(_ answer: TaskAnswer, _ context: inout RuleContext) {
        let lines = [answer.requestLine, answer.line]
        let image = answer.requestBody?["image"]
        guard let image, answer.bodyProblems.isEmpty else {
            guard !answer.badRequest(naming: ["image"]) else { return }
            return context.report("TASK-21", lines: lines, expected: "400 bad_request with field image for image \(image?.compactText ?? "absent")", observed: answer.summary)
        }
        guard var caller = context.session.tasks.liveCaller(answer, header: context.header) else { return }
        // The account answered is the caller's as the trace knows it, with the image sent.
        caller.members["image"] = (image, "TASK-21")
        guard answer.succeeded, let user = answer.body?["user"] else {
            return context.report("TASK-21", lines: lines, expected: "2xx with the account of \(caller.userID) holding image \(image.compactText)", observed: answer.summary)
        }
        let wrong = Self.answeredOtherwise(user, caller)
        guard !wrong.isEmpty else { return }
        context.report("TASK-21", lines: lines, expected: "the account of \(caller.userID) answered as it stands, holding image \(image.compactText)", observed: wrong)
    }

    /// A user whose update turned `contractor` on is a candidate for another user's task of one of its categories.
    private func candidates(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.succeeded, let task = context.session.tasks.ownTask(answer), let category = task.category,
            let listed = answer.body?["contractors"]?.arrayValue
        else { return }
        let ids = Set(listed.compactMap { $0["userId"].flatMap(\.idText) })
        for account in context.session.tasks.accounts.values.sorted(by: { $0.userID < $1.userID }) {
            guard account.deletedAt == nil, account.userID != task.author, let turnedAt = account.turnedContractorAt,
                turnedAt + answer.skew(to: account.turnedContractorBy ?? answer.actor, context.header) <= answer.requestTs,
                let categories = account.members["categories"]?.value.arrayValue,
                categories.isEmpty || categories.compactMap(\.idText).contains(category), !ids.contains(account.userID)
            else { continue }
            context.report(
                "TASK-20", lines: [answer.requestLine, answer.line],
                expected: "\(account.userID), turned contractor of categories \(JSONValue.array(categories).compactText) by an update, among the candidates for \(task.objectID) of category \(category)",
                observed: "candidates \(ids.sorted())")
        }
    }
}

/// TASK-22: deleting the caller's account with a live token succeeds; from then on its tokens are
/// refused with 401 `unauthorized` (or `bad_request`), the user-exists query answers false for its
/// email, a sign-up with that email succeeds, and no candidates answer lists it.
struct TASK22DeletedAccount: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-22", evidence: TraceRuleInfo.backendEvidence,
            check: "a deleted account's tokens are refused as unauthorized, its email does not exist and signs up again, and it is no candidate")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        let ledger = context.session.tasks
        let lines = [answer.requestLine, answer.line]
        if answer.call == .deleteMe, let caller = ledger.liveCaller(answer, header: context.header), !answer.succeeded {
            context.report("TASK-22", lines: lines, expected: "2xx for deleting the account of \(caller.userID)", observed: answer.summary)
        }
        if answer.call.needsToken, case .deleted(let token, let fact, let line) = ledger.standing(answer, header: context.header),
            !answer.failed(401, "unauthorized"), !answer.badRequest()
        {
            context.report(
                "TASK-22", lines: [line] + lines, expected: "401 unauthorized for \(answer.what) with \(token), a token of \(fact.userID), deleted on line \(line)",
                observed: answer.summary)
        }
        if answer.call == .userExists, let email = answer.email?.lowercased(), let line = ledger.deletedEmails[email], ledger.emails[email] == nil,
            !answer.succeeded || answer.body?["exists"] != .bool(false)
        {
            context.report("TASK-22", lines: [line] + lines, expected: "200 {\"exists\": false} for \(email), whose account was deleted on line \(line)", observed: answer.summary)
        }
        if answer.call == .signUp, let email = answer.requestBody?["email"]?.stringValue?.lowercased(), let line = ledger.deletedEmails[email],
            ledger.emails[email] == nil, !answer.succeeded, !answer.badRequest()
        {
            context.report("TASK-22", lines: [line] + lines, expected: "2xx for a sign-up with \(email), whose account was deleted on line \(line)", observed: answer.summary)
        }
        if answer.call == .candidates, answer.succeeded {
            let ids = (answer.body?["contractors"]?.arrayValue ?? []).compactMap { $0["userId"].flatMap(\.idText) }
            for id in ids {
                guard let account = ledger.accounts[id], account.deleted(before: answer, context.header), let line = account.deletedLine else { continue }
                context.report("TASK-22", lines: [line] + lines, expected: "no candidate \(id): its account was deleted on line \(line)", observed: "candidates \(ids)")
            }
        }
    }
}
