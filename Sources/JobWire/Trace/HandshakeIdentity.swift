import SocketIOWire

/// The identity an app claims in its Socket.IO handshake `auth` (MSG-2), read the one way a backend
/// must read it before accepting the connection (MSG-16): `userId` an id (a non-empty string or an
/// integer, ELIG-2) and `role` `client` or `worker`; other members are ignored.
///
/// The reference backend refuses with ``HandshakeIdentity/problem(in:)``'s text and the checker
/// judges a recorded `auth` with the same function, so the two cannot drift apart.
public struct HandshakeIdentity: Sendable, Hashable {
    /// `auth.userId` as canonical text.
    public var userID: CanonicalID
    /// `auth.role`.
    public var role: TraceRole

    /// An identity that is well formed by construction.
    public init(userID: CanonicalID, role: TraceRole) {
        self.userID = userID
        self.role = role
    }

    /// Reads `auth` (nil when the handshake carried none), or nil when it is malformed.
    public init?(auth: JSONValue?) {
        guard Self.problem(in: auth) == nil, let object = auth?.objectValue,
            let userID = object["userId"].flatMap(CanonicalID.init(json:)),
            let role = object["role"]?.stringValue.flatMap(TraceRole.init(rawValue:))
        else { return nil }
        self.init(userID: userID, role: role)
    }

    /// Why a backend must refuse `auth` (MSG-16), or nil when it is well formed.
    public static func problem(in auth: JSONValue?) -> String? {
        guard let auth else { return "the handshake has no auth (MSG-16)" }
        guard let object = auth.objectValue else { return "auth is \(auth.typeDescription), not an object (MSG-16)" }
        guard let rawID = object["userId"] else { return "auth.userId is missing (MSG-16)" }
        guard let id = CanonicalID(json: rawID) else { return "auth.userId: \(CanonicalID.refusal(of: rawID)) (MSG-16)" }
        if id.text.isEmpty { return "auth.userId is an empty string (MSG-16)" }
        guard let role = object["role"] else { return "auth.role is missing (MSG-16)" }
        guard role == "client" || role == "worker" else {
            return "auth.role must be \"client\" or \"worker\", found \(role.compactText) (MSG-16)"
        }
        return nil
    }

    /// One handshake auth for each way to be malformed (MSG-16): no `userId`, an empty, fractional,
    /// boolean, object or null one, no `role`, an unknown, wrongly cased or non-string one. Verify
    /// tries each, and the tests hold ``problem(in:)`` to finding something in every one.
    public static let malformedExamples: [JSONObject] = [
        [:], ["role": "client"], ["userId": "", "role": "client"], ["userId": 1.5, "role": "worker"],
        ["userId": true, "role": "client"], ["userId": ["id": "u-1"], "role": "worker"], ["userId": .null, "role": "client"],
        ["userId": "u-1"], ["userId": "u-1", "role": "admin"], ["userId": "u-1", "role": "Worker"], ["userId": "u-1", "role": 1],
    ]
}
