/// The names a deployment gives the protocol (PROTOCOL.md, Configuration): the events' wire names,
/// the namespace, the channel room, the REST routes of the job flow, the task API and the test
/// fixtures, and the client's timeout when the deployment fixes one. Backends that differ only in
/// naming are configured, not forked.
///
/// This is the one place that says PROTOCOL.md's defaults (``standard``). Every user reads its view
/// from here: the reference backend routes and emits by it, the kit's apps and `jobwire verify`
/// call by it, and a trace header carries it as `events`, `namespace`, `rooms.channel` and `paths`
/// (Docs/TRACE.md). A profile file sets any of it (``load(path:)``).
public struct ProtocolProfile: Sendable, Hashable {
    /// `events`: the wire name of each protocol event (MSG-1).
    public var eventNames: [ProtocolEvent: String]
    /// `namespace`: the Socket.IO namespace the events travel in (MSG-1).
    public var namespace: String
    /// `rooms.channel`: the room every worker socket joins (MSG-2).
    public var channelRoom: String
    /// `paths` of the job flow's calls (REST-2 ... REST-6, REST-15 ... REST-18, the `{ReqID}`,
    /// `{workerId}` and `{userId}` placeholders filled per call), and of the worker and client
    /// fixtures (FIX-1, FIX-2), each absent when the backend has no such hook.
    public var routes: [RESTCallKind: RESTRoute]
    /// `paths` of the task API (TASK area), and of the settings fixture that announces the
    /// timeout and the task boundaries (FIX-3, FIX-5), absent when the backend announces nothing.
    public var taskRoutes: [TaskCallKind: RESTRoute]
    /// `paths.clockFixture`: moves the backend's clock (FIX-4); nil when it has no such hook.
    public var clockFixture: RESTRoute?
    /// `timeoutMs`: the client's timeout (TIME-2) when the deployment fixes one; nil leaves it to
    /// the backend's announcement (FIX-3) or PROTOCOL.md's 600000.
    public var timeoutMs: Int64?

    /// The defaults of PROTOCOL.md.
    public static let standard = ProtocolProfile()

    /// The defaults of PROTOCOL.md's Configuration section.
    public init() {
        eventNames = [.new: "new", .apply: "apply", .cancel: "cancel", .close: "close"]
        namespace = "/"
        channelRoom = "workers"
        routes = Self.parsed([
            .postRequest: "POST /api/requests",
            .workerAccept: "POST /api/requests/{ReqID}/accept",
            .getJobs: "GET /api/jobs?workerId={workerId}",
            .cancel: "POST /api/requests/{ReqID}/cancel",
            .close: "POST /api/requests/{ReqID}/close",
            .getRequest: "GET /api/requests/{ReqID}",
            .listRequests: "GET /api/requests?userId={userId}",
            .meProfile: "GET /api/workers/{workerId}",
            .position: "PUT /api/workers/{workerId}/position",
            .workerFixture: "PUT /api/workers/{workerId}",
            .clientFixture: "PUT /api/clients/{clientId}",
        ])
        taskRoutes = Self.parsed([
            .userExists: "GET /api/users/exists?email={email}",
            .signUp: "POST /api/auth/signup",
            .logIn: "POST /api/auth/login",
            .createTask: "POST /api/tasks",
            .listTasks: "GET /api/tasks",
            .editTask: "PUT /api/tasks/{objectId}",
            .readTask: "GET /api/tasks/{objectId}",
            .cancelTask: "POST /api/tasks/{objectId}/cancel",
            .completeTask: "POST /api/tasks/{objectId}/complete",
            .candidates: "GET /api/tasks/{objectId}/contractors",
            .chooseContractor: "PUT /api/tasks/{objectId}/contractor",
            .review: "POST /api/contractors/{userId}/reviews",
            .contractor: "GET /api/contractors/{userId}",
            .me: "GET /api/users/me",
            .updateMe: "PUT /api/users/me",
            .meImage: "PUT /api/users/me/image",
            .deleteMe: "DELETE /api/users/me",
            .settings: "GET /api/settings",
        ])
        clockFixture = RESTRoute("POST /api/clock")
        timeoutMs = nil
    }

    /// The wire name of `event`.
    public func name(of event: ProtocolEvent) -> String { eventNames[event] ?? event.rawValue }

    /// The protocol event a wire event name stands for, if any.
    public func event(named name: String) -> ProtocolEvent? {
        for (event, wireName) in eventNames where wireName == name { return event }
        return nil
    }

    private static func parsed<Call: Hashable>(_ table: [Call: String]) -> [Call: RESTRoute] {
        table.mapValues { RESTRoute($0)! }
    }
}
