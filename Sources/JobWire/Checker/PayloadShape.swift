import SocketIOWire

/// One field of a payload or body that breaks its requirement: which requirement, which field, what is wrong.
struct ShapeProblem: Sendable, Hashable {
    var requirement: RequirementID
    var field: String
    var problem: String

    var text: String { "`\(field)` \(problem)" }
}

/// The shapes PROTOCOL.md gives the four events' payloads (MSG-4 ... MSG-11) and the REST bodies
/// (REST-2 ... REST-6, REST-13, REST-18, REST-19), read the way the reference backend reads them: fields in the
/// order the document lists them, ids as canonical text (ELIG-2).
enum PayloadShape {
    /// Every field of a `new` payload (or a getJobs job) that breaks MSG-4, MSG-5, MSG-6 or MSG-7.
    static func new(_ payload: JSONObject) -> [ShapeProblem] {
        var problems: [ShapeProblem] = []
        func add(_ id: RequirementID, _ field: String, _ problem: String?) {
            if let problem { problems.append(ShapeProblem(requirement: id, field: field, problem: problem)) }
        }
        add("MSG-4", "ReqID", string(payload["ReqID"]))
        add("MSG-4", "CatID", id(payload["CatID"]))
        add("MSG-4", "exclusive", id(payload["exclusive"]))
        add("MSG-4", "lat", coordinate(payload["lat"], limit: 90))
        add("MSG-4", "lng", coordinate(payload["lng"], limit: 180))
        if let blocked = payload["BlockedXP"] {
            if let elements = blocked.arrayValue {
                for (index, element) in elements.enumerated() { add("MSG-5", "BlockedXP[\(index)]", id(element)) }
            } else {
                add("MSG-5", "BlockedXP", "is \(blocked.typeDescription), not an array of worker ids")
            }
        }
        if let delay = payload["Delay"] {
            if let seconds = delay.integerValue, (0...JobOffer.maximumDelaySeconds).contains(seconds) {
            } else {
                add("MSG-6", "Delay", "is \(delay.compactText), not a whole number of seconds from 0 to \(JobOffer.maximumDelaySeconds)")
            }
        }
        for key in ["clientName", "address", "category", "description"] { add("MSG-7", key, string(payload[key])) }
        if let created = payload["createdAt"]?.stringValue {
            if ISO8601Time.milliseconds(created) == nil { add("MSG-7", "createdAt", "is \"\(created)\", not an ISO 8601 date-time") }
        } else {
            add("MSG-7", "createdAt", string(payload["createdAt"]) ?? "is not a string")
        }
        if let image = payload["image"] { add("MSG-7", "image", string(image)) }
        return problems
    }

    /// The members of a `new` payload MSG-4 ... MSG-8 define; any other is one an app ignores (MSG-12).
    static let newFields: Set<String> = [
        "ReqID", "CatID", "exclusive", "lat", "lng", "BlockedXP", "Delay", "clientName", "address", "category", "description",
        "createdAt", "image", "workerId",
    ]

    /// The members of a `new` payload no requirement defines, in order (MSG-12).
    static func unknownNewFields(_ payload: JSONObject) -> [String] {
        payload.keys.filter { !newFields.contains($0) }
    }

    /// The problems that make a worker app refuse a `new` (MSG-13): those of ``new(_:)``, but a
    /// `BlockedXP` in the object form of MSG-15 (a `userID` array of ids) is read, not refused.
    static func refusedNew(_ payload: JSONObject) -> [ShapeProblem] {
        var problems = new(payload)
        if let ids = payload["BlockedXP"]?["userID"]?.arrayValue, ids.allSatisfy({ id($0) == nil }) {
            problems.removeAll { $0.requirement == "MSG-5" }
        }
        return problems
    }

    /// The fields of an `apply` payload that break MSG-9.
    static func apply(_ payload: JSONObject) -> [ShapeProblem] {
        var problems: [(String, String?)] = [
            ("ReqID", string(payload["ReqID"])), ("workerId", id(payload["workerId"])),
            ("workerName", string(payload["workerName"])), ("workerAvatar", string(payload["workerAvatar"])),
        ]
        switch payload["workerRating"] {
        case .none: problems.append(("workerRating", "is missing; a worker with no rating has null"))
        case .some(.null): break
        case .some(let rating):
            if let number = rating.doubleValue, (0...5).contains(number) { break }
            problems.append(("workerRating", "is \(rating.compactText), not a number from 0 to 5 or null"))
        }
        problems += [("lat", coordinate(payload["lat"], limit: 90)), ("lng", coordinate(payload["lng"], limit: 180))]
        return problems.compactMap { field, problem in problem.map { ShapeProblem(requirement: "MSG-9", field: field, problem: $0) } }
    }

