import SocketIOWire

/// The checker's shape verdict on every payload and body of a trace, beside the name of the schema
/// the contract documents give it, so a test can hold the exported schemas to the same verdicts
/// (`jobwire spec shapes`).
///
/// Judged here: the four events' payloads (MSG-4 ... MSG-11, without the comparison with the calls
/// that MSG-10 and MSG-11 also make), the job flow's request bodies (REST-13), the task creates'
/// and edits' bodies as TaskBodyCheck judges them (TASK-9), and the job flow's answers as
/// RESTAnswerShapes judges them (REST-1 ... REST-7), and the profile read's as ProfileReadShape
/// does (REST-17). The state and history reads' answers are left out: their rules judge which
/// members are null by the request's status and against the trace, not as shapes alone.
public enum ShapeVerdicts {
    /// One line per payload or body: `file`, `line`, `shape` (a schema of `components/schemas`),
    /// `value`, and `requirements`, the ids the checker finds it breaking (empty: well formed).
    public static func records(path: String) throws(InputError) -> [JSONValue] {
        var profile = ProtocolProfile.standard
        var calls: [String: RESTCallKind] = [:]
        var records: [JSONValue] = []
        func add(_ line: Int, _ shape: String, _ value: JSONValue, _ ids: [RequirementID]) {
            let sorted = Set(ids).sorted().map { JSONValue.string($0.rawValue) }
            records.append(["file": .string(path), "line": .int(Int64(line)), "shape": .string(shape), "value": value, "requirements": .array(sorted)])
        }
        try TraceReader.read(path: path) { item throws(InputError) in
            switch item {
            case .header(let header):
                profile = header.profile
            case .event(let event):
                let exchange = "\(event.actor)|"
                switch event.body {
                case .socketOut(let message), .socketIn(let message):
                    guard let kind = profile.event(named: message.event), let object = message.payload?.objectValue else { return }
                    let shape = ContractShapes.payload(kind)
                    add(event.line, shape.name, .object(object), shape.problems(object).map(\.requirement))
                case .httpRequest(let request):
                    let path = RESTRequestPath(request.path)
                    if let task = TaskCallKind.allCases.first(where: { profile.taskRoutes[$0]?.match(method: request.method, path: path) != nil }) {
                        // A task create's or edit's body, as TASK7And9TaskBodies judges it.
                        guard task == .createTask || task == .editTask, let body = request.body else { return }
                        add(event.line, ContractShapes.taskBody.name, body, TaskBodyCheck.problems(body).isEmpty ? [] : ["TASK-9"])
                        return
                    }
                    guard let call = RESTCallKind.allCases.first(where: { profile.routes[$0]?.match(method: request.method, path: path) != nil }) else { return }
                    calls[exchange + request.xid] = call
                    guard !call.isFixture, let shape = ContractShapes.requestBody(call), let body = request.body, body.objectValue != nil else { return }
                    let problem = PayloadShape.malformedField(call, body: body, worker: nil)
                    add(event.line, shape.name, body, problem.map { [$0.requirement] } ?? [])
                case .httpResponse(let response):
                    guard let call = calls[exchange + response.xid], !call.isFixture, let status = response.status else { return }
                    let success = (200..<300).contains(status)
                    if success, [.getRequest, .listRequests, .position].contains(call) { return }
                    let shape = success ? ContractShapes.answer(call).name : "ErrorAnswer\(status)"
                    var ids = RESTAnswerShapes.finding(call, status: status, body: response.body, req: nil).map { [$0.id] } ?? []
                    // A profile read's members are REST-17's (RESTStateReads), judged here as a shape only: no worker to compare.
                    if ids.isEmpty, success, call == .meProfile, ProfileReadShape.problem(response.body, worker: nil) != nil { ids = ["REST-17"] }
                    add(event.line, shape, response.body ?? .null, ids)
                default:
                    return
                }
            }
        }
        return records
    }
}
