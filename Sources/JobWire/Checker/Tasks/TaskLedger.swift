import SocketIOWire

/// What the trace shows the task API's backend holds (TASK area): accounts, the tokens it issued,
/// tasks, reviews and the boundaries in force. Built from successful answers only, after the
/// rules have judged each one, so a rule compares an answer with what the calls before it wrote.
///
/// Only what the trace shows is known: an account whose sign-up the trace holds is known whole
/// (members never given are null, no reviews yet); one known from a log-in only has its email and
/// id; a token the trace never saw issued is unknown unless the header lists it as made up.
struct TaskLedger: Sendable {
    /// Accounts by `userId`.
    var accounts: [String: TaskAccountFact] = [:]
    /// The live account of each email, lower-cased (TASK-1 compares without case).
    var emails: [String: String] = [:]
    /// Emails whose account was deleted (TASK-22), lower-cased, with the delete's line.
    var deletedEmails: [String: Int] = [:]
    /// Tokens by their text.
    var tokens: [String: TaskTokenFact] = [:]
    /// Tasks by `objectId`.
    var tasks: [String: TaskFact] = [:]
    /// The boundaries in force: the header's, then the last settings answer's (FIX-5).
    var sessionTtlMs: Int64
    var rememberMeTtlMs: Int64
    var taskCancelCutoffMs: Int64
    /// The header's `clockSkewToleranceMs`: how far two recorders' times of one moment may differ.
    let clockSkewToleranceMs: Int64

    init(header: TraceHeader) {
        sessionTtlMs = header.sessionTtlMs
        rememberMeTtlMs = header.rememberMeTtlMs
        taskCancelCutoffMs = header.taskCancelCutoffMs
        clockSkewToleranceMs = header.clockSkewToleranceMs
    }

    /// The live account with `email`, compared without case.
    func account(email: String) -> TaskAccountFact? {
        emails[email.lowercased()].flatMap { accounts[$0] }
    }

    /// The caller a token names, if the trace saw it issued.
    func caller(_ answer: TaskAnswer) -> TaskAccountFact? {
        answer.bearer.flatMap { tokens[$0] }.flatMap { accounts[$0.userID] }
    }

    /// The caller's own task `objectId`, known and not gone with a deleted account.
    func ownTask(_ answer: TaskAnswer) -> TaskFact? {
        guard let caller = caller(answer), let id = answer.objectID, let task = tasks[id], task.author == caller.userID else { return nil }
        return task
    }
}

/// One account as the trace shows it.
struct TaskAccountFact: Sendable {
    var userID: String
    /// When the trace first showed the account (its sign-up's or log-in's answer), and who recorded it.
    var since: Int64
    var sinceBy: TraceActor
    var email: String?
    /// The password of the sign-up, the only one the protocol lets a user set.
    var password: String?
    /// The members a read must repeat, each with the requirement of the call that wrote it:
    /// TASK-19 for the sign-up's, TASK-20 for an update's, TASK-21 for the image call's.
    var members: [String: (value: JSONValue, by: RequirementID)] = [:]
    /// True when the trace holds the sign-up, so the account is known whole and has no reviews before it.
    var fromSignUp = false
    /// When the last call that wrote ``members`` (sign-up, update, image call) was answered, and
    /// who recorded it: another user's call sent after that sees them (TASK-15).
    var membersWrittenAt: Int64 = .min
    var membersWrittenBy: TraceActor = .backend
    var line: Int
    /// When an update turned `contractor` on, and who recorded its answer (TASK-20).
    var turnedContractorAt: Int64?
    var turnedContractorBy: TraceActor?
    /// The delete's time and line (TASK-22).
    var deletedAt: Int64?
    var deletedLine: Int?
    var deletedBy: TraceActor?
    /// Successful reviews of this user, oldest first; complete when ``fromSignUp``.
    var reviews: [TaskReviewFact] = []
    /// False once two reviews were in flight together: the backend may have stored them in
    /// another order than their answers came (TASK-23 then takes the reviews in any order).
    var reviewOrderKnown = true
    /// False once a review with a rating outside 1 ... 5 was taken: what the backend averaged is unknown (TASK-18).
    var ratingsKnown = true
    /// The `rating` the last review answer announced, or null for an account known whole with no reviews.
    var rating: JSONValue?
    var ratingLine: Int?

