import SocketIOWire

/// Contractors: the candidates for a task, choosing one, reviews and ratings, and a contractor's
/// profile (TASK-15 ... TASK-18, TASK-23).
extension TaskBackend {
    /// `GET /api/tasks/{objectId}/contractors` (TASK-15): every contractor account but the
    /// author that serves the task's category (one with no categories serves all).
    public func candidates(objectID: String, token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let caller = try authenticate(token, now: now)
            let task = try ownTask(objectID, of: caller)
            try checkNotEnded(task)
            let list = candidates(for: task).map { account -> JSONValue in
                var entry = account.candidateJSON(rating: rating(of: account.userID))
                if faults.contains(.candidateFieldsMissing) { entry.members.removeAll { $0.key == "image" || $0.key == "rating" } }
                return .object(entry)
            }
            return .success(["contractors": .array(list)])
        }
    }

    /// `PUT /api/tasks/{objectId}/contractor` (TASK-16): the task, `assigned` to `contractor`,
    /// or `not_eligible` when it is not one of the candidates.
    public mutating func chooseContractor(objectID: String, body: JSONValue?, token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let chosen = try RequestBodyReader(body).id("contractor")
            let caller = try authenticate(token, now: now)
            var task = try ownTask(objectID, of: caller)
            try checkNotEnded(task)
            let allowed = faults.contains(.anyContractorAccepted) ? true : candidates(for: task).contains { $0.userID == chosen }
            guard allowed else { throw BackendError(.notEligible, "\(chosen) is not a candidate for task \(objectID)") }
            task.contractor = chosen
            task.status = .assigned
            task.updatedAt = max(now, task.updatedAt + 1)
            tasks[objectID] = task
            return .success(["task": json(task)])
        }
    }

    /// `POST /api/contractors/{userId}/reviews` (TASK-17): stores the review and answers it with
    /// the contractor's new `rating` (TASK-18).
    public mutating func review(contractor userID: String, body: JSONValue?, token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let reader = try RequestBodyReader(body)
            guard let value = reader.object["rating"], !value.isNull else { throw .badRequest("rating", "is required") }
            let unchecked = faults.contains(.ratingRangeUnchecked) ? value.doubleValue.map { Int64($0.rounded()) } : nil
            guard let rating = unchecked ?? value.integerValue, (1...5).contains(rating) || unchecked != nil else {
                throw .badRequest("rating", "expected a whole number from 1 to 5, found \(value.compactText)")
            }
            let text = try reader.optionalString("review", allowingEmpty: true)
            let taskID = try reader.optionalString("task")
            let caller = try authenticate(token, now: now)
            guard let contractor = accounts[userID], contractor.isContractor else {
                throw BackendError(.notFound, "no contractor \(userID) is known")
            }
            if let taskID { _ = try ownTask(taskID, of: caller) }
            let review = ContractorReview(author: caller.userID, contractor: userID, rating: rating, review: text, task: taskID, createdAt: now)
            reviews[userID, default: []].append(review)
            return .success(["review": review.json, "rating": self.rating(of: userID).map(JSONValue.double) ?? .null])
        }
    }

    /// `GET /api/contractors/{userId}` (TASK-23): the tasker profile, its reviews newest first and
    /// its past work, the tasks it completed, latest first; a user who is not a contractor is `not_found`.
    public func contractorProfile(userID: String, token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            _ = try authenticate(token, now: now)
            guard let contractor = accounts[userID], contractor.isContractor else {
                throw BackendError(.notFound, "no contractor \(userID) is known")
            }
            let received = reviews[userID] ?? []
            let done = tasks.values.filter { $0.contractor == userID && ($0.status == .completed || faults.contains(.pastWorkUnfiltered)) }
                .sorted { ($0.updatedAt, $0.number) > ($1.updatedAt, $1.number) }
            var profile = contractor.candidateJSON(rating: rating(of: userID))
            profile["categories"] = .array(contractor.categories.map { .string($0.text) })
            profile["reviews"] = .array((faults.contains(.reviewsOldestFirst) ? received : received.reversed()).map(\.json))
            profile["pastWork"] = .array(done.map { task in
                ["objectId": .string(task.objectID), "Description": task.draft.fields["Description"] ?? .null, "image": task.draft.fields["image"] ?? .null]
            })
            return .success(["contractor": .object(profile)])
        }
    }

    /// TASK-18: null without reviews, else the mean of their ratings.
    public func rating(of userID: String) -> Double? {
        guard let list = reviews[userID], let last = list.last else { return nil }
        if faults.contains(.ratingNotAveraged) { return Double(last.rating) }
        return Double(list.map(\.rating).reduce(0, +)) / Double(list.count)
    }

    /// The contractors TASK-16 accepts for `task`, in sign-up order.
    func candidates(for task: TaskRecord) -> [TaskAccount] {
        accounts.values.filter { account in
            account.isContractor && account.userID != task.author
                && (account.categories.isEmpty || task.draft.category.map(account.categories.contains) == true)
        }.sorted { $0.number < $1.number }
    }
}
