import SocketIOWire

/// The checker's shape verdict on every payload and body of a trace, beside the name of the schema
/// the contract documents give it, so a test can hold the exported schemas to the same verdicts
/// (`jobwire spec shapes`).
///
/// Judged here: the four events' payloads (MSG-1, MSG-4 ... MSG-11, without the comparison with the
/// calls that MSG-10 and MSG-11 also make), the job flow's request bodies (REST-13), the task
/// API's bodies and answers as the TASK rules and RESTAnswerShapes read them (``ContractShapes/taskBodyProblems(_:_:)``,
/// ``ContractShapes/taskAnswerProblems(_:_:)``, each member under the id of the rule that judges it), the job flow's answers as
/// RESTAnswerShapes judges them (REST-1 ... REST-7), the profile read's as ProfileReadShape does
/// (REST-17), and the state and history reads' as ``MessageShape/nestedProblems(_:)`` judges the
/// shapes RESTStateReads reads (REST-15, REST-16; a state's `new` and `apply` as the payloads they
/// are, under their ids, as the documents' `$ref`s judge them). What a rule judges beside the shape
/// (a state's members by its status, values against the trace) is no part of this verdict.
///
/// Every other payload or body of the trace is a record too, with `leftOut` saying why it has no
/// verdict, so that nothing is skipped unseen.
public enum ShapeVerdicts {
    /// One line per payload or body: `file`, `line`, `kind`, and either `shape` (a schema of
    /// `components/schemas`), `value` and `requirements` (the ids the checker finds it breaking,
    /// empty: well formed), or `leftOut`, the reason it has no verdict.
    public static func records(path: String) throws(InputError) -> [JSONValue] {
        var profile = ProtocolProfile.standard
        var calls: [String: RESTCallKind] = [:]
        var tasks: [String: TaskCallKind] = [:]
        var records: [JSONValue] = []
        func add(_ line: Int, _ kind: String, _ shape: String, _ value: JSONValue, _ ids: [RequirementID]) {
            let sorted = Set(ids).sorted().map { JSONValue.string($0.rawValue) }
            records.append(["file": .string(path), "line": .int(Int64(line)), "kind": .string(kind), "shape": .string(shape), "value": value, "requirements": .array(sorted)])
        }
        func leave(_ line: Int, _ kind: String, _ reason: LeftOut) {
            records.append(["file": .string(path), "line": .int(Int64(line)), "kind": .string(kind), "leftOut": .string(reason.rawValue)])
        }
        // A task call's answer: a success's members as the TASK rules read them (TaskAnswer.answerProblems),
        // REST-1 and REST-7 as RESTAnswerShapes judges every answer's envelope.
        func taskAnswer(_ line: Int, _ task: TaskCallKind, _ response: HTTPResponseRecord) {
            let kind = "answer \(task.rawValue)"
            guard let status = response.status else { return leave(line, kind, .noStatus) }
            if task == .settings { return leave(line, kind, .fixture) }
            var ids = RESTAnswerShapes.envelopeFinding(task.rawValue, status: status, body: response.body).map { [$0.id] } ?? []
            guard (200..<300).contains(status) else { return add(line, kind, "ErrorAnswer\(status)", response.body ?? .null, ids) }
            // A 2xx with `ok: false` is a failure to the TASK rules, so only its `ok` is judged.
            if response.succeeded { ids += ContractShapes.taskAnswerProblems(task, response.body).map(\.requirement) }
            add(line, kind, ContractShapes.taskAnswer(task).name, response.body ?? .null, ids)
        }
        try TraceReader.read(path: path) { item throws(InputError) in
            switch item {
            case .header(let header):
                profile = header.profile
            case .event(let event):
                let exchange = "\(event.actor)|"
                switch event.body {
                case .socketOut(let message), .socketIn(let message):
                    guard let kind = profile.event(named: message.event) else { return leave(event.line, "event \(message.event)", .notProtocolEvent) }
                    let shape = ContractShapes.payload(kind)
                    let payload = message.payload ?? .null
                    guard let object = payload.objectValue else { return add(event.line, "event \(kind.rawValue)", shape.name, payload, ["MSG-1"]) }
                    add(event.line, "event \(kind.rawValue)", shape.name, .object(object), shape.problems(object).map(\.requirement))
                case .httpRequest(let request):
                    let path = RESTRequestPath(request.path)
                    if let task = TaskCallKind.allCases.first(where: { profile.taskRoutes[$0]?.match(method: request.method, path: path) != nil }) {
                        tasks[exchange + request.xid] = task
                        guard let body = request.body else { return }
                        // A task call's body, as the TASK rules read it (TaskAnswer.bodyProblems).
                        guard let shape = ContractShapes.taskRequestBody(task) else { return leave(event.line, "body \(task.rawValue)", .taskNoBody) }
                        add(event.line, "body \(task.rawValue)", shape.name, body, ContractShapes.taskBodyProblems(task, body).map(\.requirement))
                        return
                    }
                    guard let call = RESTCallKind.allCases.first(where: { profile.routes[$0]?.match(method: request.method, path: path) != nil }) else {
                        if request.body != nil { leave(event.line, "body \(request.method) \(request.path)", .noCall) }
                        return
                    }
                    calls[exchange + request.xid] = call
                    guard let shape = ContractShapes.requestBody(call), let body = request.body else { return }
                    if call.isFixture { return leave(event.line, "body \(call.rawValue)", .fixture) }
                    let problem = PayloadShape.malformedField(call, body: body, worker: nil)
                    add(event.line, "body \(call.rawValue)", shape.name, body, problem.map { [$0.requirement] } ?? [])
                case .httpResponse(let response):
                    if let task = tasks[exchange + response.xid] { return taskAnswer(event.line, task, response) }
                    guard let call = calls[exchange + response.xid] else { return leave(event.line, "answer of no call", .noCall) }
                    guard let status = response.status else { return leave(event.line, "answer \(call.rawValue)", .noStatus) }
                    if call.isFixture { return leave(event.line, "answer \(call.rawValue)", .fixture) }
                    let success = (200..<300).contains(status)
                    let shape = success ? ContractShapes.answer(call).name : "ErrorAnswer\(status)"
                    add(event.line, "answer \(call.rawValue)", shape, response.body ?? .null, answerVerdict(call, status: status, body: response.body))
                default:
                    return
                }
            }
        }
        return records
    }