    /// True when the trace showed the account before `answer`'s call was sent, so the backend had it.
    func known(before answer: TaskAnswer, _ header: TraceHeader) -> Bool {
        since + answer.skew(to: sinceBy, header) <= answer.requestTs
    }

    /// True when the account was deleted before `answer`'s call was sent (TASK-22).
    func deleted(before answer: TaskAnswer, _ header: TraceHeader) -> Bool {
        guard let deletedAt else { return false }
        return deletedAt + (deletedBy.map { answer.skew(to: $0, header) } ?? header.clockSkewToleranceMs) <= answer.requestTs
    }

    /// True when the account is a contractor as the trace last wrote it.
    var isContractor: Bool? { members["contractor"]?.value.boolValue }

    /// The account as it stood before its last updates, image calls and reviews, for reads in flight with them.
    var replaced = ReplacedVersions<TaskAccountReadable>()

    /// What a read of the account shows, as it stands.
    var readable: TaskAccountReadable { TaskAccountReadable(members: members, rating: rating, reviews: reviews.count) }

    /// Notes that a write answered at `answer` replaces what a read of the account shows.
    mutating func replace(by answer: TaskAnswer) {
        replaced.replace(readable, by: answer)
    }

    /// The account as each version a read `answer` may show has it, oldest first, the account as
    /// it stands last: a version replaced after the read was sent gives its members, rating and
    /// reviews. Nil when what the read may show is no longer known.
    func versions(shownTo answer: TaskAnswer, skew: Int64) -> [TaskAccountFact]? {
        replaced.inFlight(for: answer, skew: skew).map { earlier in
            earlier.map { version in
                var account = self
                account.members = version.members
                account.rating = version.rating
                account.reviews = Array(reviews.prefix(version.reviews))
                return account
            } + [self]
        }
    }
}

/// What a read of an account shows of it (`GET me`, a contractor's profile), as one write left it:
/// its members, its rating and how many of its reviews there were.
struct TaskAccountReadable: Sendable {
    var members: [String: (value: JSONValue, by: RequirementID)]
    var rating: JSONValue?
    var reviews: Int
}

/// A bearer token the backend issued (TASK-2, TASK-3).
struct TaskTokenFact: Sendable {
    var userID: String
    /// When the sign-up or log-in was sent (the earliest the backend can have issued it) and answered.
    var requestedAt: Int64
    var issuedAt: Int64
    /// The announced `expiresAt`, in ms.
    var expiresAt: Int64?
    var rememberMe: Bool
    var line: Int
}

/// A successful review (TASK-17).
struct TaskReviewFact: Sendable {
    var rating: JSONValue
    var review: JSONValue
    var author: String?
    var line: Int
    /// When its answer was recorded, and by whom.
    var answeredAt: Int64
    var answeredBy: TraceActor

    /// Whether it was answered before `answer`'s call was sent, as far as the clocks tell: else the
    /// backend may have handled that call first.
    func answered(before answer: TaskAnswer, skew: Int64) -> Bool {
        answeredAt + answer.skew(to: answeredBy, tolerance: skew) <= answer.requestTs
    }
}

