import JobWire
import SocketIOWire

/// A HandyFriends account as the reference backend keeps it (TASK-1, TASK-2, TASK-15, TASK-19).
public struct TaskAccount: Sendable, Hashable {
    /// The backend's id for the user, its `userId` (`U-1`, `U-2` ...).
    public var userID: String
    /// The email as signed up; accounts compare emails without regard to case (TASK-1).
    public var email: String
    /// The password as given. The reference backend keeps accounts in memory for tests only.
    var password: String
    /// The display name, a candidate's `name` (TASK-15); nil when never given, so it reads as null (TASK-19).
    public var name: String?
    /// `phoneNumber`, the seed's "phone number", when given.
    public var phoneNumber: String?
    /// `image`: the URL of the user's picture, when given.
    public var image: String?
    /// True for a user who pressed "become a contractor" (seed 001 settings): a candidate for tasks.
    public var isContractor: Bool
    /// The categories a contractor serves, as canonical ids; empty means every category (TASK-15).
    public var categories: [CanonicalID]
    /// The order of sign-up, for stable candidate lists.
    var number: Int

    /// The account's email in the form accounts are compared by.
    var emailKey: String { email.lowercased() }

    /// A candidate entry of TASK-15: `userId`, `name`, `image` and `rating`; a contractor's
    /// profile (TASK-23) opens with the same members.
    func candidateJSON(rating: Double?) -> JSONObject {
        [
            "userId": .string(userID), "name": name.map(JSONValue.string) ?? .null, "image": image.map(JSONValue.string) ?? .null,
            "rating": rating.map(JSONValue.double) ?? .null,
        ]
    }

    /// The account as `GET /api/users/me` answers it (TASK-19): every member, null (`contractor`
    /// false, `categories` empty) when never given, and `rating` as TASK-18 computes it.
    func userJSON(rating: Double?) -> JSONValue {
        [
            "userId": .string(userID), "email": .string(email), "name": name.map(JSONValue.string) ?? .null,
            "phoneNumber": phoneNumber.map(JSONValue.string) ?? .null, "image": image.map(JSONValue.string) ?? .null,
            "contractor": .bool(isContractor), "categories": .array(categories.map { .string($0.text) }),
            "rating": rating.map(JSONValue.double) ?? .null,
        ]
    }
}

/// A bearer token the backend issued and when it stops being accepted (TASK-3, TASK-4, TASK-6).
public struct TaskSessionToken: Sendable, Hashable {
    /// The opaque token text.
    public var token: String
    /// The account it authenticates.
    public var userID: String
    /// Milliseconds since the epoch from which on the token is refused (AUTH-1's reading of "active").
    public var expiresAt: Int64
}