    /// Why a payload or body has no verdict.
    enum LeftOut: String {
        case notProtocolEvent = "not one of the four protocol events: the contract gives its payload no shape"
        case fixture = "a test fixture's (FIX area): the checker judges no member of a fixture's body or answer, they are a test's hooks"
        case taskNoBody = "a body sent with a task call that takes none: the contract gives it no shape"
        case noCall = "no call of the profile has its path and method, so the contract gives it no shape (an offline trace's options GET: OFFL-13 checks that it is sent, not what it holds)"
        case noStatus = "no answer came (the caller gave up): there is no body"
    }

    /// The ids an answer breaks as a shape.
    static func answerVerdict(_ call: RESTCallKind, status: Int64, body: JSONValue?) -> [RequirementID] {
        if let finding = RESTAnswerShapes.finding(call, status: status, body: body, req: nil) { return [finding.id] }
        guard (200..<300).contains(status), let object = body?.objectValue else { return [] }
        switch call {
        case .meProfile:
            // A profile read's members are REST-17's (RESTStateReads), judged here as a shape only: no worker to compare.
            return ProfileReadShape.problem(body, worker: nil) == nil ? [] : ["REST-17"]
        case .getRequest, .listRequests:
            // The shapes RESTStateReads reads (ContractShapes.requestState, historyEntry), nested ones judged as the payloads they are.
            return ContractShapes.answer(call).nestedProblems(object).map(\.requirement)
        default:
            return []
        }
    }
}
