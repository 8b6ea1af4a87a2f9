import SocketIOWire

/// The REST paths of the HandyFriends task API (PROTOCOL.md, Configuration, `paths.*` of the
/// TASK area); a placeholder in braces stands for one path segment.
public struct TaskPaths: Sendable, Hashable {
    /// `paths.userExists`, with the `email` query (TASK-1).
    public var userExists = "/api/users/exists"
    /// `paths.signUp` (TASK-2).
    public var signUp = "/api/auth/signup"
    /// `paths.logIn`, seed 002's JWT-Auth (TASK-3, AUTH-4).
    public var logIn = "/api/auth/login"
    /// `paths.createTask` (POST) and `paths.listTasks` (GET) (TASK-7, TASK-14).
    public var tasks = "/api/tasks"
    /// `paths.editTask` (PUT) and `paths.readTask` (GET) (TASK-10, TASK-26).
    public var task = "/api/tasks/{objectId}"
    /// `paths.cancelTask` (TASK-12, TASK-13).
    public var cancelTask = "/api/tasks/{objectId}/cancel"
    /// `paths.completeTask`: the author marks an assigned task done (TASK-8, TASK-11).
    public var completeTask = "/api/tasks/{objectId}/complete"
    /// `paths.candidates` (TASK-15).
    public var candidates = "/api/tasks/{objectId}/contractors"
    /// `paths.chooseContractor` (TASK-16).
    public var chooseContractor = "/api/tasks/{objectId}/contractor"
    /// `paths.review` (TASK-17).
    public var review = "/api/contractors/{userId}/reviews"
    /// `paths.contractor`: a contractor's profile, reviews and past work (TASK-23).
    public var contractor = "/api/contractors/{userId}"
    /// `paths.me` (GET), `paths.updateMe` (PUT) and `paths.deleteMe` (DELETE): the caller's
    /// account (TASK-19, TASK-20, TASK-22).
    public var me = "/api/users/me"
    /// `paths.meImage`: the caller's profile image (TASK-21).
    public var meImage = "/api/users/me/image"

    /// The defaults of PROTOCOL.md.
    public init() {}
}

/// The TASK area's configurable settings: paths, token lifetimes and the cancel cut-off.
public struct TaskSettings: Sendable, Hashable {
    /// The REST paths.
    public var paths = TaskPaths()
    /// `sessionTtlMs`: how long a token lives without remember me, default 1 day (TASK-4).
    public var sessionTtlMs: Int64 = 86_400_000
    /// `rememberMeTtlMs`: how long a token lives with remember me, default 30 days (TASK-4).
    public var rememberMeTtlMs: Int64 = 2_592_000_000
    /// `taskCancelCutoffMs`: how long before a task's earliest date a cancel is refused, default 2 days (TASK-13).
    public var taskCancelCutoffMs: Int64 = 172_800_000

    /// The defaults of PROTOCOL.md.
    public static let standard = TaskSettings()

    /// The boundaries as the settings fixture announces them (FIX-5), so a test can try TASK-4
    /// and TASK-13 on both sides of them.
    public var announced: JSONObject {
        ["taskCancelCutoffMs": .int(taskCancelCutoffMs), "sessionTtlMs": .int(sessionTtlMs), "rememberMeTtlMs": .int(rememberMeTtlMs)]
    }

    /// The defaults of PROTOCOL.md.
    public init() {}
}
