import JobWire
import SocketIOWire

/// Something the app under test did, as it tells the kit: one element of an adapter's `actions`
/// (Docs/ADAPTER.md), or a `jobwire:trace` report of a live app (Docs/BROKER.md).
public enum AppAction: Sendable, Hashable {
    /// A REST call (`{"do":"http","xid","method","path","body","timeoutMs"}`); the kit answers with
    /// an `http` input. With `timeoutMs`, a call still unanswered that long after (a `hang` step)
    /// gets an `http` input with the error `timeout` then: the app gave up waiting.
    case http(xid: String, method: String, path: String, body: JSONValue?, timeoutMs: Int64? = nil)
    /// The app tries to connect again after losing its connection (`{"do":"connect"}`); the kit
    /// answers with a `connection` input: connected, or refused while the network is down or a
    /// `refuse-connect` step holds.
    case connect
    /// A Socket.IO event the app emitted (`{"do":"emit","event","payload"}`).
    case emit(event: String, payload: JSONValue?)
    /// A timer the app set (`{"do":"timer","at"}`): the kit sends a `clock` input at that time.
    case timer(at: Int64)
    /// A UI, timer or lifecycle event in the TRACE.md format (`{"kind": ..., fields}`), recorded as
    /// the app's; `ts` is the input's `now` unless given.
    case trace(kind: TraceEventKind, fields: JSONObject, ts: Int64?)

    /// Trace kinds an app may report; the kit records the wire (`io.*`, `http.*`) itself.
    public static let reportableKinds: Set<TraceEventKind> = Set(TraceEventKind.allCases).subtracting([
        .socketIn, .socketOut, .httpRequest, .httpResponse, .traceEnd,
    ])

    /// A trace action of `kind` with `fields`.
    public static func event(_ kind: TraceEventKind, _ fields: JSONObject = [:]) -> AppAction {
        .trace(kind: kind, fields: fields, ts: nil)
    }

    /// Reads one action; a malformed one is an error naming the member at fault.
    public init(json: JSONValue) throws(AppProtocolError) {
        guard let object = json.objectValue else { throw AppProtocolError("an action must be a JSON object, found \(json.typeDescription)") }
        if let kindText = object["kind"] {
            guard let text = kindText.stringValue, let kind = TraceEventKind(rawValue: text) else {
                throw AppProtocolError("kind: unknown trace kind \(kindText.compactText); Docs/TRACE.md lists the kinds")
            }
            guard Self.reportableKinds.contains(kind) else {
                throw AppProtocolError("kind: \(text) is recorded by the kit from the wire; report only UI, offer, timer, lifecycle and profile events")
            }
            var fields = JSONObject()
            var ts: Int64?
            for member in object.members {
                switch member.key {
                case "kind", "actor", "id": continue
                case "ts":
                    guard let value = member.value.integerValue else { throw AppProtocolError("ts: expected a whole number of ms, found \(member.value.compactText)") }
                    ts = value
                default: fields.members.append(member)
                }
            }
            self = .trace(kind: kind, fields: fields, ts: ts)
            return
        }
        switch object["do"]?.stringValue {
        case "http":
            guard let xid = object["xid"]?.idText else { throw AppProtocolError("xid: an http action needs a string or integer xid") }
            guard let method = object["method"]?.stringValue, !method.isEmpty else { throw AppProtocolError("method: an http action needs a method such as \"POST\"") }
            guard let path = object["path"]?.stringValue, path.hasPrefix("/") else { throw AppProtocolError("path: an http action needs a path starting with /") }
            var timeoutMs: Int64?
            if let value = object["timeoutMs"] {
                guard let ms = value.integerValue, ms > 0 else { throw AppProtocolError("timeoutMs: expected a positive whole number of ms, found \(value.compactText)") }
                timeoutMs = ms
            }
            self = .http(xid: xid, method: method.uppercased(), path: path, body: object["body"].flatMap { $0.isNull ? nil : $0 }, timeoutMs: timeoutMs)
        case "connect":
            self = .connect
        case "emit":
            guard let event = object["event"]?.stringValue, !event.isEmpty else { throw AppProtocolError("event: an emit action needs an event name") }
            self = .emit(event: event, payload: object["payload"])
        case "timer":
            guard let at = object["at"]?.integerValue else { throw AppProtocolError("at: a timer action needs a whole number of ms since the epoch") }
            self = .timer(at: at)
        case let other?:
            throw AppProtocolError("do: unknown action \"\(other)\"; expected http, emit, timer or connect (or a trace event with kind)")
        case nil:
            throw AppProtocolError("an action needs \"do\" (http, emit, timer, connect) or \"kind\" (a trace event)")
        }
    }

    /// The action as an adapter writes it.
    public var json: JSONValue {
        switch self {
        case .http(let xid, let method, let path, let body, let timeoutMs):
            var object: JSONObject = ["do": "http", "xid": .string(xid), "method": .string(method), "path": .string(path)]
            if let body { object["body"] = body }
            if let timeoutMs { object["timeoutMs"] = .int(timeoutMs) }
            return .object(object)
        case .connect:
            return ["do": "connect"]
        case .emit(let event, let payload):
            var object: JSONObject = ["do": "emit", "event": .string(event)]
            if let payload { object["payload"] = payload }
            return .object(object)
        case .timer(let at):
            return ["do": "timer", "at": .int(at)]
        case .trace(let kind, let fields, let ts):
            var object: JSONObject = ["kind": .string(kind.rawValue)]
            if let ts { object["ts"] = .int(ts) }
            object.members += fields.members
            return .object(object)
        }
    }
}

/// An app under test broke the scenario protocol: a malformed action, answer or report.
public struct AppProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, naming the member at fault.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
