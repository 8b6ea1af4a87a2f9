/// The JSON an Engine.IO `open` packet carries: session id, upgrades and timing limits.
///
/// Implements engine.io-protocol §Handshake. Encoding writes exactly the keys `sid`,
/// `upgrades`, `pingInterval`, `pingTimeout`, `maxPayload`, in that order, as the official
/// test suite checks (it asserts the key set; the reference writes this order). Decoding
/// requires the five keys with the right JSON types and ignores any others.
public struct EngineIOHandshake: Sendable, Hashable {
    /// The session id the client must send back as the `sid` query parameter.
    public var sid: String
    /// The transports the client may upgrade to: `["websocket"]` on polling, `[]` on a WebSocket.
    public var upgrades: [String]
    /// Milliseconds between the server's pings.
    public var pingInterval: Int
    /// Milliseconds the server waits for a pong before it closes the session.
    public var pingTimeout: Int
    /// The largest polling payload, in bytes, a client should send.
    public var maxPayload: Int

    /// The five keys of the handshake object, in the order they are written.
    public static let keys = ["sid", "upgrades", "pingInterval", "pingTimeout", "maxPayload"]

    /// Creates a handshake; the defaults are the reference server's (25 s, 20 s, 1 MB).
    public init(
        sid: String,
        upgrades: [String] = ["websocket"],
        pingInterval: Int = 25_000,
        pingTimeout: Int = 20_000,
        maxPayload: Int = 1_000_000
    ) {
        self.sid = sid
        self.upgrades = upgrades
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
        self.maxPayload = maxPayload
    }

    /// The handshake as an ordered JSON object.
    public var json: JSONValue {
        .object(JSONObject([
            .init(key: "sid", value: .string(sid)),
            .init(key: "upgrades", value: .array(upgrades.map(JSONValue.string))),
            .init(key: "pingInterval", value: .int(Int64(pingInterval))),
            .init(key: "pingTimeout", value: .int(Int64(pingTimeout))),
            .init(key: "maxPayload", value: .int(Int64(maxPayload))),
        ]))
    }

    /// The compact JSON text, e.g. `{"sid":"lv_VI97HAXpY6yYWAAAC","upgrades":["websocket"],...}`.
    public var jsonText: String { json.compactText }

    /// Reads a handshake from a JSON value; `offset` is where that value starts, for the error.
    public init(json: JSONValue, offset: Int = 0) throws(SocketIOWireError) {
        guard let object = json.objectValue else {
            throw SocketIOWireError(.invalidHandshake, "the handshake must be a JSON object, not \(json.typeDescription)", at: offset)
        }
        func fail(_ reason: String) -> SocketIOWireError { SocketIOWireError(.invalidHandshake, reason, at: offset) }
        guard let sid = object["sid"]?.stringValue else { throw fail("\"sid\" must be a string") }
        guard let upgradeValues = object["upgrades"]?.arrayValue else { throw fail("\"upgrades\" must be an array") }
        var upgrades: [String] = []
        for value in upgradeValues {
            guard let name = value.stringValue else { throw fail("\"upgrades\" must hold only strings") }
            upgrades.append(name)
        }
        func milliseconds(_ key: String) throws(SocketIOWireError) -> Int {
            guard let value = object[key]?.integerValue, value >= 0, value <= Int64(Int32.max) else {
                throw fail("\"\(key)\" must be a non-negative integer below 2^31")
            }
            return Int(value)
        }
        self.init(
            sid: sid,
            upgrades: upgrades,
            pingInterval: try milliseconds("pingInterval"),
            pingTimeout: try milliseconds("pingTimeout"),
            maxPayload: try milliseconds("maxPayload")
        )
    }

    /// Parses a handshake from JSON text; `offset` is added to error offsets.
    public init(jsonText: some Collection<UInt8>, offset: Int = 0) throws(SocketIOWireError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(jsonText)
        } catch {
            throw SocketIOWireError(.invalidHandshake, "the handshake is not valid JSON: \(error.reason)", at: offset + error.offset)
        }
        try self.init(json: value, offset: offset)
    }
}
