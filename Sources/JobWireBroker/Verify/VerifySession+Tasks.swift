import Foundation
import JobWire
import SocketIOWire

/// A user of the task API signed up by a case: its email, `userId` and session token.
public struct VerifyTaskUser: Sendable {
    public var actor: TraceActor
    public var email: String
    public var userID: String
    public var token: String
}

/// The task API's calls (TASK area), by the profile's ``VerifyProfile/taskPaths``.
extension VerifySession {
    var taskPaths: TaskPaths { profile.taskPaths }

    /// An email unique to this run and case.
    public func email(_ name: String) -> String { "\(id(name))@verify.jobwire.test" }

    /// `METHOD path` with placeholders filled, a JSON body and a bearer token, if given.
    @discardableResult
    public func taskCall(
        _ actor: TraceActor, _ method: String, _ path: String, _ values: [String: String] = [:], body: JSONValue? = nil, token: String? = nil
    ) async throws -> VerifyAnswer {
        try await http.call(actor, "\(method) \(path)", values, body: body.map { .json($0) }, headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    /// Signs `name` up (TASK-2), as a contractor of category 9 when `contractor`.
    public func signUp(_ name: String, contractor: Bool = false) async throws -> VerifyTaskUser {
        let email = email(name)
        var body: JSONObject = ["email": .string(email), "password": "secret-1", "name": .string(name)]
        if contractor {
            body["contractor"] = true
            body["categories"] = [9]
            body["image"] = .string("https://verify.jobwire.test/\(name).png")
        }
        let actor = TraceActor(.client, id: id(name))
        let answer = try await taskCall(actor, "POST", taskPaths.signUp, body: .object(body))
        guard answer.succeeded, let token = answer.body?["token"]?.stringValue, let user = answer.body?["userId"].flatMap(VerifyApp.id) else {
            throw VerifyStepError("the sign-up of \(email) answered \(answer.status) \(answer.body.map { String($0.compactText.prefix(160)) } ?? "with no body")")
        }
        return VerifyTaskUser(actor: actor, email: email, userID: user, token: token)
    }

    /// A valid create or edit body (TASK-7) whose one date starts `startIn` ms from now;
    /// `changes` replace members (`nil` removes).
    public func taskDraft(startIn: Int64 = 10 * 86_400_000, _ changes: [String: JSONValue?] = [:]) -> JSONValue {
        let start = clock.now() + startIn
        var object: JSONObject = [
            "category": 9, "Description": "Fix the leaking kitchen tap (jobwire verify)", "image": ["https://verify.jobwire.test/tap.jpg"],
            "dates": [["start": .string(JobDispatchBackend.iso8601(start)), "end": .string(JobDispatchBackend.iso8601(start + 3_600_000))]],
            "address": "Calle Mayor 1, Madrid", "location": ["lat": 40.4168, "lng": -3.7038],
            "maxBudget": 80, "estimatedDuration": 60,
        ]
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
            if let value { object[key] = value } else { object.members.removeAll { $0.key == key } }
        }
        return .object(object)
    }

    /// Creates a task for `user` (TASK-7) and returns its answer's `task`.
    public func createTask(_ user: VerifyTaskUser, startIn: Int64 = 10 * 86_400_000) async throws -> JSONValue {
        let answer = try await taskCall(user.actor, "POST", taskPaths.tasks, body: taskDraft(startIn: startIn), token: user.token)
        guard answer.succeeded, let task = answer.body?["task"], task["objectId"].flatMap(VerifyApp.id) != nil else {
            throw VerifyStepError("the create task answered \(answer.status) \(answer.body.map { String($0.compactText.prefix(160)) } ?? "with no body")")
        }
        return task
    }
}

extension VerifyAnswer {
    /// `STATUS code` or `STATUS {body…}`, for observed texts.
    var summary: String {
        "\(status) \(code ?? body.map { String($0.compactText.prefix(200)) } ?? "with no body")"
    }
}

extension JSONValue {
    /// The task's `objectId`.
    var objectID: String { self["objectId"].flatMap(VerifyApp.id) ?? "?" }
}
