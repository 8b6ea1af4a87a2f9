import SocketIOWire

/// One field of a payload or body that breaks its requirement: which requirement, which field, what is wrong.
public struct ShapeProblem: Sendable, Hashable {
    /// The requirement the field breaks.
    public var requirement: RequirementID
    /// The field's path, such as `BlockedXP[2]`.
    public var field: String
    /// What is wrong, such as `is 95, outside -90 ... 90`.
    public var problem: String

    /// The field and its problem, as the rules report them.
    public var text: String { "`\(field)` \(problem)" }
}

/// The shapes PROTOCOL.md gives the four events' payloads (MSG-4 ... MSG-11) and the REST bodies
/// (REST-2 ... REST-6, REST-13, REST-18, REST-19), read the way the reference backend reads them: fields in the
/// order the document lists them, ids as canonical text (ELIG-2). The members and their checks
/// are declared once in ``ContractShapes`` (which the exported AsyncAPI and OpenAPI documents are
/// written from); this adds what only the trace can tell, such as a `cancel`'s reason being its call's.
enum PayloadShape {
    /// Every field of a `new` payload that breaks MSG-4, MSG-5, MSG-6 or MSG-7.
    static func new(_ payload: JSONObject) -> [ShapeProblem] { ContractShapes.new.problems(payload) }

    /// The members of a `new` payload MSG-4 ... MSG-8 define; any other is one an app ignores (MSG-12).
    static let newFields = Set(ContractShapes.new.fields.map(\.name))

    /// The members of a `new` payload no requirement defines, in order (MSG-12).
    static func unknownNewFields(_ payload: JSONObject) -> [String] {
        payload.keys.filter { !newFields.contains($0) }
    }

    /// The problems that make a worker app refuse a `new` (MSG-13): those of ``new(_:)``, but a
    /// `BlockedXP` in the object form of MSG-15 (a `userID` array of ids) is read, not refused.
    static func refusedNew(_ payload: JSONObject) -> [ShapeProblem] {
        refusedNew(payload, newProblems: new(payload))
    }

    /// ``refusedNew(_:)`` of a payload whose ``new(_:)`` problems are known already.
    static func refusedNew(_ payload: JSONObject, newProblems: [ShapeProblem]) -> [ShapeProblem] {
        var problems = newProblems
        if let ids = payload["BlockedXP"]?["userID"]?.arrayValue, ids.allSatisfy({ id($0) == nil }) {
            problems.removeAll { $0.requirement == "MSG-5" }
        }
        return problems
    }

    /// The fields of an `apply` payload that break MSG-9.
    static func apply(_ payload: JSONObject) -> [ShapeProblem] { ContractShapes.apply.problems(payload) }

    /// The fields of a `cancel` payload that break MSG-10, given the cancel and close calls sent for the request.
    static func cancel(_ payload: JSONObject, calls: [JSONValue]) -> [ShapeProblem] {
        var problems: [(String, String?)] = []
        let said = calls.compactMap { $0["reason"]?.stringValue }
        if !said.isEmpty, let sent = payload["reason"]?.stringValue, !said.contains(sent) {
            problems.append(("reason", "is \"\(sent)\", but the cancel call gave \"\(said.last!)\""))
        }
        return ContractShapes.cancel.problems(payload) + problems.compactMap { field, problem in problem.map { ShapeProblem(requirement: "MSG-10", field: field, problem: $0) } }
    }

    /// The fields of a `close` payload that break MSG-11, given the cancel and close calls sent for the request.
    static func close(_ payload: JSONObject, calls: [JSONValue]) -> [ShapeProblem] {
        var problems: [(String, String?)] = []
        let closes = calls.filter { $0["outcome"] != nil }
        if let sent = payload["outcome"]?.stringValue, let by = payload["by"]?.stringValue, !closes.isEmpty,
            !closes.contains(where: { $0["outcome"]?.stringValue == sent && $0["by"]?.stringValue == by })
        {
            let said = closes.last!
            for key in ["outcome", "by"] where said[key]?.stringValue != payload[key]?.stringValue {
                problems.append((key, "is \"\(payload[key]?.stringValue ?? "")\", but the close call gave \"\(said[key]?.stringValue ?? "")\""))
            }
        }
        return ContractShapes.close.problems(payload) + problems.compactMap { field, problem in problem.map { ShapeProblem(requirement: "MSG-11", field: field, problem: $0) } }
    }

    /// The first field of a REST request that makes it malformed (REST-13), in the order PROTOCOL.md
    /// lists the fields, or nil for a well-formed call. `worker` is the getJobs worker id of the
    /// query, `user` the history read's `userId` (REST-16).
    static func malformedField(_ call: RESTCallKind, body: JSONValue?, worker: String?, user: String? = nil) -> ShapeProblem? {
        switch call {
        case .getJobs:
            return worker == nil ? ShapeProblem(requirement: "REST-13", field: "workerId", problem: "is missing from the query") : nil
        case .listRequests:
            return user?.isEmpty == false ? nil : ShapeProblem(requirement: "REST-13", field: "userId", problem: "is missing from the query or empty")
        case .getRequest, .meProfile:
            return nil
        default:
            break
        }
        guard let body else { return ShapeProblem(requirement: "REST-13", field: "body", problem: "is missing; a JSON object is required") }
        guard let object = body.objectValue else {
            return ShapeProblem(requirement: "REST-13", field: "body", problem: "is \(body.typeDescription), not a JSON object")
        }
        // The fixtures' bodies are a test's business (FIX area): only their being an object is judged here.
        guard !call.isFixture else { return nil }
        return ContractShapes.requestBody(call).flatMap { $0.problems(object).first }
    }

    /// What makes the body of the fixture call `answer` answered malformed (the decision of FIX-1 and
    /// FIX-2: "a malformed body is bad_request as in REST-13"): a member its shape
    /// (``ContractShapes/requestBody(_:)``) refuses, or a worker record whose profile names another
    /// worker than the path. Nil when well formed, when the body is no object (REST-13's), and for
    /// other calls.
    static func fixtureBodyProblem(_ answer: AnswerFact) -> String? {
        guard answer.call.isFixture, let body = answer.requestBody?.objectValue else { return nil }
        if let problem = ContractShapes.requestBody(answer.call)?.problems(body).first { return "`\(problem.field)` \(problem.problem)" }
        if answer.call == .workerFixture, let path = answer.worker, let named = body["profile"]?["userID"], named.idText != path {
            return "`profile.userID` is \(named.compactText), not \(path) of the path"
        }
        return nil
    }

    // MARK: - Field checks: nil when fine, else what is wrong.

    static func string(_ value: JSONValue?) -> String? {
        guard let value else { return "is missing" }
        guard let text = value.stringValue else { return "is \(value.typeDescription), not a string" }
        return text.isEmpty ? "is an empty string" : nil
    }

    static func id(_ value: JSONValue?) -> String? {
        guard let value else { return "is missing" }
        return value.idText == nil ? "is \(value.compactText), not an id (a non-empty string or an integer)" : nil
    }

    static func coordinate(_ value: JSONValue?, limit: Double) -> String? {
        guard let value else { return "is missing" }
        guard let number = value.doubleValue else { return "is \(value.typeDescription), not a number" }
        return abs(number) <= limit ? nil : "is \(value.compactText), outside -\(Int(limit)) ... \(Int(limit))"
    }

    static func choice(_ value: JSONValue?, _ allowed: [String]) -> String? {
        if let problem = string(value) { return problem }
        let text = value!.stringValue!
        return allowed.contains(text) ? nil : "is \"\(text)\", not one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"
    }
}
