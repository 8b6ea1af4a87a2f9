/// The calls of the HandyFriends task API (PROTOCOL.md, TASK area) by the Configuration section's
/// names, and the settings fixture whose answer announces the task boundaries (FIX-5). The profile
/// maps them to routes (``ProtocolProfile/taskRoutes``, a header's `paths`), so the TASK rules
/// know which call an `http.request` is.
public enum TaskCallKind: String, Sendable, Hashable, CaseIterable {
    /// `paths.userExists`: is there an account with this email (TASK-1).
    case userExists
    /// `paths.signUp`: a new account and its token (TASK-2).
    case signUp
    /// `paths.logIn`: a token for an account, remembered or not (TASK-3, TASK-4).
    case logIn
    /// `paths.createTask` (TASK-7).
    case createTask
    /// `paths.listTasks` (TASK-14).
    case listTasks
    /// `paths.editTask` (TASK-10).
    case editTask
    /// `paths.readTask` (TASK-26).
    case readTask
    /// `paths.cancelTask` (TASK-12, TASK-13).
    case cancelTask
    /// `paths.completeTask`: the author marks an assigned task done (TASK-8).
    case completeTask
    /// `paths.candidates` (TASK-15).
    case candidates
    /// `paths.chooseContractor` (TASK-16).
    case chooseContractor
    /// `paths.review` (TASK-17).
    case review
    /// `paths.contractor`: a contractor's profile (TASK-23).
    case contractor
    /// `paths.me`: the caller's account (TASK-19).
    case me
    /// `paths.updateMe` (TASK-20).
    case updateMe
    /// `paths.meImage` (TASK-21).
    case meImage
    /// `paths.deleteMe` (TASK-22).
    case deleteMe
    /// `paths.settings`: the test fixture announcing the timeout and the task boundaries (FIX-3, FIX-5).
    case settings

    /// True for the calls that carry `Authorization: Bearer <token>`: all but the user-exists
    /// query, sign-up and log-in (TASK-6), and the settings fixture, which is no call of the apps.
    public var needsToken: Bool {
        switch self {
        case .userExists, .signUp, .logIn, .settings: return false
        default: return true
        }
    }

    /// True for the calls on one task, named by the path's `{objectId}`.
    public var actsOnTask: Bool {
        switch self {
        case .editTask, .readTask, .cancelTask, .completeTask, .candidates, .chooseContractor: return true
        default: return false
        }
    }
}