/// One task as the trace shows it.
struct TaskFact: Sendable {
    var objectID: String
    var author: String?
    /// The task as the backend last returned it.
    var json: JSONValue
    var status: String?
    var contractor: String?
    var updatedAt: Int64?
    /// The earliest `dates[].start` of the create or edit that wrote it (TASK-13).
    var earliestStart: Int64?
    /// The category it was created or edited with (TASK-15, TASK-20).
    var category: String?
    /// The editable members (TASK-7's) of the valid create or edit that last wrote it, which every
    /// task answered after that write carries with the same values (TASK-8); nil after a bad body.
    var draft: JSONObject?
    /// When its create was answered, and who recorded the answer.
    var createdLine: Int
    var createdAnsweredAt: Int64
    var createdBy: TraceActor
    /// The candidates of its last successful candidates answer (TASK-16).
    var candidates: Set<String>?
    var candidatesLine: Int?
    /// False once its author's account was deleted (TASK-22).
    var exists = true
    var line: Int
    /// When the last call that wrote it (create, edit, cancel, complete, choice) was answered, and
    /// who recorded that answer: a read sent before that may hold an older snapshot, so it does not
    /// overwrite what the write returned (a list in flight while the task is completed still shows
    /// it assigned).
    var writtenAt: Int64
    var writtenBy: TraceActor
    /// The task as it stood before its last writes, for reads in flight with them (TASK-23, TASK-26).
    var replaced = ReplacedVersions<JSONValue>()

    var isEnded: Bool { status == "completed" || status == "cancelled" }

    /// Whether `answer`'s call was sent after the last write's answer, by more than the clocks of
    /// two recorders may disagree: only then must it show what that write returned.
    func isCurrent(for answer: TaskAnswer, skew: Int64) -> Bool {
        answer.requestTs >= writtenAt + answer.skew(to: writtenBy, tolerance: skew)
    }

    /// The versions a read `answer` may show, oldest first: each one a write replaced after the
    /// read was sent, then the task as it stands. Nil when what it may show is no longer known
    /// (``ReplacedVersions/inFlight(for:skew:)``).
    func versions(shownTo answer: TaskAnswer, skew: Int64) -> [JSONValue]? {
        replaced.inFlight(for: answer, skew: skew).map { $0 + [json] }
    }

    /// The members that say where a task stands, which only its writes change: what a list must
    /// show as the task's last answer did (TASK-14). Its editable members are TASK-8's, its author too.
    static let standingMembers = ["status", "contractor", "cancelReason", "createdAt", "updatedAt"]

    /// Whether `shown` stands as `version` does in `key`, or in every standing member when `key`
    /// is nil. A member missing on either side is not compared: a task without one is TASK-8's
    /// (or TASK-12's, a cancel answered without its reason).
    static func sameStanding(_ shown: JSONValue, as version: JSONValue, _ key: String? = nil) -> Bool {
        guard let key else { return standingMembers.allSatisfy { sameStanding(shown, as: version, $0) } }
        guard let listed = shown[key], let held = version[key] else { return true }
        return listed.sameMembers(as: held)
    }

    /// Notes that a write answered at `answer` replaces the task as it stands.
    mutating func replace(by answer: TaskAnswer) {
        replaced.replace(json, by: answer)
        writtenAt = answer.ts
        writtenBy = answer.actor
        line = answer.line
    }
}

