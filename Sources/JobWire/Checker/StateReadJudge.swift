import SocketIOWire

/// Judges the request states a state or history read answers (REST-15, REST-16) against the
/// trace: their shape, and their values where the trace shows the request.
///
/// `from` ... `to` is the window in which the backend may have read the request: its receipt of
/// the read to its answer, widened by clockSkewToleranceMs either side when the times come from apps.
struct StateReadJudge {
    let session: TraceSession
    let from: Int64
    let to: Int64

    init(context: RuleContext, answer: AnswerFact) {
        session = context.session
        let slack = session.backendRecorded ? 0 : context.skew
        from = (answer.requestTs ?? answer.ts) - slack
        to = answer.ts + slack
    }

    /// What is wrong with one request state, or nil; `path` is the ReqID the read named.
    func problem(with value: JSONValue, path: String?) -> String? {
        guard let object = value.objectValue else { return "is \(value.typeDescription), not an object" }
        // The members as the contract declares them; `jobwire spec shapes` gives the same verdict beside the schema's.
        if let first = ContractShapes.requestState.problems(object).first { return first.text }
        let reqID = object["ReqID"].flatMap(\.idText) ?? ""
        if let path, reqID != path { return "`ReqID` is \(reqID), not \(path) of the path" }
        let status = object["status"]?.stringValue ?? ""
        if let problem = Self.statusProblem(object, status: status) { return problem }
        guard let request = session.request(reqID), request.exists else { return nil }
        if let clientId = request.clientId, let answered = object["clientId"].flatMap(\.idText), answered != clientId {
            return "`clientId` is \(answered), but \(clientId) posted \(reqID)"
        }
        if let held = session.statuses(of: reqID, from: from, to: to), !held.contains(status) {
            let ended = status == "cancelled" || status == "closed"
            // The backend ending it with no call asking it to is FLOW-15's.
            if ended, session.endsUnexplained(reqID, as: status == "closed" ? .close : .cancel) { return nil }
            return "`status` is \(status), but the trace shows \(reqID) \(held.sorted().joined(separator: " or ")) then"
        }
        let workerId = object["workerId"].flatMap(\.idText)
        if status != "open", let winner = request.winner, let workerId, workerId != winner {
            return "`workerId` is \(workerId), but \(winner) won \(reqID)"
        }
        // A WorkerAccept that succeeded came before the cancel (none may succeed after it, FLOW-7),
        // so a request cancelled after a win keeps its winner.
        if status == "cancelled", let winner = request.winner, workerId == nil {
            return "`workerId` is null, but \(winner) won \(reqID) before it was cancelled"
        }
        if let emitted = request.newPayload, !Self.same(object["new"], emitted) {
            return "`new` is \(object["new"]?.reportText ?? "missing"), not the `new` emitted for \(reqID) (line \(request.newLine ?? 0))"
        }
        // Null is an `apply` or end not emitted yet when the backend read the request; one emitted before that is given.
        if let emitted = request.applyPayload, let answered = object["apply"], answered != .null || (request.firstApplyAt ?? .max) < from, !Self.same(answered, emitted) {
            return "`apply` is \(answered.reportText), not the `apply` emitted for \(reqID) (line \(request.firstApplyLine ?? 0))"
        }
        if let emitted = request.endPayload, let answered = object["end"], answered != .null || (request.endedAt ?? .max) < from, !Self.same(answered, emitted) {
            return "`end` is \(answered.reportText), not the `\(request.endedBy?.rawValue ?? "end")` emitted for \(reqID) (line \(request.endedLine ?? 0))"
        }
        // Retired (`retainMs` after its last event), the request keeps only a print of its payloads.
        if request.newPayload == nil, let retired = request.retiredPayloads, !retired.matches(object) {
            let emitted = [retired.new ? "`new`" : nil, retired.apply ? "`apply`" : nil, retired.end ? "`\(request.endedBy?.rawValue ?? "end")`" : nil].compactMap { $0 }
            return "its `new`, `apply` and `end` are not the \(emitted.joined(separator: ", ")) emitted for \(reqID) (ended line \(request.endedLine ?? 0)); it had retired, and the checker keeps only a fingerprint of its payloads, so it cannot name the member"
        }
        return nil
    }

