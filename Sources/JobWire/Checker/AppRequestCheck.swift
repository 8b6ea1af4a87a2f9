import SocketIOWire

/// The app half of the requirements an app shares with the backend (REST-2 ... REST-6, REST-18,
/// TASK-7, TASK-10, TASK-12, TASK-16, TASK-17): the request an app under test sends is the one its call declares, as
/// ``ContractShapes`` declares it. The shapes' own ids are the backend's refusal's (REST-13,
/// TASK-9); the app's finding is reported under the shared requirement, and only when the trace's
/// `subject` holds the app that sent it, so a backend test's malformed request, sent on purpose
/// to be refused, fails no app. A well-formed call that names its caller names the app that sent
/// it (``callerID(_:_:_:)``): an app that names another user is judged too, not only its shape.
enum AppRequestCheck {
    /// The senders a call may have, made once: `judge` is asked several times of every request
    /// event, and a set literal at each call allocated a set each time.
    static let client: Set<TraceRole> = [.client], worker: Set<TraceRole> = [.worker], apps: Set<TraceRole> = [.client, .worker]

    /// Reports under `id` the first malformed member of a `call` one of `apps` under test sent
    /// (a getJobs without its worker in the query too), or else the caller's id it names when
    /// that is not the sending app's own.
    static func judge(_ event: TraceEvent, _ call: RESTCallKind, as id: RequirementID, apps: Set<TraceRole>, _ context: inout RuleContext) {
        // The call first: this is asked several times of every event (RESTAnswerShapes judges five calls), and few events are this call.
        guard context.call.call == call, let request = sent(event, by: apps, context) else { return }
        if let problem = context.call.malformed {
            report(event, problem, what: "the \(call.rawValue) request as \(id.rawValue) describes it", as: id, &context)
            return
        }
        // Ids compare as their text, byte-exact (ELIG-2), as REST-20's caller ids do.
        guard let caller = callerID(call, request, context), let own = event.actor.id, let named = caller.named, named != own else { return }
        context.report(
            id, lines: [event.line], expected: "the \(call.rawValue) request naming as \(caller.member) the app's own id \(own), as \(id.rawValue) says",
            observed: "\(event.actor) sent \(caller.member) \(named), another user's id")
    }

    /// The member of `call` that names its caller and the id it names, as PROTOCOL.md gives them:
    /// the post's `clientId` (REST-2), WorkerAccept's `workerId` (REST-3), getJobs' `workerId`
    /// query (REST-4) and the position report's `{workerId}` path, the worker's own profile
    /// (REST-18). The post's optional `workerId` names the worker it goes to, not the caller; the
    /// ids a cancel or close may carry are REST-20's.
    private static func callerID(_ call: RESTCallKind, _ request: HTTPRequestRecord, _ context: RuleContext) -> (member: String, named: String?)? {
        switch call {
        case .postRequest: return ("`clientId`", request.body?["clientId"].flatMap(\.idText))
        case .workerAccept: return ("`workerId`", request.body?["workerId"].flatMap(\.idText))
        case .getJobs: return ("the query's `workerId`", context.call.worker)
        case .position: return ("the path's `{workerId}`", context.call.worker)
        default: return nil
        }
    }

    /// Reports under `id` the first bad member of the body of a task `call` an app under test
    /// sent: for a create or an edit, a body that is not the task's editable state.
    static func judge(_ event: TraceEvent, _ call: TaskCallKind, as id: RequirementID, _ context: inout RuleContext) {
        guard context.call.task == call, let request = sent(event, by: apps, context),
            let problem = ContractShapes.taskBodyProblems(call, request.body).first
        else { return }
        report(event, problem, what: "the \(call.rawValue)'s body as \(id.rawValue) describes it", as: id, &context)
    }

    /// The request of `event` when one of `apps` sent it and the trace tests that app.
    private static func sent(_ event: TraceEvent, by apps: Set<TraceRole>, _ context: RuleContext) -> HTTPRequestRecord? {
        guard case .httpRequest(let request) = event.body, apps.contains(event.actor.role), context.header.subject.contains(event.actor.role) else { return nil }
        return request
    }

    private static func report(_ event: TraceEvent, _ problem: ShapeProblem, what: String, as id: RequirementID, _ context: inout RuleContext) {
        context.report(id, lines: [event.line], expected: what, observed: "\(event.actor) sent \(problem.text)")
    }
}