extension TaskLedger {
    /// Takes in what a successful answer wrote; failures change nothing.
    mutating func apply(_ answer: TaskAnswer) {
        guard answer.succeeded, let body = answer.body else { return }
        let request = answer.requestBody
        switch answer.call {
        case .settings:
            func announced(_ key: String) -> Int64? { body[key]?.integerValue.flatMap { $0 > 0 ? $0 : nil } }
            sessionTtlMs = announced("sessionTtlMs") ?? sessionTtlMs
            rememberMeTtlMs = announced("rememberMeTtlMs") ?? rememberMeTtlMs
            taskCancelCutoffMs = announced("taskCancelCutoffMs") ?? taskCancelCutoffMs
        case .signUp:
            guard let user = body["userId"].flatMap(\.idText) else { return }
            var account = TaskAccountFact(userID: user, since: answer.ts, sinceBy: answer.actor, line: answer.line)
            account.email = request?["email"]?.stringValue
            account.password = request?["password"]?.stringValue
            account.fromSignUp = true
            account.rating = .null
            account.membersWrittenAt = answer.ts
            account.membersWrittenBy = answer.actor
            for key in ["name", "phoneNumber", "image"] { account.members[key] = (request?[key] ?? .null, "TASK-19") }
            account.members["contractor"] = (request?["contractor"].flatMap { $0.isNull ? nil : $0 } ?? .bool(false), "TASK-19")
            account.members["categories"] = (request?["categories"].flatMap { $0.isNull ? nil : $0 } ?? .array([]), "TASK-19")
            accounts[user] = account
            if let email = account.email { emails[email.lowercased()] = user }
            issue(body, user: user, rememberMe: false, answer)
        case .logIn:
            guard let email = request?["email"]?.stringValue else { return }
            let user = body["userId"].flatMap(\.idText) ?? account(email: email)?.userID
            guard let user else { return }
            if accounts[user] == nil {
                var account = TaskAccountFact(userID: user, since: answer.ts, sinceBy: answer.actor, line: answer.line)
                account.email = email
                accounts[user] = account
                emails[email.lowercased()] = user
            }
            issue(body, user: user, rememberMe: request?["rememberMe"] == .bool(true), answer)
        case .deleteMe:
            guard let caller = caller(answer) else { return }
            accounts[caller.userID]?.deletedAt = answer.ts
            accounts[caller.userID]?.deletedLine = answer.line
            accounts[caller.userID]?.deletedBy = answer.actor
            if let email = caller.email?.lowercased(), emails[email] == caller.userID {
                emails[email] = nil
                deletedEmails[email] = answer.line
            }
            for (id, task) in tasks where task.author == caller.userID { tasks[id]?.exists = false }
        case .updateMe:
            guard let caller = caller(answer) else { return }
            accounts[caller.userID]?.replace(by: answer)
            for key in ["name", "phoneNumber", "contractor", "categories"] {
                if let value = request?[key] { accounts[caller.userID]?.members[key] = (value, "TASK-20") }
            }
            accounts[caller.userID]?.membersWrittenAt = answer.ts
            accounts[caller.userID]?.membersWrittenBy = answer.actor
            let turned = request?["contractor"] == .bool(true)
            accounts[caller.userID]?.turnedContractorAt = turned ? answer.ts : nil
            accounts[caller.userID]?.turnedContractorBy = turned ? answer.actor : nil
        case .meImage:
            guard let caller = caller(answer), let image = request?["image"] else { return }
            accounts[caller.userID]?.replace(by: answer)
            accounts[caller.userID]?.members["image"] = (image, "TASK-21")
            accounts[caller.userID]?.membersWrittenAt = answer.ts
            accounts[caller.userID]?.membersWrittenBy = answer.actor
        case .createTask:
            guard let task = body["task"], let id = (task["objectId"] ?? body["id"]).flatMap(\.idText) else { return }
            var fact = TaskFact(
                objectID: id, author: caller(answer)?.userID ?? task["author"].flatMap(\.idText), json: task,
                createdLine: answer.line, createdAnsweredAt: answer.ts, createdBy: answer.actor, line: answer.line, writtenAt: answer.ts, writtenBy: answer.actor)
            fact.take(task)
            fact.take(draft: request)
            tasks[id] = fact
        case .editTask, .cancelTask, .completeTask, .chooseContractor:
            guard let id = answer.objectID, tasks[id] != nil, let task = body["task"] else { return }
            tasks[id]!.replace(by: answer)
            if answer.call == .editTask { tasks[id]!.take(draft: request) }
            tasks[id]!.take(task)
        case .readTask:
            guard let id = answer.objectID, tasks[id]?.isCurrent(for: answer, skew: clockSkewToleranceMs) == true, let task = body["task"] else { return }
            tasks[id]!.take(task)
            tasks[id]!.line = answer.line
        case .listTasks:
            for task in body["tasks"]?.arrayValue ?? [] {
                // One that stands otherwise is TASK-14's mistake, not taken as the task's state.
                guard let id = task["objectId"].flatMap(\.idText), let known = tasks[id], known.isCurrent(for: answer, skew: clockSkewToleranceMs),
                    TaskFact.sameStanding(task, as: known.json)
                else { continue }
                tasks[id]!.take(task)
            }
        case .candidates:
            guard let id = answer.objectID, tasks[id] != nil else { return }
            tasks[id]!.candidates = Set((body["contractors"]?.arrayValue ?? []).compactMap { $0["userId"].flatMap(\.idText) })
            tasks[id]!.candidatesLine = answer.line
        case .review:
            guard let user = answer.userID, accounts[user] != nil else { return }
            accounts[user]!.replace(by: answer)
            let rating = request?["rating"] ?? .null
            if !TaskRatings.isValid(rating) { accounts[user]!.ratingsKnown = false }
            // A review answered since this one was sent may be missing from the rating it announces,
            // so the rating reads must show is then unknown.
            let concurrent = accounts[user]!.reviews.contains { !$0.answered(before: answer, skew: clockSkewToleranceMs) }
            accounts[user]!.reviews.append(
                TaskReviewFact(
                    rating: rating, review: request?["review"] ?? .null, author: caller(answer)?.userID, line: answer.line,
                    answeredAt: answer.ts, answeredBy: answer.actor))
            // (JSONValue takes `nil` as its null, so unknown is spelled out.)
            accounts[user]!.rating = concurrent ? JSONValue?.none : body["rating"] ?? .null
            if concurrent { accounts[user]!.reviewOrderKnown = false }
            accounts[user]!.ratingLine = answer.line
        case .userExists, .contractor, .me:
            break
        }
    }

