import SocketIOWire

/// The TASK area's configurable boundaries: token lifetimes and the cancel cut-off (its paths are
/// the profile's, ``ProtocolProfile/taskRoutes``).
public struct TaskSettings: Sendable, Hashable {
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
