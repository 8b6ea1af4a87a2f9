import SocketIOWire

/// TASK-15: the candidates of the caller's own open or assigned task are answered as
/// `contractors`, each with `userId`, `name`, `image` and `rating`; a candidate whose account the
/// trace wrote before the call was sent carries its `name` and `image` as written (TASK-19 to
/// TASK-21). Which users they are is the backend's choice; TASK-16, TASK-20 and TASK-22 judge
/// what follows from it.
struct TASK15CandidateMembers: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-15", evidence: TraceRuleInfo.backendEvidence,
            check: "the candidates of the caller's open or assigned task are answered as contractors, each with userId, name, image and rating, the name and image as the trace wrote the account")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call == .candidates else { return }
        // The members as ContractShapes declares a candidate, whatever the task.
        let malformed = answer.answerProblems("TASK-15")
        guard malformed.isEmpty else {
            return context.report("TASK-15", lines: [answer.requestLine, answer.line], expected: "every candidate with userId, name, image and rating", observed: ShapeProblem.texts(malformed))
        }
        let changed = Self.writtenOtherwise(answer, context.session.tasks, context.header)
        if !changed.isEmpty {
            context.report("TASK-15", lines: [answer.requestLine, answer.line], expected: "every candidate's name and image as its account was written", observed: changed.joined(separator: "; "))
        }
        guard let task = context.session.tasks.ownTask(answer), task.exists, !task.isEnded,
            context.session.tasks.liveCaller(answer, header: context.header) != nil
        else { return }
        let lines = [task.line, answer.requestLine, answer.line]
        guard answer.succeeded else {
            return context.report("TASK-15", lines: lines, expected: "2xx with the contractors for \(task.objectID)", observed: answer.summary)
        }
    }
}

extension TASK15CandidateMembers {
    /// The `name` and `image` of candidates that differ from their accounts' as the last sign-up,
    /// update or image call answered before this call was sent wrote them; a deleted account is TASK-22's.
    static func writtenOtherwise(_ answer: TaskAnswer, _ ledger: TaskLedger, _ header: TraceHeader) -> [String] {
        guard answer.succeeded else { return [] }
        var changed: [String] = []
        for candidate in answer.body?["contractors"]?.arrayValue ?? [] {
            guard let id = candidate["userId"].flatMap(\.idText), let account = ledger.accounts[id], account.deletedAt == nil,
                account.membersWrittenAt + answer.skew(to: account.membersWrittenBy, header) <= answer.requestTs
            else { continue }
            for key in ["name", "image"] {
                guard let member = account.members[key], candidate[key].map({ $0.sameAccountMember(key, as: member.value) }) != true else { continue }
                changed.append("\(id)'s \(key) \(candidate[key]?.compactText ?? "absent"), written \(member.value.compactText)")
            }
        }
        return changed
    }
}

