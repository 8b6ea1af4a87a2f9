import SocketIOWire

/// The app half of the requirements an app shares with the backend (REST-2 ... REST-6, REST-18,
/// TASK-7, TASK-10, TASK-12, TASK-16, TASK-17): the request an app under test sends is the one its call declares, as
/// ``ContractShapes`` declares it. The shapes' own ids are the backend's refusal's (REST-13,
/// TASK-9); the app's finding is reported under the shared requirement, and only when the trace's
/// `subject` holds the app that sent it, so a backend test's malformed request, sent on purpose
/// to be refused, fails no app.
enum AppRequestCheck {
    /// Reports under `id` the first malformed member of a `call` one of `apps` under test sent
    /// (a getJobs without its worker in the query too).
    static func judge(_ event: TraceEvent, _ call: RESTCallKind, as id: RequirementID, apps: Set<TraceRole>, _ context: inout RuleContext) {
        guard let request = sent(event, by: apps, context), context.call.call == call,
            let problem = PayloadShape.malformedField(call, body: request.body, worker: context.call.worker)
        else { return }
        report(event, problem, what: "the \(call.rawValue) request as \(id.rawValue) describes it", as: id, &context)
    }

    /// Reports under `id` the first bad member of the body of a task `call` an app under test
    /// sent: for a create or an edit, a body that is not the task's editable state.
    static func judge(_ event: TraceEvent, _ call: TaskCallKind, as id: RequirementID, _ context: inout RuleContext) {
        guard let request = sent(event, by: [.client, .worker], context), context.call.task == call,
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