    /// The fields of a `cancel` payload that break MSG-10, given the cancel and close calls sent for the request.
    static func cancel(_ payload: JSONObject, calls: [JSONValue]) -> [ShapeProblem] {
        var problems = [("ReqID", string(payload["ReqID"])), ("reason", string(payload["reason"]))]
        let said = calls.compactMap { $0["reason"]?.stringValue }
        if !said.isEmpty, let sent = payload["reason"]?.stringValue, !said.contains(sent) {
            problems.append(("reason", "is \"\(sent)\", but the cancel call gave \"\(said.last!)\""))
        }
        return problems.compactMap { field, problem in problem.map { ShapeProblem(requirement: "MSG-10", field: field, problem: $0) } }
    }

    /// The fields of a `close` payload that break MSG-11, given the cancel and close calls sent for the request.
    static func close(_ payload: JSONObject, calls: [JSONValue]) -> [ShapeProblem] {
        var problems = [
            ("ReqID", string(payload["ReqID"])),
            ("outcome", choice(payload["outcome"], ["happy", "unhappy"])), ("by", choice(payload["by"], ["client", "worker"])),
        ]
        let closes = calls.filter { $0["outcome"] != nil }
        if let sent = payload["outcome"]?.stringValue, let by = payload["by"]?.stringValue, !closes.isEmpty,
            !closes.contains(where: { $0["outcome"]?.stringValue == sent && $0["by"]?.stringValue == by })
        {
            let said = closes.last!
            for key in ["outcome", "by"] where said[key]?.stringValue != payload[key]?.stringValue {
                problems.append((key, "is \"\(payload[key]?.stringValue ?? "")\", but the close call gave \"\(said[key]?.stringValue ?? "")\""))
            }
        }
        return problems.compactMap { field, problem in problem.map { ShapeProblem(requirement: "MSG-11", field: field, problem: $0) } }
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
        var checks: [(String, String?)]
        switch call {
        case .postRequest:
            checks = [
                ("clientId", id(object["clientId"])), ("CatID", id(object["CatID"])),
                ("category", string(object["category"])), ("description", string(object["description"])),
                ("clientName", string(object["clientName"])), ("address", string(object["address"])),
                ("lat", coordinate(object["lat"], limit: 90)), ("lng", coordinate(object["lng"], limit: 180)),
            ]
            for key in ["image"] where object[key] != nil && object[key] != .null { checks.append((key, string(object[key]))) }
            for key in ["exclusive", "workerId"] where object[key] != nil && object[key] != .null { checks.append((key, id(object[key]))) }
        case .workerAccept: checks = [("workerId", id(object["workerId"]))]
        // REST-19: the caller's id, when the call carries one, comes after the fields of REST-5 and
        // REST-6, and a close's must be the kind its `by` names.
        case .cancel:
            checks = [("reason", string(object["reason"]))]
            if object["clientId"] != nil { checks.append(("clientId", id(object["clientId"]))) }
        case .close:
            checks = [("outcome", choice(object["outcome"], ["happy", "unhappy"])), ("by", choice(object["by"], ["client", "worker"]))]
            let (own, other) = object["by"]?.stringValue == "worker" ? ("workerId", "clientId") : ("clientId", "workerId")
            if object[own] != nil { checks.append((own, id(object[own]))) }
            if object[other] != nil { checks.append((other, "does not go with the close's `by`")) }
        case .position: checks = [("lat", coordinate(object["lat"], limit: 90)), ("lng", coordinate(object["lng"], limit: 180))]
        case .getJobs, .getRequest, .listRequests, .meProfile, .workerFixture, .clientFixture: checks = []
        }
        return checks.lazy.compactMap { field, problem in problem.map { ShapeProblem(requirement: "REST-13", field: field, problem: $0) } }.first
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
