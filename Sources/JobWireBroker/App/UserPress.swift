import JobWire
import SocketIOWire

/// A press on the app's own controls, which the app records as a `user.input` (Docs/TRACE.md):
/// the OK of the alert on screen, and the worker's Work Information button and its close button
/// (VIEW-9 ... VIEW-11). The Close Request choice travels as ``UserAction/close(req:outcome:)``.
public enum UserPress: Sendable, Hashable {
    /// The user presses OK (or close) on the alert on screen, if one is.
    case ok
    /// The worker opens the Work Information alert of `req` from its Work in Progress view.
    case openWorkInformation(req: String)
    /// The worker closes the Work Information alert.
    case closeWorkInformation(req: String)

    /// The scenario step's and the adapter input's `action` name.
    public var name: String {
        switch self {
        case .ok: return UserInputName.ok
        case .openWorkInformation: return UserInputName.openWorkInformation
        case .closeWorkInformation: return UserInputName.closeWorkInformation
        }
    }

    /// The request it is about, if any.
    public var req: String? {
        switch self {
        case .ok: return nil
        case .openWorkInformation(let req), .closeWorkInformation(let req): return req
        }
    }

    /// `{"action": ..., "req": ...}`.
    public var json: JSONObject {
        var object: JSONObject = ["action": .string(name)]
        object["req"] = req.map(JSONValue.string)
        return object
    }

    /// Reads a press from an adapter input's `user` object; nil when it is not one.
    init?(json: JSONValue) {
        let req = json["req"]?.stringValue
        switch json["action"]?.stringValue {
        case UserInputName.ok?: self = .ok
        case UserInputName.openWorkInformation?:
            guard let req else { return nil }
            self = .openWorkInformation(req: req)
        case UserInputName.closeWorkInformation?:
            guard let req else { return nil }
            self = .closeWorkInformation(req: req)
        default: return nil
        }
    }
}
