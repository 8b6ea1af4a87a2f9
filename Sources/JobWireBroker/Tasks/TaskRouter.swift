import SocketIOWire

/// Routes REST requests to the task API by its configured paths (TASK-1 ... TASK-26), sharing
/// body parsing and path matching with ``BackendRouter``; the bearer token comes from the
/// `Authorization` header (TASK-6).
public enum TaskRouter {
    /// Handles `request` when its method and path are a TASK call; nil when they are not, so the
    /// server can hand it to ``BackendRouter``.
    public static func handle(_ request: RESTRequest, backend: inout TaskBackend, now: Int64) -> BackendReply? {
        guard let call = route(request, backend.settings.paths) else { return nil }
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

    /// The call `request` makes, if any.
    static func route(_ request: RESTRequest, _ paths: TaskPaths) -> Call? {
        let path = request.path
        switch request.method {
        case "GET":
            if path == paths.userExists { return .userExists }
            if path == paths.tasks { return .listTasks }
            if path == paths.me { return .me }
            if let id = BackendRouter.match(path, paths.candidates) { return .candidates(id) }
            if let id = BackendRouter.match(path, paths.task) { return .readTask(id) }
            if let id = BackendRouter.match(path, paths.contractor) { return .contractor(id) }
        case "POST":
            if path == paths.signUp { return .signUp }
            if path == paths.logIn { return .logIn }
            if path == paths.tasks { return .createTask }
            if let id = BackendRouter.match(path, paths.cancelTask) { return .cancelTask(id) }
            if let id = BackendRouter.match(path, paths.completeTask) { return .completeTask(id) }
            if let id = BackendRouter.match(path, paths.review) { return .review(id) }
        case "PUT":
            if let id = BackendRouter.match(path, paths.chooseContractor) { return .chooseContractor(id) }
            if let id = BackendRouter.match(path, paths.task) { return .editTask(id) }
            if path == paths.me { return .updateMe }
            if path == paths.meImage { return .meImage }
        case "DELETE":
            if path == paths.me { return .deleteMe }
        default:
            break
        }
        return nil
    }
}