    /// What a history read of `user` gets wrong as a whole (REST-16): its order, a request of the
    /// user it misses, a request of someone else it lists.
    func historyProblem(_ list: [JSONValue], user: String?) -> String? {
        var previous: Int64?
        for (index, element) in list.enumerated() {
            guard let created = element["new"]?["createdAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) else {
                return "`requests[\(index)].new.createdAt` is \(element["new"]?["createdAt"]?.compactText ?? "missing"), not an ISO 8601 date-time"
            }
            if let previous, created > previous {
                return "`requests[\(index)]` (\(element["ReqID"]?.compactText ?? "?")) was created after `requests[\(index - 1)]`: the list is not newest first"
            }
            previous = created
        }
        guard let user else { return nil }
        let listed = Set(list.compactMap { $0["ReqID"].flatMap(\.idText) })
        var missing: [String] = []
        func judge(_ req: String, _ request: RequestState) {
            guard request.exists, !listed.contains(req) else { return }
            // Ended a day before the answer, it may have been forgotten (REST-16's Decision).
            if HistoryRetention.mayForget(endedAt: request.endedAt, by: to) { return }
            let posted = request.clientId == user && (request.postedAt ?? .max) <= from
            let won = request.winner == user && (request.wonAt ?? .max) <= from
            if posted || won { missing.append("\(req) (\(posted ? "posted" : "won") by \(user))") }
        }
        for (req, request) in session.requests { judge(req, request) }
        // A history is mostly read long after its requests ended: the retired ones count as much.
        for (req, tombstone) in session.tombstones.retired(postedOrWonBy: user) where !session.requests.contains(req) {
            judge(req, tombstone.restored(req))
        }
        if let first = missing.sorted().first { return "it misses \(first), which the trace shows before the read" }
        for req in listed.sorted() {
            guard let request = session.request(req), let clientId = request.clientId, clientId != user else { continue }
            if request.winner != user, !request.acceptedBy.contains(user) {
                return "it lists \(req), which \(clientId) posted and \(user) did not win"
            }
        }
        return nil
    }

    /// The members a status asks for (REST-15): a winner and an `apply` from the win on, an end once ended.
    /// What JSON Schema leaves to the kit (FieldKind.schemaGaps): the members' shapes are ContractShapes.requestState's.
    static func statusProblem(_ object: JSONObject, status: String) -> String? {
        let hasWinner = object["workerId"] != nil && object["workerId"] != .null
        let hasApply = object["apply"] != .null
        let hasEnd = object["end"] != .null
        switch status {
        case "open":
            if hasWinner || hasApply || hasEnd { return "an open request has workerId, apply and end null" }
        case "inProgress":
            if !hasWinner || !hasApply || hasEnd { return "a request in progress has its winner's workerId and `apply`, and end null" }
        case "closed":
            if !hasWinner || !hasEnd { return "a closed request has its winner's workerId and its `close` as end" }
        default:
            if !hasEnd { return "a cancelled request has its `cancel` as end" }
        }
        return nil
    }

    /// True when both are the same JSON: numbers by value, objects whatever the order of their members.
    static func same(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case (.object(let a)?, .object(let b)?):
            guard a.count == b.count else { return false }
            return a.members.allSatisfy { member in b[member.key].map { same(member.value, $0) } ?? false }
        case (.array(let a)?, .array(let b)?):
            return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (let a?, let b?):
            return a.isEquivalent(to: b)
        default:
            return false
        }
    }
}

