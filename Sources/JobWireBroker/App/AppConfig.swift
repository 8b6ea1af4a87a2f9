import JobWire
import SocketIOWire

/// What an app under test is told when a scenario starts: who it is and the timeout in force
/// (the adapter's `start` message, the live broker's `GET /jobwire/session`, Docs/ADAPTER.md).
public struct AppConfig: Sendable, Hashable {
    /// The scenario's name.
    public var scenario: String
    /// Client or worker.
    public var role: TraceRole
    /// The user id (MSG-2).
    public var id: String
    /// The user's name: a client's `clientName`.
    public var name: String
    /// A worker's profile and position, with `userID` (ELIG-10); nil for a client.
    public var profile: JSONValue?
    /// The client's timeout in ms (TIME-2).
    public var timeoutMs: Int64

    /// The configuration of one app for one scenario.
    public init(scenario: String, role: TraceRole, id: String, name: String, profile: JSONValue?, timeoutMs: Int64) {
        self.scenario = scenario
        self.role = role
        self.id = id
        self.name = name
        self.profile = profile
        self.timeoutMs = timeoutMs
    }

    /// `{"role","id","name","timeoutMs","profile"?}`.
    public var json: JSONValue {
        var object: JSONObject = [
            "role": .string(role.rawValue), "id": .string(id), "name": .string(name), "timeoutMs": .int(timeoutMs),
        ]
        if let profile { object["profile"] = profile }
        return .object(object)
    }
}