    private mutating func issue(_ body: JSONValue, user: String, rememberMe: Bool, _ answer: TaskAnswer) {
        guard let token = body["token"]?.stringValue else { return }
        tokens[token] = TaskTokenFact(
            userID: user, requestedAt: answer.requestTs, issuedAt: answer.ts,
            expiresAt: body["expiresAt"]?.stringValue.flatMap(ISO8601Time.milliseconds), rememberMe: rememberMe, line: answer.line)
    }
}

extension TaskFact {
    /// Takes in the task as an answer returned it, with the editable members the last create or
    /// edit wrote in place of those it gave: an answer that changed them is TASK-8's, and later
    /// answers are compared with what was written, not with that mistake again.
    mutating func take(_ task: JSONValue) {
        json = task
        keepDraft()
        status = task["status"]?.stringValue
        contractor = task["contractor"].flatMap(\.idText)
        updatedAt = task["updatedAt"]?.stringValue.flatMap(ISO8601Time.milliseconds)
    }

    /// Takes in the dates and category of a create's or edit's body.
    mutating func take(draft: JSONValue?) {
        guard let draft else { return }
        if let starts = draft["dates"]?.arrayValue?.compactMap({ $0["start"]?.stringValue.flatMap(ISO8601Time.milliseconds) }), !starts.isEmpty {
            earliestStart = starts.min()
        }
        if let category = draft["category"].flatMap(\.idText) { self.category = category }
        // A body TASK-9 refuses leaves what the backend stored unknown, so nothing is compared with it.
        self.draft = nil
        if let members = draft.objectValue, TaskBodyCheck.problems(draft).isEmpty {
            self.draft = JSONObject(members.members.filter { member in ContractShapes.taskFields.contains { $0.name == member.key } })
            keepDraft()
        }
    }

    /// Writes into ``json`` the draft's members that are not null and that it gives otherwise.
    private mutating func keepDraft() {
        guard let draft, var task = json.objectValue else { return }
        for member in draft.members where !member.value.isNull && task[member.key]?.sameTaskMember(member.key, as: member.value) != true {
            task[member.key] = member.value
        }
        json = .object(task)
    }
}

/// TASK-17's ratings: a whole number from 1 to 5, `3.0` counting as 3 (a review body's `rating`, ``ContractShapes/taskRequestBody(_:)``).
enum TaskRatings {
    static func isValid(_ rating: JSONValue) -> Bool {
        ContractShapes.rating1To5.problems(rating, field: "rating").isEmpty
    }
}
