/// One REST call of PROTOCOL.md as the OpenAPI document describes it: its route in a profile, the
/// shapes of its body and success answer, the statuses its failures come with, and whether it
/// carries a bearer token (TASK area).
public struct ContractOperation: Sendable, Hashable {
    /// The operation id: the profile's name of the call (`postRequest`, `createTask`, `clockFixture`).
    public var id: String
    public var route: RESTRoute
    public var summary: String
    public var requirements: [RequirementID]
    /// The name of the request body's shape, nil for a call without a body.
    public var body: String?
    /// The name of the success answer's shape.
    public var answer: String
    /// The failure statuses PROTOCOL.md gives the call (REST-7's codes go with them).
    public var errors: [Int]
    public var bearer: Bool

    /// The calls of `profile`: the job flow's, the task API's and the fixtures', in the document's order; a call the profile has no path for is left out.
    public static func all(in profile: ProtocolProfile) -> [ContractOperation] {
        var operations: [ContractOperation] = []
        for call in RESTCallKind.allCases {
            guard let route = profile.routes[call] else { continue }
            let (summary, requirements, errors) = jobFlow(call)
            operations.append(ContractOperation(
                id: call.rawValue, route: route, summary: summary, requirements: requirements, body: ContractShapes.requestBody(call)?.name,
                answer: ContractShapes.answer(call).name, errors: errors + [500], bearer: false))
        }
        for call in TaskCallKind.allCases {
            guard let route = profile.taskRoutes[call] else { continue }
            let (summary, requirements, body, answer, errors) = task(call)
            let open = call == .userExists || call == .signUp || call == .logIn || call == .settings
            operations.append(ContractOperation(
                id: call.rawValue, route: route, summary: summary, requirements: requirements, body: body, answer: answer,
                errors: (open ? [400] : [400, 401]) + errors + [500], bearer: !open))
        }
        if let clock = profile.clockFixture {
            operations.append(ContractOperation(
                id: "clockFixture", route: clock, summary: "Moves the backend's clock forward (a test fixture).", requirements: ["FIX-4"],
                body: ContractShapes.clockBody.name, answer: ContractShapes.clockAnswer.name, errors: [400, 500], bearer: false))
        }
        return operations
    }

    private static func jobFlow(_ call: RESTCallKind) -> (String, [RequirementID], [Int]) {
        switch call {
        case .postRequest: return ("The client posts a request.", ["REST-2", "REST-13", "MSG-3"], [400, 404])
        case .workerAccept: return ("The worker accepts a request (the seed's WorkerAccept); a success wins it.", ["REST-3", "REST-8", "REST-9", "REST-10", "REST-11", "FLOW-3"], [400, 403, 404, 409, 410])
        case .getJobs: return ("The worker lists the jobs it may take.", ["REST-4", "REST-11", "REST-13", "ELIG-8"], [400, 404])
        case .cancel: return ("The client cancels its request.", ["REST-5", "REST-10", "REST-11", "REST-19"], [400, 403, 404, 410])
        case .close: return ("Either side closes a request in Work in Progress.", ["REST-6", "REST-10", "REST-11", "REST-12", "REST-19"], [400, 403, 404, 409, 410])
        case .getRequest: return ("A request's current state.", ["REST-15", "REST-11"], [404])
        case .listRequests: return ("The requests a client posted or a worker won, newest first.", ["REST-16", "REST-13"], [400])
        case .meProfile: return ("A worker's meProfile and record.", ["REST-17", "REST-11"], [404])
        case .position: return ("The worker reports its position.", ["REST-18", "REST-11", "REST-13"], [400, 404])
        case .workerFixture: return ("Sets a worker's record (a test fixture).", ["FIX-1"], [400])
        case .clientFixture: return ("Sets a client's banned workers and delay (a test fixture).", ["FIX-2"], [400])
        }
    }

    private static func task(_ call: TaskCallKind) -> (String, [RequirementID], String?, String, [Int]) {
        let body = ContractShapes.taskRequestBody(call)?.name
        let answer = ContractShapes.taskAnswer(call).name
        switch call {
        case .userExists: return ("Whether an account has the email.", ["TASK-1"], body, answer, [])
        case .signUp: return ("Creates an account.", ["TASK-2"], body, answer, [409])
        case .logIn: return ("Logs a user in.", ["TASK-3", "TASK-4", "AUTH-4"], body, answer, [])
        case .createTask: return ("Creates a task.", ["TASK-7", "TASK-9", "TASK-25"], body, answer, [])
        case .listTasks: return ("The caller's tasks, newest first.", ["TASK-14"], body, answer, [])
        case .editTask: return ("Edits a task with its full editable state.", ["TASK-10", "TASK-9", "TASK-11"], body, answer, [404, 410])
        case .readTask: return ("One of the caller's tasks.", ["TASK-26"], body, answer, [404])
        case .cancelTask: return ("Cancels a task with a reason.", ["TASK-12", "TASK-13", "TASK-11"], body, answer, [404, 409, 410])
        case .completeTask: return ("The author marks an assigned task done.", ["TASK-8", "TASK-11"], body, answer, [404, 409, 410])
        case .candidates: return ("A task's candidate contractors.", ["TASK-15"], body, answer, [404, 410])
        case .chooseContractor: return ("Chooses a task's contractor.", ["TASK-16"], body, answer, [403, 404, 410])
        case .review: return ("Reviews a contractor.", ["TASK-17", "TASK-18"], body, answer, [404])
        case .contractor: return ("A contractor's profile, reviews and past work.", ["TASK-23"], body, answer, [404])
        case .me: return ("The caller's account.", ["TASK-19"], body, answer, [])
        case .updateMe: return ("Updates the caller's account with its full editable state.", ["TASK-20"], body, answer, [])
        case .meImage: return ("Sets or removes the caller's profile image.", ["TASK-21"], body, answer, [])
        case .deleteMe: return ("Deletes the caller's account.", ["TASK-22"], body, answer, [])
        case .settings: return ("The settings the backend works with (a test fixture).", ["FIX-3", "FIX-5"], body, answer, [])
        }
    }
}