/// The answer of a meProfile read (REST-17): its shape, and how it differs from a worker's record.
enum ProfileReadShape {
    /// What is wrong with the answer's shape, or nil.
    static func problem(_ body: JSONValue?, worker: String?) -> String? {
        guard let profile = body?["profile"]?.objectValue else { return "`profile` is \(body?["profile"]?.typeDescription ?? "missing"), not an object" }
        if let problem = PayloadShape.id(profile["userID"]) { return "`profile.userID` \(problem)" }
        if let worker, let userID = profile["userID"].flatMap(\.idText), userID != worker {
            return "`profile.userID` is \(userID), not the worker \(worker) of the path"
        }
        guard case .bool? = profile["expertActive"] else { return "`profile.expertActive` is \(profile["expertActive"]?.compactText ?? "missing"), not a boolean" }
        if let source = profile["expertSource"], source != .null, let problem = PayloadShape.id(source) { return "`profile.expertSource` \(problem)" }
        if profile["expertSource"] == nil { return "`profile.expertSource` is missing; it is null when there is none" }
        guard let categories = profile["categories"]?.arrayValue, categories.allSatisfy({ PayloadShape.id($0) == nil }) else {
            return "`profile.categories` is \(profile["categories"]?.compactText ?? "missing"), not an array of ids"
        }
        guard let maxKms = profile["maxKms"]?.doubleValue, maxKms >= 0 else { return "`profile.maxKms` is \(profile["maxKms"]?.compactText ?? "missing"), not a number of km" }
        if let problem = PayloadShape.coordinate(profile["lat"], limit: 90) { return "`profile.lat` \(problem)" }
        if let problem = PayloadShape.coordinate(profile["lng"], limit: 180) { return "`profile.lng` \(problem)" }
        if let problem = PayloadShape.string(body?["name"]) { return "`name` \(problem)" }
        if let problem = PayloadShape.string(body?["avatar"]) { return "`avatar` \(problem)" }
        switch body?["rating"] {
        case .none: return "`rating` is missing; a worker with no rating has null"
        case .some(.null): return nil
        case .some(let rating):
            if let number = rating.doubleValue, (0...5).contains(number) { return nil }
            return "`rating` is \(rating.compactText), not a number from 0 to 5 or null"
        }
    }

    /// The members of the answer that differ from `record`, each as a sentence.
    static func differences(_ body: JSONValue, from record: WorkerRecordFact) -> [String] {
        var found: [String] = []
        let fixture = record.body
        for key in ["name", "avatar"] where body[key]?.stringValue != fixture[key]?.stringValue {
            found.append("`\(key)` is \(body[key]?.compactText ?? "missing"), not \(fixture[key]?.compactText ?? "missing")")
        }
        let rating = fixture["rating"] ?? .null
        if !(rating == .null ? body["rating"] == .null : StateReadJudge.same(body["rating"], rating)) {
            found.append("`rating` is \(body["rating"]?.compactText ?? "missing"), not \(rating.compactText)")
        }
        let answered = body["profile"]
        let recorded = fixture["profile"]
        if answered?["expertActive"] != recorded?["expertActive"] {
            found.append("`profile.expertActive` is \(answered?["expertActive"]?.compactText ?? "missing"), not \(recorded?["expertActive"]?.compactText ?? "missing")")
        }
        func id(_ value: JSONValue?) -> String? { value.flatMap(\.idText) }
        if id(answered?["expertSource"]) != id(recorded?["expertSource"]) {
            found.append("`profile.expertSource` is \(answered?["expertSource"]?.compactText ?? "missing"), not \(recorded?["expertSource"]?.compactText ?? "null")")
        }
        let categories = { (value: JSONValue?) in Set((value?["categories"]?.arrayValue ?? []).compactMap(\.idText)) }
        if categories(answered) != categories(recorded) {
            found.append("`profile.categories` is \(answered?["categories"]?.compactText ?? "missing"), not \(recorded?["categories"]?.compactText ?? "missing")")
        }
        if answered?["maxKms"]?.doubleValue != recorded?["maxKms"]?.doubleValue {
            found.append("`profile.maxKms` is \(answered?["maxKms"]?.compactText ?? "missing"), not \(recorded?["maxKms"]?.compactText ?? "missing")")
        }
        let position = record.position
        for (key, value) in [("lat", position.lat), ("lng", position.lng)] where answered?[key]?.doubleValue != value?.doubleValue {
            found.append("`profile.\(key)` is \(answered?[key]?.compactText ?? "missing"), not \(value?.compactText ?? "missing"), the last position \(record.reported == nil ? "the fixture set" : "reported")")
        }
        return found
    }
}