/// TASK-16: choosing a contractor for the caller's own open or assigned task answers the task
/// `assigned` to that contractor when it succeeds; a user the task's last candidates answer did not
/// list, or whose account the trace shows is no contractor, is 403 `not_eligible`; one it listed is
/// taken; a choice whose `contractor` is no id is 400 `bad_request` on it. Judged when the
/// trace's `subject` holds the backend; the app's half, a choice carrying a `contractor` id, when
/// it holds the app that sent it (``AppRequestCheck``).
struct TASK16ChooseCandidate: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-16", evidence: TraceRuleInfo.backendEvidence,
            check: "an app's choice carries a contractor id; a choice answers the task assigned to the contractor chosen; a user who is no candidate (not listed, or no contractor) is 403 not_eligible, a listed candidate is taken; a contractor that is no id is bad_request",
            about: [.backend, .client, .worker])
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest] }
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        AppRequestCheck.judge(event, TaskCallKind.chooseContractor, as: "TASK-16", &context)
    }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard context.header.subject.contains(.backend), answer.call == .chooseContractor else { return }
        let malformed = answer.bodyProblems
        guard malformed.isEmpty else {
            guard !answer.badRequest(namingOneOf: malformed) else { return }
            return context.report("TASK-16", lines: [answer.requestLine, answer.line], expected: "400 bad_request on contractor for a choice with \(ShapeProblem.texts(malformed))", observed: answer.summary)
        }
        guard let chosen = answer.requestBody?["contractor"].flatMap(\.idText),
            let task = context.session.tasks.ownTask(answer), task.exists, !task.isEnded,
            context.session.tasks.liveCaller(answer, header: context.header) != nil
        else { return }
        var lines = [task.line, answer.requestLine, answer.line]
        let account = context.session.tasks.accounts[chosen]
        let listed = task.candidates.map { $0.contains(chosen) }
        if listed == false || (account?.deletedAt == nil && account?.isContractor == false) {
            guard !answer.failed(403, "not_eligible") else { return }
            if let line = listed == false ? task.candidatesLine : account?.line { lines.insert(line, at: 0) }
            let why = listed == false ? "not among the candidates answered on line \(task.candidatesLine ?? 0)" : "no contractor (line \(account?.line ?? 0))"
            return context.report("TASK-16", lines: lines, expected: "403 not_eligible for choosing \(chosen) for \(task.objectID): \(why)", observed: answer.summary)
        }
        if answer.succeeded {
            let got = answer.body?["task"]
            guard got?["status"] != "assigned" || got?["contractor"].flatMap(\.idText) != chosen else { return }
            return context.report(
                "TASK-16", lines: lines, expected: "\(task.objectID) assigned to \(chosen)",
                observed: "status \(got?["status"]?.compactText ?? "absent"), contractor \(got?["contractor"]?.compactText ?? "absent")")
        }
        guard listed == true else { return }
        context.report("TASK-16", lines: lines, expected: "2xx with \(task.objectID) assigned to \(chosen), a candidate listed on line \(task.candidatesLine ?? 0)", observed: answer.summary)
    }
}

/// TASK-17: a review whose `rating` is not a whole number from 1 to 5 (`3.0` counts as 3), or
/// whose `review` or `task` is not text or null, is 400 `bad_request` on that field; a successful
/// review answers the stored `review` with its rating, text, author and createdAt, as posted by
/// its caller. Judged when the trace's `subject` holds the backend; the app's half, a review sent
/// with such a rating (and `review` and `task` text or null), when it holds the app that sent it
/// (``AppRequestCheck``).
struct TASK17ReviewRating: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-17", evidence: TraceRuleInfo.backendEvidence,
            check: "an app's review carries a rating that is a whole number from 1 to 5; a review whose rating is not (or whose review or task is not text) is 400 bad_request on that field; a success answers the stored review as posted, by its caller",
            about: [.backend, .client, .worker])
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest] }
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        AppRequestCheck.judge(event, TaskCallKind.review, as: "TASK-17", &context)
    }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard context.header.subject.contains(.backend), answer.call == .review else { return }
        let stored = answer.answerProblems("TASK-17")
        if !stored.isEmpty {
            context.report("TASK-17", lines: [answer.line], expected: "the stored review with its rating, review, author and createdAt", observed: ShapeProblem.texts(stored))
        } else if answer.succeeded, answer.bodyProblems.isEmpty, let review = answer.body?["review"] {
            let changed = Self.storedOtherwise(review, posted: answer.requestBody, author: context.session.tasks.caller(answer)?.userID)
            if !changed.isEmpty {
                context.report("TASK-17", lines: [answer.requestLine, answer.line], expected: "the stored review as posted, by its caller", observed: changed.joined(separator: "; "))
            }
        }
        let malformed = answer.bodyProblems
        guard !malformed.isEmpty, !answer.badRequest(namingOneOf: malformed) else { return }
        context.report(
            "TASK-17", lines: [answer.requestLine, answer.line],
            expected: "400 bad_request with field \(malformed.map(\.field).joined(separator: " or ")) for \(ShapeProblem.texts(malformed))", observed: answer.summary)
    }
}

