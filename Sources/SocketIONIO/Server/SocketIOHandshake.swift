import SocketIOWire

/// What a client presented when it joined a namespace: its CONNECT payload and its first request.
///
/// The broker reads its per-connection credentials from here: ``auth`` is the CONNECT payload
/// (`40{"token":"..."}`), ``query`` and ``headers`` come from the HTTP request that opened the
/// Engine.IO session.
public struct SocketIOHandshake: Sendable, Hashable {
    /// The namespace being joined.
    public var namespace: String
    /// The CONNECT payload; an empty object when the client sent none.
    public var auth: JSONObject
    /// The query parameters of the request that opened the session (`EIO`, `transport`, ... included).
    public var query: [String: String]
    /// The headers of that request, names in lower case; repeated headers joined by `, `.
    public var headers: [String: String]
    /// The Engine.IO session id.
    public var engineIOSessionID: String
    /// The client's address, e.g. `127.0.0.1:51234`, when known.
    public var remoteAddress: String?

    /// Creates a handshake description.
    public init(
        namespace: String,
        auth: JSONObject,
        query: [String: String] = [:],
        headers: [String: String] = [:],
        engineIOSessionID: String,
        remoteAddress: String? = nil
    ) {
        self.namespace = namespace
        self.auth = auth
        self.query = query
        self.headers = headers
        self.engineIOSessionID = engineIOSessionID
        self.remoteAddress = remoteAddress
    }
}
