import SocketIOWire

/// An error answer to an Engine.IO HTTP request: the status, and the `{"code","message"}` body.
///
/// Implements the reference server's error table (`Server.errors` and `abortRequest` in
/// engine.io `server.ts`): codes 0 to 5 answer 400 (403 for a refused request) with a JSON body;
/// an oversized POST answers 413 and an unsupported method on a known session 500, both empty.
struct EngineIOHTTPError: Sendable, Hashable, Error, CustomStringConvertible {
    /// The HTTP status code.
    let status: Int
    /// The Engine.IO error code of the JSON body; nil for an empty body.
    let code: Int?
    /// The message of the JSON body.
    let message: String

    /// `transport` is missing or names no transport this server offers (code 0).
    static let unknownTransport = EngineIOHTTPError(status: 400, code: 0, message: "Transport unknown")
    /// `sid` names no open session (code 1).
    static let unknownSessionID = EngineIOHTTPError(status: 400, code: 1, message: "Session ID unknown")
    /// A handshake (no `sid`) with a method other than GET (code 2).
    static let badHandshakeMethod = EngineIOHTTPError(status: 400, code: 2, message: "Bad handshake method")
    /// A request that fits no rule: a transport mismatch after an upgrade, an overlapping poll,
    /// a WebSocket request without `Upgrade`, a malformed body (code 3).
    static let badRequest = EngineIOHTTPError(status: 400, code: 3, message: "Bad request")
    /// `EIO` is missing or not `4` on a handshake (code 5).
    static let unsupportedProtocolVersion = EngineIOHTTPError(status: 400, code: 5, message: "Unsupported protocol version")
    /// A POST body longer than `maxPayload` (413, empty body).
    static let payloadTooLarge = EngineIOHTTPError(status: 413, code: nil, message: "")
    /// A method other than GET, POST (or OPTIONS with CORS) on a known session (500, empty body).
    static let unsupportedMethod = EngineIOHTTPError(status: 500, code: nil, message: "")
    /// A path this server does not serve (404, empty body).
    static let notFound = EngineIOHTTPError(status: 404, code: nil, message: "")

    /// The JSON body, `{"code":N,"message":"..."}`, or empty when there is no code.
    var body: String {
        guard let code else { return "" }
        let json: JSONValue = ["code": .int(Int64(code)), "message": .string(message)]
        return json.compactText
    }

    /// `400 code 1 (Session ID unknown)`.
    var description: String {
        code.map { "\(status) code \($0) (\(message))" } ?? "\(status)"
    }
}