extension TASK17ReviewRating {
    /// The members of a stored review that differ from the review posted: its `rating` (`3.0` is
    /// 3), and its `review` and `task` when the post gave them, and an `author` other than the
    /// caller when the trace knows who that is.
    static func storedOtherwise(_ review: JSONValue, posted: JSONValue?, author: String?) -> [String] {
        var changed: [String] = []
        if let rating = posted?["rating"], review["rating"].map({ $0.isEquivalent(to: rating) }) != true {
            changed.append("rating \(review["rating"]?.compactText ?? "absent"), posted \(rating.compactText)")
        }
        if let text = posted?["review"], review["review"] != text {
            changed.append("review \(review["review"]?.compactText ?? "absent"), posted \(text.compactText)")
        }
        if let task = posted?["task"], review["task"].flatMap(\.idText) != task.idText {
            changed.append("task \(review["task"]?.compactText ?? "absent"), posted \(task.compactText)")
        }
        if let author, review["author"].map({ $0.sameAccountMember("author", as: .string(author)) }) != true {
            changed.append("author \(review["author"]?.compactText ?? "absent"), not the caller \(author)")
        }
        return changed
    }
}

/// TASK-18: a review's answer announces the contractor's `rating` as the mean of all its reviews'
/// ratings, this one included, for a contractor whose sign-up the trace shows (so it knows every
/// review) and which never had a rating outside 1 ... 5 taken (TASK-17's, whose effect is unknown).
/// Reviews in flight with this one may have been handled on either side of it: one answered after
/// this was sent may be left out of the mean, one sent and not yet answered may be in it (up to
/// ``concurrentLimit`` of them together; more are not judged).
struct TASK18RatingIsMean: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-18", evidence: TraceRuleInfo.backendEvidence,
            check: "a review's answer gives the contractor's rating as the mean of the ratings of its reviews the trace shows, the contractor's sign-up included")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call == .review else { return }
        if let problem = answer.answerProblems("TASK-18").first {
            return context.report("TASK-18", lines: [answer.line], expected: "the contractor's rating, a number from 0 to 5 (null while it has no review)", observed: problem.text)
        }
        guard answer.succeeded, let user = answer.userID, let account = context.session.tasks.accounts[user],
            account.fromSignUp, account.ratingsKnown, let rating = answer.requestBody?["rating"], TaskRatings.isValid(rating), let own = rating.doubleValue
        else { return }
        let skew = context.header.clockSkewToleranceMs
        let earlier = account.reviews.filter { $0.answered(before: answer, skew: skew) }.compactMap(\.rating.doubleValue)
        let concurrent = account.reviews.filter { !$0.answered(before: answer, skew: skew) }.compactMap(\.rating.doubleValue)
            + Self.pendingRatings(of: user, besides: answer.xid, context.session)
        guard concurrent.count <= Self.concurrentLimit else { return }
        // The mean with each subset of the concurrent reviews (a bit mask picks them).
        let means = (0..<(1 << concurrent.count)).map { mask in
            let ratings = earlier + concurrent.indices.filter { mask & (1 << $0) != 0 }.map { concurrent[$0] } + [own]
            return ratings.reduce(0, +) / Double(ratings.count)
        }
        guard let announced = answer.body?["rating"]?.doubleValue, means.contains(where: { abs(announced - $0) <= 1e-9 }) else {
            return report(answer, account, earlier + concurrent + [own], &context)
        }
    }

    /// How many reviews in flight with one review TASK-18 weighs: each subset of them is a mean the answer may give.
    static let concurrentLimit = 8

    /// The valid ratings of the reviews of `user` sent and not yet answered, but for call `xid`.
    private static func pendingRatings(of user: String, besides xid: String, _ session: TraceSession) -> [Double] {
        session.exchanges.compactMap { key, exchange in
            let answered = session.backendRecorded ? exchange.backendAnsweredAt != nil : exchange.appReceivedAt != nil || exchange.appGaveUpAt != nil
            guard exchange.task == .review, exchange.taskCaptures["userId"] == user, key != xid, !answered,
                let rating = exchange.requestBody?["rating"], TaskRatings.isValid(rating)
            else { return nil }
            return rating.doubleValue
        }
    }

    private func report(_ answer: TaskAnswer, _ account: TaskAccountFact, _ ratings: [Double], _ context: inout RuleContext) {
        let user = account.userID
        let mean = ratings.reduce(0, +) / Double(ratings.count)
        context.report(
            "TASK-18", lines: account.reviews.map(\.line) + [answer.line],
            expected: "rating \(mean), the mean of \(user)'s reviews \(ratings.map { String($0) }.joined(separator: ", "))",
            observed: "rating \(answer.body?["rating"]?.compactText ?? "absent")")
    }
}

