import JobWire
import SocketIOWire

/// Accounts and tokens: the user-exists query, sign-up and log-in (TASK-1 ... TASK-4).
extension TaskBackend {
    /// `GET /api/users/exists?email=` (TASK-1): `exists` is true when an account has that email.
    public func userExists(email: String?) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            guard let email, !email.isEmpty else { throw .badRequest("email", "the email query is required") }
            let exists = faults.contains(.userExistsCaseSensitive) ? accounts.values.contains { $0.email == email } : account(email: email) != nil
            return .success(["exists": .bool(exists)])
        }
    }

    /// `POST /api/auth/signup` (TASK-2): a new account and a session token, or `already_exists`.
    public mutating func signUp(body: JSONValue?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let reader = try RequestBodyReader(body)
            let email = try Self.email(reader)
            let password = try reader.string("password")
            let phoneNumber = try reader.optionalString("phoneNumber")
            let image = try reader.optionalString("image")
            if let image, !TaskDraft.isURL(image) { throw .badRequest("image", "expected an http or https URL, found \"\(image)\"") }
            let name = try reader.optionalString("name")
            let isContractor = try reader.optionalBool("contractor") ?? false
            let categories = try Self.categories(reader)
            if account(email: email) != nil, !faults.contains(.duplicateSignUpAllowed) {
                throw BackendError(.alreadyExists, "an account with email \(email) exists; log in instead")
            }
            let userID = "U-\(nextUserNumber)"
            accounts[userID] = TaskAccount(
                userID: userID, email: email, password: password, name: name,
                phoneNumber: phoneNumber, image: image, isContractor: isContractor, categories: categories, number: nextUserNumber)
            nextUserNumber += 1
            return Self.session(issueToken(for: userID, ttl: settings.sessionTtlMs, now: now))
        }
    }

    /// `POST /api/auth/login` (TASK-3, TASK-4), seed 002's JWT-Auth: a token that lives
    /// `rememberMeTtlMs` with `rememberMe` true and `sessionTtlMs` otherwise, or `unauthorized`.
    public mutating func logIn(body: JSONValue?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let reader = try RequestBodyReader(body)
            let email = try reader.string("email")
            let password = try reader.string("password")
            let rememberMe = try reader.optionalBool("rememberMe") ?? false
            guard let account = account(email: email), account.password == password || faults.contains(.wrongPasswordAccepted) else {
                throw BackendError(.unauthorized, "wrong email or password")
            }
            let long = rememberMe && !faults.contains(.rememberMeIgnored)
            return Self.session(issueToken(for: account.userID, ttl: long ? settings.rememberMeTtlMs : settings.sessionTtlMs, now: now))
        }
    }

    /// The account with `email`, compared without regard to case.
    func account(email: String) -> TaskAccount? {
        let key = email.lowercased()
        return accounts.values.filter { $0.emailKey == key }.min { $0.number < $1.number }
    }

    /// `{"userId", "token", "expiresAt"}` (TASK-2, TASK-3).
    static func session(_ token: TaskSessionToken) -> BackendReply {
        .success(["userId": .string(token.userID), "token": .string(token.token), "expiresAt": .string(ISO8601Time.string(milliseconds: token.expiresAt))])
    }

    /// An email: a string with text on both sides of one `@`.
    static func email(_ reader: RequestBodyReader) throws(BackendError) -> String {
        let email = try reader.string("email")
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !email.contains(" ") else {
            throw .badRequest("email", "expected an email address such as ana@example.com, found \"\(email)\"")
        }
        return email
    }

    /// `categories`: the ids a contractor serves, optional.
    static func categories(_ reader: RequestBodyReader) throws(BackendError) -> [CanonicalID] {
        try reader.optionalIDs("categories")?.map(CanonicalID.init) ?? []
    }
}
