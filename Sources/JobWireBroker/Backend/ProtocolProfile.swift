/// The names a deployment gives the protocol's events, rooms and REST paths (PROTOCOL.md,
/// Configuration): backends that differ only in naming are configured, not forked.
public struct ProtocolProfile: Sendable, Hashable {
    /// Socket.IO event names (MSG-1).
    public var newEvent = "new"
    public var applyEvent = "apply"
    public var cancelEvent = "cancel"
    public var closeEvent = "close"
    /// The namespace the events travel in (MSG-1).
    public var namespace = "/"
    /// The room every worker socket joins (MSG-2).
    public var channelRoom = "workers"
    /// REST paths; `{ReqID}` is replaced by the request id (REST-2 ... REST-6, REST-19).
    public var postRequestPath = "/api/requests"
    public var workerAcceptPath = "/api/requests/{ReqID}/accept"
    public var getJobsPath = "/api/jobs"
    public var cancelPath = "/api/requests/{ReqID}/cancel"
    public var closePath = "/api/requests/{ReqID}/close"
    /// A request's state (REST-15), the user's requests with `userId` in the query (REST-16), a
    /// worker's meProfile (REST-17) and its position report (REST-18); `{workerId}` is the worker's id.
    public var getRequestPath = "/api/requests/{ReqID}"
    public var listRequestsPath = "/api/requests"
    public var meProfilePath = "/api/workers/{workerId}"
    public var positionPath = "/api/workers/{workerId}/position"
    /// Kit-side test fixtures (PROTOCOL.md, FIX area): `PUT` a worker's record, `PUT` a client's
    /// record, `GET` the settings the backend announces, `POST` a move of its clock; nil when the
    /// backend has no such hook.
    public var workerFixturePath: String? = "/api/workers/{workerId}"
    public var clientFixturePath: String? = "/api/clients/{clientId}"
    public var settingsPath: String? = "/api/settings"
    public var clockFixturePath: String? = "/api/clock"

    /// The defaults of PROTOCOL.md.
    public static let standard = ProtocolProfile()

    public init() {}
}
