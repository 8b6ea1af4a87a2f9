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

/// The task API's calls (TASK area), by the profile's ``ProtocolProfile/taskRoutes``.
extension VerifySession {
    /// An email unique to this run and case.
    public func email(_ name: String) -> String { "\(id(name))@verify.jobwire.test" }

    /// The `call` by the profile's route with placeholders filled, a JSON body and a bearer token, if given.
    /// Never inlined: inlined into a case's closure, Swift 6.3.1's release build crashes splitting
    /// that closure's coroutine (signal 11).
    @discardableResult
    @inline(never)
    public func taskCall(
        _ actor: TraceActor, _ call: TaskCallKind, _ values: [String: String] = [:], body: JSONValue? = nil, token: String? = nil
    ) async throws -> VerifyAnswer {
        guard let route = profile.taskRoutes[call] else { throw VerifyStepError("the profile names no \(call.rawValue) path") }
        return try await http.call(actor, route.description, values, body: body.map { .json($0) }, bearer: token)
    }

    /// Signs `name` up (TASK-2), as a contractor of category 9 when `contractor`; `changes`
    /// replace members of the body (`nil` removes).
    public func signUp(_ name: String, contractor: Bool = false, _ changes: [String: JSONValue?] = [:]) async throws -> VerifyTaskUser {
        let email = email(name)
        var body: JSONObject = ["email": .string(email), "password": "secret-1", "name": .string(name)]
        if contractor {
            body["contractor"] = true
            body["categories"] = [9]
            body["image"] = .string("https://verify.jobwire.test/\(name).png")
        }
        body.apply(changes)
        let actor = TraceActor(.client, id: id(name))
        let answer = try await taskCall(actor, .signUp, body: .object(body))
        guard answer.succeeded, let token = answer.body?["token"]?.stringValue, let user = answer.body?["userId"].flatMap(VerifyApp.id) else {
            throw VerifyStepError("the sign-up of \(email) answered \(answer.status) \(answer.body.map { String($0.compactText.prefix(160)) } ?? "with no body")")
        }
        return VerifyTaskUser(actor: actor, email: email, userID: user, token: token)
    }

    /// A session token for `user` from a log-in (TASK-3), with remember me when `rememberMe` (TASK-4).
    public func logIn(_ user: VerifyTaskUser, rememberMe: Bool) async throws -> String {
        let answer = try await taskCall(user.actor, .logIn, body: ["email": .string(user.email), "password": "secret-1", "rememberMe": .bool(rememberMe)])
        guard answer.succeeded, let token = answer.body?["token"]?.stringValue else { throw VerifyStepError("the log-in of \(user.email) answered \(answer.summary)") }
        return token
    }

    /// The TASK boundaries in force: as the backend announces them in its settings (FIX-5), each
    /// one it leaves out (or every one, without a settings path) at PROTOCOL.md's default.
    public func taskLimits() async throws -> TaskSettings {
        var limits = TaskSettings.standard
        guard let route = profile.taskRoutes[.settings] else { return limits }
        let answer = try await http.call(TraceActor(.client, id: id("settings")), route.description)
        guard answer.succeeded, let body = answer.body else { throw VerifyStepError("the settings fixture answered \(answer.summary)") }
        func announced(_ key: String) -> Int64? { body[key]?.integerValue.flatMap { $0 > 0 ? $0 : nil } }
        limits.taskCancelCutoffMs = announced("taskCancelCutoffMs") ?? limits.taskCancelCutoffMs
        limits.sessionTtlMs = announced("sessionTtlMs") ?? limits.sessionTtlMs
        limits.rememberMeTtlMs = announced("rememberMeTtlMs") ?? limits.rememberMeTtlMs
        return limits
    }

    /// A valid create or edit body (TASK-7) whose one date starts `startIn` ms after `from` (the
    /// run's now when nil); `changes` replace members (`nil` removes).
    public func taskDraft(startIn: Int64 = 10 * 86_400_000, from: Int64? = nil, _ changes: [String: JSONValue?] = [:]) -> JSONValue {
        let start = (from ?? clock.now()) + startIn
        var object: JSONObject = [
            "category": 9, "Description": "Fix the leaking kitchen tap (jobwire verify)", "image": ["https://verify.jobwire.test/tap.jpg"],
            "dates": [["start": .string(ISO8601Time.string(milliseconds: start)), "end": .string(ISO8601Time.string(milliseconds: start + 3_600_000))]],
            "address": "Calle Mayor 1, Madrid", "location": ["lat": 40.4168, "lng": -3.7038],
            "maxBudget": 80, "estimatedDuration": 60,
        ]
        object.apply(changes)
        return .object(object)
    }

    /// Creates a task for `user` (TASK-7) from ``taskDraft(startIn:from:_:)`` and returns its answer's `task`.
    public func createTask(
        _ user: VerifyTaskUser, startIn: Int64 = 10 * 86_400_000, from: Int64? = nil, _ changes: [String: JSONValue?] = [:]
    ) async throws -> JSONValue {
        let answer = try await taskCall(user.actor, .createTask, body: taskDraft(startIn: startIn, from: from, changes), token: user.token)
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

extension JSONObject {
    /// Replaces members by `changes`, removing those set to nil, in key order.
    mutating func apply(_ changes: [String: JSONValue?]) {
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
            if let value { self[key] = value } else { members.removeAll { $0.key == key } }
        }
    }
}
