import SocketIOWire

/// One thing that happens to an app in the offline workflow: a user action, a connectivity
/// change, a response from the backend, or the app's own lifecycle.
public enum OfflineOperation: Sendable, Hashable {
    /// The automatic list refresh (OFFL-1, OFFL-2).
    case refresh
    /// The user creates an entity with `data` (OFFL-3 ... OFFL-5).
    case create(data: JSONObject)
    /// The user changes some fields of entity `id`; the app pushes its full state (OFFL-7 ... OFFL-10, OFFL-14).
    case edit(id: EntityID, changes: JSONObject)
    /// Connectivity returns (OFFL-11, OFFL-13).
    case goOnline
    /// Connectivity goes, or a request meets a transport error (OFFL-11).
    case goOffline
    /// The backend answers request `seq`; a successful create, list or login needs its `body`.
    case response(seq: Int, outcome: ResponseOutcome, body: JSONObject?)
    /// The app is terminated; the queue stays on the device (OFFL-12).
    case terminate
    /// The app is launched at `now`, in ms since the epoch, and decides where to go (AUTH-1 ... AUTH-7).
    case launch(now: Int64)
    /// The user logs in on the login screen (AUTH-4).
    case login
    /// The user enters a PIN, which the device accepts or refuses (AUTH-6, AUTH-7).
    case enterPIN(accepted: Bool)

    /// The operation's wire name, the `op` of a vector step: `refresh`, `create`, `goOnline` ...
    public var name: String {
        switch self {
        case .refresh: return "refresh"
        case .create: return "create"
        case .edit: return "edit"
        case .goOnline: return "goOnline"
        case .goOffline: return "goOffline"
        case .response: return "response"
        case .terminate: return "terminate"
        case .launch: return "launch"
        case .login: return "login"
        case .enterPIN: return "enterPIN"
        }
    }

    /// Every wire name, in the order Docs/ADAPTER.md lists them.
    public static let names = ["refresh", "create", "edit", "goOnline", "goOffline", "response", "terminate", "launch", "login", "enterPIN"]
}

/// How the backend answered a request: with its result or with a failure body (OFFL-11).
public enum ResponseOutcome: String, Sendable, Hashable, CaseIterable {
    /// The request succeeded; its body carries the result.
    case ok
    /// The backend refused the request; it leaves the queue and changes nothing, except that a refused create is undone (OFFL-6).
    case failure
}
