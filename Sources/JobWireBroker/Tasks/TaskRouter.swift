import JobWire
import SocketIOWire

/// Routes REST requests to the task API by the profile's routes (TASK-1 ... TASK-26), sharing
/// body parsing and path matching with ``BackendRouter``; the bearer token comes from the
/// `Authorization` header (TASK-6).
public enum TaskRouter {
    /// Handles `request` when its method and path are a TASK call of `profile`; nil when they are
    /// not, so the server can hand it to ``BackendRouter``.
    public static func handle(_ request: RESTRequest, profile: ProtocolProfile, backend: inout TaskBackend, now: Int64) -> BackendReply? {
        guard let call = route(request, profile.taskRoutes) else { return nil }
        let body: JSONValue?
        switch BackendRouter.parseBody(request.body) {
        case .success(let parsed): body = parsed
        case .failure(let error): return .failure(error)
        }
        let token = request.headers["authorization"]
        switch call {
        case .userExists: return backend.userExists(email: request.query["email"])
        case .signUp: return backend.signUp(body: body, now: now)
        case .logIn: return backend.logIn(body: body, now: now)
        case .createTask: return backend.createTask(body: body, token: token, now: now)
        case .listTasks: return backend.listTasks(token: token, now: now)
        case .editTask(let id): return backend.editTask(objectID: id, body: body, token: token, now: now)
        case .cancelTask(let id): return backend.cancelTask(objectID: id, body: body, token: token, now: now)
        case .completeTask(let id): return backend.completeTask(objectID: id, token: token, now: now)
        case .candidates(let id): return backend.candidates(objectID: id, token: token, now: now)
        case .chooseContractor(let id): return backend.chooseContractor(objectID: id, body: body, token: token, now: now)
        case .review(let userID): return backend.review(contractor: userID, body: body, token: token, now: now)
        case .readTask(let id): return backend.readTask(objectID: id, token: token, now: now)
        case .contractor(let userID): return backend.contractorProfile(userID: userID, token: token, now: now)
        case .me: return backend.me(token: token, now: now)
        case .updateMe: return backend.updateMe(body: body, token: token, now: now)
        case .meImage: return backend.setMeImage(body: body, token: token, now: now)
        case .deleteMe: return backend.deleteMe(token: token, now: now)
        }
    }

    /// One call of the task API with the id its path names.
    enum Call: Equatable {
        case userExists, signUp, logIn, createTask, listTasks, me, updateMe, meImage, deleteMe
        case editTask(String), cancelTask(String), completeTask(String), candidates(String), chooseContractor(String)
        case review(String), readTask(String), contractor(String)
    }

    /// The call `request` makes by `routes`, if any.
    static func route(_ request: RESTRequest, _ routes: [TaskCallKind: RESTRoute]) -> Call? {
        for kind in TaskCallKind.allCases {
            guard let id = BackendRouter.match(request, routes[kind]) else { continue }
            switch kind {
            case .userExists: return .userExists
            case .signUp: return .signUp
            case .logIn: return .logIn
            case .createTask: return .createTask
            case .listTasks: return .listTasks
            case .editTask: return .editTask(id)
            case .readTask: return .readTask(id)
            case .cancelTask: return .cancelTask(id)
            case .completeTask: return .completeTask(id)
            case .candidates: return .candidates(id)
            case .chooseContractor: return .chooseContractor(id)
            case .review: return .review(id)
            case .contractor: return .contractor(id)
            case .me: return .me
            case .updateMe: return .updateMe
            case .meImage: return .meImage
            case .deleteMe: return .deleteMe
            // A fixture of the whole server (PlainBackendHost+Fixtures), not a call of the task API.
            case .settings: continue
            }
        }
        return nil
    }
}