/// TASK-23: a contractor's profile shows its `userId`, the `name`, `image` and `categories` the
/// trace last wrote, the `rating` the last review answer announced, its `reviews` newest first as
/// posted (each with `rating`, `review`, `author`, `createdAt`) and as `pastWork` exactly the tasks
/// the trace shows it completed; a user the trace shows is no contractor is 404 `not_found`. A
/// profile read sent before a write was answered (an update, an image call, a review, a task's
/// completion) may show the record as it stood before that write: each part is judged against
/// every version the read may show (``TaskAccountFact/versions(shownTo:skew:)``).
struct TASK23ContractorProfile: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-23", evidence: TraceRuleInfo.backendEvidence,
            check: "a contractor's profile shows its details, rating, reviews newest first and exactly its completed tasks as past work, as the trace shows them when the read was sent or later; a non-contractor is 404 not_found")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call == .contractor else { return }
        // The members as ContractShapes.contractorProfile declares them, whoever the contractor.
        let malformed = answer.answerProblems("TASK-23")
        guard malformed.isEmpty else {
            return context.report("TASK-23", lines: [answer.requestLine, answer.line], expected: "a contractor's profile with the members TASK-23 lists", observed: ShapeProblem.texts(malformed))
        }
        guard let user = answer.userID, let account = context.session.tasks.accounts[user], account.deletedAt == nil,
            context.session.tasks.liveCaller(answer, header: context.header) != nil,
            let versions = account.versions(shownTo: answer, skew: context.header.clockSkewToleranceMs)
        else { return }
        let lines = [account.line, answer.requestLine, answer.line]
        if versions.allSatisfy({ $0.isContractor == false }) {
            guard !answer.failed(404, "not_found") else { return }
            return context.report("TASK-23", lines: lines, expected: "404 not_found for the profile of \(user), who is no contractor", observed: answer.summary)
        }
        guard answer.succeeded, let profile = answer.body?["contractor"] else {
            guard versions.allSatisfy({ $0.isContractor == true }) else { return }
            return context.report("TASK-23", lines: lines, expected: "2xx with the profile of contractor \(user)", observed: answer.summary)
        }
        let details = versions.map { Self.detailProblems(profile, $0) }
        if !details.contains(where: \.isEmpty), let wrong = details.last {
            context.report("TASK-23", lines: lines, expected: "the profile of \(user) as the trace shows it", observed: wrong.joined(separator: "; "))
        }
        if account.fromSignUp {
            let reviews = versions.map { Self.reviewProblems(profile, $0) }
            if !reviews.contains(where: \.isEmpty), let wrong = reviews.last {
                let posted = account.reviews.reversed().map { "\($0.rating.compactText) by \($0.author ?? "?")" }
                context.report(
                    "TASK-23", lines: lines + account.reviews.map(\.line),
                    expected: "the reviews of \(account.userID) newest first, as posted: \(posted.joined(separator: ", "))", observed: wrong.joined(separator: "; "))
            }
        }
        checkPastWork(profile, user, answer, lines, &context)
    }

    /// How `profile` differs from `account`'s `name`, `image`, `categories` and `rating`.
    private static func detailProblems(_ profile: JSONValue, _ account: TaskAccountFact) -> [String] {
        var details = ["userId": (JSONValue.string(account.userID))]
        for key in ["name", "image", "categories"] { if let member = account.members[key] { details[key] = member.value } }
        if let rating = account.rating { details["rating"] = rating }
        return details.keys.sorted().compactMap { key -> String? in
            let observed = profile[key]
            return observed.map { $0.sameAccountMember(key, as: details[key]!) } == true ? nil : "\(key): expected \(details[key]!.compactText), observed \(observed?.compactText ?? "nothing")"
        }
    }

    /// How `profile`'s reviews differ from `account`'s, newest first.
    private static func reviewProblems(_ profile: JSONValue, _ account: TaskAccountFact) -> [String] {
        let reviews = profile["reviews"]?.arrayValue ?? []
        let posted = Array(account.reviews.reversed())
        var wrong = reviews.count == posted.count ? [] : ["\(reviews.count) reviews, not \(posted.count)"]
        // Reviews handled in another order than answered (``TaskAccountFact/reviewOrderKnown``) match in any order.
        if !account.reviewOrderKnown, wrong.isEmpty {
            var left = posted
            for shown in reviews {
                guard let index = left.firstIndex(where: { differences(shown, from: $0).isEmpty }) else { break }
                left.remove(at: index)
            }
            if left.isEmpty { return timeProblems(reviews) }
        }
        for (shown, review) in zip(reviews, posted) { wrong += differences(shown, from: review) }
        return wrong + timeProblems(reviews)
    }

    /// How one review shown differs from one posted.
    private static func differences(_ shown: JSONValue, from review: TaskReviewFact) -> [String] {
        var wrong: [String] = []
        if shown["rating"].map({ $0.isEquivalent(to: review.rating) }) != true { wrong.append("rating \(shown["rating"]?.compactText ?? "absent") for \(review.rating.compactText) (line \(review.line))") }
        if shown["review"].map({ $0.isEquivalent(to: review.review) }) != true { wrong.append("review \(shown["review"]?.compactText ?? "absent") for \(review.review.compactText) (line \(review.line))") }
        if let author = review.author, shown["author"].map({ $0.sameAccountMember("author", as: .string(author)) }) != true { wrong.append("author \(shown["author"]?.compactText ?? "absent") for \(author) (line \(review.line))") }
        return wrong
    }

    /// The reviews' `createdAt`, each given and newest first.
    private static func timeProblems(_ reviews: [JSONValue]) -> [String] {
        let times = reviews.map { $0["createdAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) }
        guard times.contains(nil) || zip(times, times.dropFirst()).contains(where: { $0! < $1! }) else { return [] }
        return ["createdAt \(reviews.map { $0["createdAt"]?.compactText ?? "absent" }.joined(separator: ", "))"]
    }

    /// Past work: a task shown must be one the contractor completed, and every task it completed
    /// must be shown with its Description and image, in some version of the task the read may
    /// show (a completion answered after the read was sent may be missing from it).
    private func checkPastWork(_ profile: JSONValue, _ user: String, _ answer: TaskAnswer, _ lines: [Int], _ context: inout RuleContext) {
        let shown = profile["pastWork"]?.arrayValue ?? []
        var wrong: [String] = []
        for task in context.session.tasks.tasks.values.sorted(by: { $0.objectID < $1.objectID }) where task.exists {
            guard let versions = task.versions(shownTo: answer, skew: context.header.clockSkewToleranceMs) else { continue }
            let done = versions.filter { $0["status"]?.stringValue == "completed" && $0["contractor"].flatMap(\.idText) == user }
            guard let entry = shown.first(where: { $0["objectId"].flatMap(\.idText) == task.objectID }) else {
                if done.count == versions.count { wrong.append("\(task.objectID), completed on line \(task.line), missing") }
                continue
            }
            guard !done.isEmpty else {
                wrong.append("\(task.objectID) is \(task.status ?? "?") with contractor \(task.contractor ?? "none") (line \(task.line))")
                continue
            }
            let keys = ["Description", "image"]
            guard !done.contains(where: { version in keys.allSatisfy { key in entry[key]?.sameMembers(as: version[key] ?? .null) == true } }) else { continue }
            for key in keys where entry[key]?.sameMembers(as: task.json[key] ?? .null) != true {
                wrong.append("\(task.objectID) \(key) \(entry[key]?.compactText ?? "absent"), not \(task.json[key]?.compactText ?? "absent")")
            }
        }
        guard !wrong.isEmpty else { return }
        context.report("TASK-23", lines: lines, expected: "as pastWork exactly the tasks \(user) completed, with their Description and image", observed: wrong.joined(separator: "; "))
    }
}
