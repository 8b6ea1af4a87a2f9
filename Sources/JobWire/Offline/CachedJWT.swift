/// The token in the app's local JWT cache and when it expires (AUTH-1, AUTH-4).
public struct CachedJWT: Sendable, Hashable {
    /// The token as the JWT-Auth response gave it; the model never looks inside it.
    public var token: String
    /// The expiry in milliseconds since the Unix epoch: the `exp` claim or the stored `expiresAt`.
    public var expiresAt: Int64

    /// A cached token with its expiry.
    public init(token: String, expiresAt: Int64) {
        self.token = token
        self.expiresAt = expiresAt
    }

    /// AUTH-1: the token is active only while its expiry is later than `now`; at `now` it has expired.
    public func isActive(at now: Int64) -> Bool {
        expiresAt > now
    }
}
