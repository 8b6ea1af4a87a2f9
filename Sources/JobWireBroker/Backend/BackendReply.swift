import JobWire
import SocketIOWire

/// One Socket.IO event the backend sends as the consequence of a call: which event, to which room.
public struct Emission: Sendable, Hashable {
    /// The configured event name (`new`, `apply`, `cancel`, `close` by default).
    public var event: String
    /// The room it goes to: the channel, or a user's own room (MSG-2).
    public var room: String
    /// The single JSON object argument (MSG-1).
    public var payload: JSONValue

    public init(event: String, room: String, payload: JSONValue) {
        self.event = event
        self.room = room
        self.payload = payload
    }

    /// The emission as the backend's `io.out` records it, sent in `namespace` (Docs/TRACE.md).
    public func sent(in namespace: String) -> TraceEventBody {
        .socketOut(SocketMessage(event: event, payload: payload, namespace: namespace, room: room))
    }
}

/// What the backend does for one REST call: the HTTP answer and the events to emit after it.
public struct BackendReply: Sendable, Hashable {
    public var status: Int
    public var body: JSONValue
    /// Events to emit once the response is sent, in order.
    public var emissions: [Emission]
    /// The response's `Content-Type`: `application/json` (REST-1) but for the `answersAsHTML` fault.
    public var contentType = "application/json"

    public init(status: Int, body: JSONValue, emissions: [Emission] = []) {
        self.status = status
        self.body = body
        self.emissions = emissions
    }

    /// A 200 success whose body is `{"ok":true}` plus `fields` (REST-1).
    public static func success(_ fields: JSONObject, emissions: [Emission] = []) -> BackendReply {
        var body: JSONObject = ["ok": true]
        body.members += fields.members
        return BackendReply(status: 200, body: .object(body), emissions: emissions)
    }

    /// The failure answer for `error` (REST-7).
    public static func failure(_ error: BackendError) -> BackendReply {
        BackendReply(status: error.code.status, body: error.body)
    }
}
