import JobWire
import SocketIOWire

/// Something that happens to the app under test, as the kit tells it: the adapter's `input`
/// message and the live broker's `jobwire:control` event carry these (Docs/ADAPTER.md).
public enum AppInput: Sendable, Hashable {
    /// A Socket.IO event arrived.
    case socket(event: String, payload: JSONValue)
    /// The answer to the app's REST call `xid`: a status and body, or a transport error.
    case http(xid: String, status: Int?, body: JSONValue?, error: String?)
    /// Time passed: the message's `now` is the current time; timers due by then fire.
    case clock
    /// The app goes to the background, comes back, or is terminated and launched again.
    case lifecycle(AppLifecycle)
    /// The app's connection to the backend was lost or is back.
    case connection(connected: Bool)
    /// The app's attempt to connect (its `connect` action) was refused: it stays disconnected
    /// and may try again later (`{"kind":"connection","connected":false,"error":"refused"}`).
    case connectionRefused
    /// The user did something.
    case user(UserAction)

    /// The `input` object of the adapter message.
    public var json: JSONValue {
        switch self {
        case .socket(let event, let payload):
            return ["kind": "socket", "event": .string(event), "payload": payload]
        case .http(let xid, let status, let body, let error):
            var object: JSONObject = ["kind": "http", "xid": .string(xid)]
            if let status { object["status"] = .int(Int64(status)) }
            if let body { object["body"] = body }
            if let error { object["error"] = .string(error) }
            return .object(object)
        case .clock:
            return ["kind": "clock"]
        case .lifecycle(let change):
            return ["kind": "lifecycle", "change": .string(change.rawValue)]
        case .connection(let connected):
            return ["kind": "connection", "connected": .bool(connected)]
        case .connectionRefused:
            return ["kind": "connection", "connected": false, "error": "refused"]
        case .user(let action):
            var object: JSONObject = ["kind": "user"]
            object.members += action.json.members
            return .object(object)
        }
    }

    /// Reads an `input` object; nil when it is not one the kit sends.
    public init?(json: JSONValue) {
        switch json["kind"]?.stringValue {
        case "socket":
            guard let event = json["event"]?.stringValue else { return nil }
            self = .socket(event: event, payload: json["payload"] ?? .null)
        case "http":
            guard let xid = json["xid"]?.stringValue else { return nil }
            self = .http(xid: xid, status: json["status"]?.integerValue.map { Int($0) }, body: json["body"], error: json["error"]?.stringValue)
        case "clock":
            self = .clock
        case "lifecycle":
            guard let change = json["change"]?.stringValue.flatMap(AppLifecycle.init(rawValue:)) else { return nil }
            self = .lifecycle(change)
        case "connection":
            guard let connected = json["connected"]?.boolValue else { return nil }
            self = !connected && json["error"] == "refused" ? .connectionRefused : .connection(connected: connected)
        case "user":
            guard let action = UserAction(json: json) else { return nil }
            self = .user(action)
        default:
            return nil
        }
    }
}

/// The app lifecycle changes a scenario can cause (STATE, TIME-6, TIME-9).
public enum AppLifecycle: String, Sendable, Hashable, CaseIterable {
    case background
    case foreground
    /// Terminated and launched again at once.
    case restart
    /// Terminated, and not launched again until a `relaunch`: it loses its connection and what it
    /// held only in memory; nothing reaches it meanwhile.
    case kill
    /// Launched again by the user after a `kill`.
    case relaunch
}

/// What the user of the app under test does, by the scenario's step.
public enum UserAction: Sendable, Hashable {
    /// The client submits a request with these fields (REST-2); the app adds `clientId`.
    case post(request: JSONObject)
    /// The worker presses Accept on the offer `req`.
    case accept(req: String)
    /// The worker discards the offer `req`.
    case discard(req: String)
    /// Close Request with `happy` or `unhappy`.
    case close(req: String, outcome: String)
    /// The client cancels by hand.
    case cancel(req: String, reason: String)
    /// A press on the app's own controls (``UserPress``): an alert's OK, Work Information.
    case press(UserPress)

    /// `{"action": ..., fields}`.
    public var json: JSONObject {
        switch self {
        case .post(let request): return ["action": "post", "request": .object(request)]
        case .accept(let req): return ["action": "accept", "req": .string(req)]
        case .discard(let req): return ["action": "discard", "req": .string(req)]
        case .close(let req, let outcome): return ["action": "close", "req": .string(req), "outcome": .string(outcome)]
        case .cancel(let req, let reason): return ["action": "cancel", "req": .string(req), "reason": .string(reason)]
        case .press(let press): return press.json
        }
    }

    init?(json: JSONValue) {
        let req = json["req"]?.stringValue
        switch json["action"]?.stringValue {
        case "post":
            guard let request = json["request"]?.objectValue else { return nil }
            self = .post(request: request)
        case "accept":
            guard let req else { return nil }
            self = .accept(req: req)
        case "discard":
            guard let req else { return nil }
            self = .discard(req: req)
        case "close":
            guard let req, let outcome = json["outcome"]?.stringValue else { return nil }
            self = .close(req: req, outcome: outcome)
        case "cancel":
            guard let req, let reason = json["reason"]?.stringValue else { return nil }
            self = .cancel(req: req, reason: reason)
        default:
            guard let press = UserPress(json: json) else { return nil }
            self = .press(press)
        }
    }
}

extension AppInput {
    /// True for a Socket.IO event: what a disconnected app cannot get.
    var isSocketEvent: Bool {
        if case .socket = self { return true }
        return false
    }
}
