import JobWire
import SocketIOWire
@testable import JobWireBroker

/// Shared inputs of the task API tests: a clock reading, a valid task body, and accounts.
enum TaskFixtures {
    /// 2026-01-01T00:00:00Z.
    static let now: Int64 = 1_767_225_600_000
    static let day: Int64 = 86_400_000
    /// The earliest start of ``draft(_:)``: ten days after ``now``.
    static let start: Int64 = now + 10 * day

    /// A valid create or edit body (TASK-7), with members replaced or removed by `changes`
    /// (`nil` removes).
    static func draft(_ changes: [String: JSONValue?] = [:]) -> JSONValue {
        var object: JSONObject = [
            "category": 9, "Description": "Fix the leaking kitchen tap", "image": ["https://img.example.com/tap.jpg"],
            "dates": [["start": .string(ISO8601Time.string(milliseconds: start)), "end": .string(ISO8601Time.string(milliseconds: start + 3_600_000))]],
            "address": "Calle Mayor 1, Madrid", "location": ["lat": 40.4168, "lng": -3.7038],
            "maxBudget": 80, "estimatedDuration": 60,
        ]
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
            if let value { object[key] = value } else { object.members.removeAll { $0.key == key } }
        }
        return .object(object)
    }

    /// A backend with fixed tokens.
    static func backend(_ faults: TaskFaults = []) -> TaskBackend { TaskBackend(faults: faults, seed: 42) }

    /// Signs up `email` and returns its `Authorization` header value and `userId`.
    @discardableResult
    static func user(
        _ backend: inout TaskBackend, _ email: String, contractor: Bool = false, categories: [JSONValue]? = nil, at time: Int64 = now
    ) -> (auth: String, id: String) {
        var body: JSONObject = ["email": .string(email), "password": "secret-1", "name": .string(String(email.prefix { $0 != "@" }))]
        if contractor { body["contractor"] = true }
        if let categories { body["categories"] = .array(categories) }
        let reply = backend.signUp(body: .object(body), now: time)
        return ("Bearer \(reply.body["token"]?.stringValue ?? "?")", reply.body["userId"]?.stringValue ?? "?")
    }

    /// Logs `email` in with remember me, for a token that outlives the cut-off tests (TASK-4).
    static func remembered(_ backend: inout TaskBackend, _ email: String, at time: Int64 = now) -> String {
        let reply = backend.logIn(body: ["email": .string(email), "password": "secret-1", "rememberMe": true], now: time)
        return "Bearer \(reply.body["token"]?.stringValue ?? "?")"
    }

    /// Creates a task for `auth` and returns its `objectId`.
    static func task(_ backend: inout TaskBackend, _ auth: String, at time: Int64 = now, _ changes: [String: JSONValue?] = [:]) -> String {
        backend.createTask(body: draft(changes), token: auth, now: time).body["task"]?["objectId"]?.stringValue ?? "?"
    }

    /// The error code of a failure answer.
    static func code(_ reply: BackendReply) -> String? { reply.body["error"]?["code"]?.stringValue }
    /// The field a `bad_request` names.
    static func field(_ reply: BackendReply) -> String? { reply.body["error"]?["field"]?.stringValue }
}
