import SocketIOWire

extension OfflineOperation {
    /// Reads one step of a scenario, such as `{"op":"edit","id":"c-1","changes":{…}}`.
    ///
    /// Only the step's shape is checked here; whether the state allows it is checked when it is
    /// applied (OFFL-15). Members an operation does not use are ignored.
    public init(json: JSONValue, path: String) throws(OfflineInputError) {
        let reader = try OfflineFieldReader(json, path: JSONFieldPath(path))
        switch try reader.choice("op", Self.names) {
        case "refresh": self = .refresh
        case "create": self = .create(data: try reader.object("data"))
        case "edit": self = .edit(id: EntityID(try reader.string("id")), changes: try reader.object("changes"))
        case "goOnline": self = .goOnline
        case "goOffline": self = .goOffline
        case "response":
            let seq = Int(try reader.integer("seq", minimum: 1))
            let outcome = ResponseOutcome(rawValue: try reader.choice("outcome", ResponseOutcome.allCases.map(\.rawValue)))!
            self = .response(seq: seq, outcome: outcome, body: try reader.optionalObject("body"))
        case "terminate": self = .terminate
        case "launch": self = .launch(now: try reader.integer("now", minimum: 0))
        case "login": self = .login
        default: self = .enterPIN(accepted: try reader.bool("accepted"))
        }
    }

    /// The operation as a vector step.
    public var json: JSONValue {
        switch self {
        case .create(let data): return ["op": "create", "data": .object(data)]
        case .edit(let id, let changes): return ["op": "edit", "id": .string(id.rawValue), "changes": .object(changes)]
        case .response(let seq, let outcome, let body):
            var object: JSONObject = ["op": "response", "seq": .int(Int64(seq)), "outcome": .string(outcome.rawValue)]
            if let body { object["body"] = .object(body) }
            return .object(object)
        case .launch(let now): return ["op": "launch", "now": .int(now)]
        case .enterPIN(let accepted): return ["op": "enterPIN", "accepted": .bool(accepted)]
        case .refresh, .goOnline, .goOffline, .terminate, .login: return ["op": .string(name)]
        }
    }
}
