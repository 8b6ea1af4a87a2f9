import SocketIOWire

/// The caller's own account: read it, update it, set its picture and delete it (TASK-19 ... TASK-22).
extension TaskBackend {
    /// `GET /api/users/me` (TASK-19): the caller's `user`.
    public func me(token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let caller = try authenticate(token, now: now)
            return .success(["user": userJSON(caller)])
        }
    }

    /// `PUT /api/users/me` (TASK-20): the full editable state, `name`, `phoneNumber`, `contractor`
    /// and `categories`, replaces the old one; a member left out is `bad_request` (null is a value),
    /// so an app cannot wipe a field by not knowing it. The email, password and picture stay.
    public mutating func updateMe(body: JSONValue?, token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let reader = try RequestBodyReader(body)
            for key in ["name", "phoneNumber", "contractor", "categories"] where reader.object[key] == nil {
                throw .badRequest(key, "is required: the update carries the account's full editable state; send null to clear it")
            }
            let name = try reader.optionalString("name")
            let phoneNumber = try reader.optionalString("phoneNumber")
            let isContractor = try reader.optionalBool("contractor") ?? false
            let categories = try Self.categories(reader)
            var account = try authenticate(token, now: now)
            account.name = name
            account.phoneNumber = phoneNumber
            account.isContractor = isContractor
            account.categories = categories
            if !faults.contains(.meUpdateNotStored) { accounts[account.userID] = account }
            return .success(["user": userJSON(account)])
        }
    }

    /// `PUT /api/users/me/image` (TASK-21): `image`, a picture's URL or null to remove it.
    public mutating func setMeImage(body: JSONValue?, token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let reader = try RequestBodyReader(body)
            guard let value = reader.object["image"] else { throw .badRequest("image", "is required: a picture's URL, or null to remove it") }
            var image: String?
            if !value.isNull {
                guard let text = value.stringValue, TaskDraft.isURL(text) else {
                    throw .badRequest("image", "expected an http or https URL or null, found \(value.compactText)")
                }
                image = text
            }
            var account = try authenticate(token, now: now)
            guard !faults.contains(.meImageIgnored) else { return .success(["user": userJSON(account)]) }
            account.image = image
            accounts[account.userID] = account
            return .success(["user": userJSON(account)])
        }
    }

    /// `DELETE /api/users/me` (TASK-22): the account, its tokens and its tasks are gone, so the
    /// email is free to sign up again; the reviews it wrote stay in their contractors' ratings.
    public mutating func deleteMe(token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let caller = try authenticate(token, now: now)
            if faults.contains(.deletedTokenAccepted) {
                // A soft delete that frees the email and the candidacy but forgets the sessions.
                accounts[caller.userID]?.email = ""
                accounts[caller.userID]?.isContractor = false
            } else {
                accounts[caller.userID] = nil
                tokens = tokens.filter { $0.value.userID != caller.userID }
            }
            tasks = tasks.filter { $0.value.author != caller.userID }
            reviews[caller.userID] = nil
            return .success(["userId": .string(caller.userID)])
        }
    }

    /// A user as TASK-19 answers it; the `meRatingNotComputed` fault leaves `rating` null.
    func userJSON(_ account: TaskAccount) -> JSONValue {
        account.userJSON(rating: faults.contains(.meRatingNotComputed) ? nil : rating(of: account.userID))
    }
}
