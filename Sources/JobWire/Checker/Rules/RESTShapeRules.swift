import SocketIOWire

/// REST-1 ... REST-7, the backend's half: every answer (but a test fixture's) is a JSON object whose `ok` agrees with its
/// status; a success carries what its call promises; a failure carries the error body of REST-7
/// with the status its code goes with. The task API's answers are held to REST-1 and REST-7 too
/// (PROTOCOL.md's TASK area: "failures use the body and codes of REST-7"); what their successes
/// carry is the TASK rules'.
///
/// REST-2 ... REST-6 also have an app's half: the request the app sends is the one its call
/// declares, and the caller's id it names is the app's own (``AppRequestCheck``). Each half is judged only on a trace whose `subject` holds its
/// side, so a backend test's malformed body, sent on purpose to be refused (REST-13), fails no
/// app, and an app under test is not failed for the backend's answer.
struct RESTAnswerShapes: TraceRule {
    let infos = [
        TraceRuleInfo(
            "REST-1", evidence: TraceRuleInfo.backendEvidence,
            check: "every answer body is a JSON object sent as application/json (when the trace records its contentType), a 2xx status comes with \"ok\": true (a failure's \"ok\" is REST-7's)"),
        TraceRuleInfo(
            "REST-2", evidence: TraceRuleInfo.backendEvidence, check: "the client app's post request carries the members of the post request's body, its `clientId` the client's own id; a successful post request answers with a ReqID string and an ISO 8601 createdAt",
            about: [.backend, .client]),
        TraceRuleInfo(
            "REST-3", evidence: TraceRuleInfo.backendEvidence, check: "the worker app's WorkerAccept carries its own id as workerId; a successful WorkerAccept answers with the ReqID of its path",
            about: [.backend, .worker]),
        TraceRuleInfo(
            "REST-4", evidence: TraceRuleInfo.backendEvidence,
            check: "the worker app's getJobs names its own id as workerId in its query; a successful getJobs answers with `jobs`, an array of objects with the fields of a `new` payload, each valued as its request's `new` (when the trace shows it) in every member of MSG-4 and MSG-7 and in Delay and BlockedXP",
            about: [.backend, .worker]),
        TraceRuleInfo(
            "REST-5", evidence: TraceRuleInfo.backendEvidence, check: "the client app's cancel carries a non-empty reason; a successful cancel answers with the ReqID of its path",
            about: [.backend, .client]),
        TraceRuleInfo(
            "REST-6", evidence: TraceRuleInfo.backendEvidence, check: "an app's close carries outcome and by valued as in MSG-11; a successful close answers with the ReqID of its path",
            about: [.backend, .client, .worker]),
        TraceRuleInfo("REST-7", evidence: TraceRuleInfo.backendEvidence, check: "every failure answers {\"ok\": false, \"error\": {code, message, field only for bad_request}} with the status of its code"),
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest] }
    var wantsFacts: Bool { true }
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        AppRequestCheck.judge(event, .postRequest, as: "REST-2", apps: AppRequestCheck.client, &context)
        AppRequestCheck.judge(event, .workerAccept, as: "REST-3", apps: AppRequestCheck.worker, &context)
        AppRequestCheck.judge(event, .getJobs, as: "REST-4", apps: AppRequestCheck.worker, &context)
        AppRequestCheck.judge(event, .cancel, as: "REST-5", apps: AppRequestCheck.client, &context)
        AppRequestCheck.judge(event, .close, as: "REST-6", apps: AppRequestCheck.apps, &context)
    }

    /// The codes of REST-7 and their statuses.
    static let statuses: [String: Int64] = [
        "bad_request": 400, "unauthorized": 401, "not_eligible": 403, "not_found": 404, "race_lost": 409, "not_in_progress": 409,
        "already_exists": 409, "cancel_cutoff_passed": 409, "request_cancelled": 410, "request_closed": 410, "server_error": 500,
    ]

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        // The fixtures are a test's hooks, not calls of the apps (PROTOCOL.md, FIX area); the
        // answers are the backend's half, judged only when the backend is under test.
        guard context.header.subject.contains(.backend), case .answered(let answer) = fact, let status = answer.response.status, !answer.call.isFixture else { return }
        if let finding = Self.contentTypeFinding(answer.call.rawValue, answer.response) {
            context.report(finding.id, lines: [answer.line], expected: finding.expected, observed: finding.observed)
        }
        if let finding = Self.finding(answer.call, status: status, body: answer.response.body, req: answer.req) {
            context.report(finding.id, lines: [answer.line], expected: finding.expected, observed: finding.observed)
        }
        if answer.call == .getJobs, answer.succeeded, let jobs = answer.response.body?["jobs"]?.arrayValue {
            let problems = Self.jobsUnlikeTheirNew(jobs, context.session)
            if !problems.isEmpty {
                context.report(
                    "REST-4", lines: [answer.line], expected: "each job valued as its request's `new` in the members of MSG-4 and MSG-7",
                    observed: problems.prefix(3).joined(separator: "; "))
            }
        }
    }

    /// REST-4's values: a job is its request's `new` payload, so every member of MSG-4 and MSG-7
    /// that the trace's `new` carries is in the job with the same value (ids as ELIG-2 compares
    /// them, numbers by value, times by instant), and the job's `Delay` and `BlockedXP` are the
    /// `new`'s (the ids in any order; absent reads as 0 and as none). A worker app shows a job from
    /// getJobs as it shows one from a `new` (VIEW-9), so a shortened description, a moved createdAt
    /// or another Delay reaches the user. Only requests whose `new` the trace shows are judged.
    static func jobsUnlikeTheirNew(_ jobs: [JSONValue], _ session: TraceSession) -> [String] {
        var problems: [String] = []
        for job in jobs {
            guard let req = job["ReqID"].flatMap(\.idText), let new = session.readRequest(req, { $0.newPayload })?.objectValue, job.objectValue != nil else { continue }
            for field in ContractShapes.job.fields.map(\.name) {
                guard let sent = new[field] else { continue }
                let listed = job[field]
                if let listed, sameValue(listed, sent) { continue }
                problems.append("`jobs` lists \(req) with `\(field)` \(listed?.compactText ?? "missing"), its `new` \(sent.compactText)")
            }
            for (field, absent) in [("Delay", JSONValue.int(0)), ("BlockedXP", JSONValue.array([]))] {
                // Absent reads as 0 and as no ban (MSG-5, MSG-6): a job without the `new`'s Delay is shown at once.
                let (listed, sent) = (job[field] ?? absent, new[field] ?? absent)
                guard !sameValue(listed, sent), !sameIDs(listed, sent) else { continue }
                problems.append("`jobs` lists \(req) with `\(field)` \(job[field]?.compactText ?? "absent"), its `new` \(new[field]?.compactText ?? "absent")")
            }
        }
        return problems
    }

    /// Whether two arrays hold the same ids, in any order.
    private static func sameIDs(_ listed: JSONValue, _ sent: JSONValue) -> Bool {
        guard let a = listed.arrayValue?.compactMap(\.idText), let b = sent.arrayValue?.compactMap(\.idText) else { return false }
        return a.count == listed.arrayValue?.count && b.count == sent.arrayValue?.count && Set(a) == Set(b)
    }

    /// Whether a job's member says what the `new`'s does.
    private static func sameValue(_ listed: JSONValue, _ sent: JSONValue) -> Bool {
        if listed == sent { return true }
        if let a = listed.doubleValue, let b = sent.doubleValue { return a == b }
        if let a = listed.stringValue.flatMap(ISO8601Time.milliseconds), let b = sent.stringValue.flatMap(ISO8601Time.milliseconds) { return a == b }
        if let a = listed.idText, let b = sent.idText { return a == b }
        return false
    }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        // The settings call is a fixture (FIX-3), a test's hook.
        guard context.header.subject.contains(.backend), answer.call != .settings else { return }
        if let finding = Self.contentTypeFinding(answer.call.rawValue, answer.response) {
            context.report(finding.id, lines: [answer.line], expected: finding.expected, observed: finding.observed)
        }
        guard let finding = Self.envelopeFinding(answer.call.rawValue, status: answer.status, body: answer.body) else { return }
        context.report(finding.id, lines: [answer.line], expected: finding.expected, observed: finding.observed)
    }

    /// What is wrong with one answer's shape, under the id it breaks; `req` is the request of the
    /// call's path, which a WorkerAccept's, cancel's or close's success echoes (nil: not compared).
    /// `jobwire spec shapes` reports the same verdicts beside the exported schemas'.
    static func finding(_ call: RESTCallKind, status: Int64, body: JSONValue?, req: String?) -> (id: RequirementID, expected: String, observed: String)? {
        if let finding = envelopeFinding(call.rawValue, status: status, body: body) { return finding }
        guard (200..<300).contains(status), let object = body?.objectValue else { return nil }
        return successFinding(call, object, req: req)
    }

    /// REST-1's content type: an answer with a body whose recorded `Content-Type` is not
    /// `application/json` (parameters such as `charset` aside). A body that parses as JSON is not
    /// enough: a client that goes by the header (a browser's `fetch().json()` does not, many
    /// generated clients do) cannot read it. Not judged when the trace does not record the header.
    static func contentTypeFinding(_ name: String, _ response: HTTPResponseRecord) -> (id: RequirementID, expected: String, observed: String)? {
        guard response.body != nil, let contentType = response.contentType else { return nil }
        let mediaType = String(contentType.prefix { $0 != ";" }.filter { !$0.isWhitespace }).lowercased()
        guard mediaType != "application/json" else { return nil }
        return ("REST-1", "the \(name) answer sent with content type application/json", "Content-Type: \(contentType) (status \(response.status.map(String.init) ?? "none"))")
    }

    /// What is wrong with an answer of the call `name` whatever its call: no object, or a 2xx
    /// whose `ok` is not true (REST-1); a failure's body, its `ok` false included (REST-7).
    static func envelopeFinding(_ name: String, status: Int64, body: JSONValue?) -> (id: RequirementID, expected: String, observed: String)? {
        guard let object = body?.objectValue else {
            let found = body.map { "\($0.typeDescription): \($0.reportText)" } ?? "no body"
            return ("REST-1", "a JSON object as the body of the \(name) answer", "status \(status) with \(found)")
        }
        guard (200..<300).contains(status) else { return failureFinding(name, status, object) }
        let ok = object["ok"]
        guard ok == .bool(true) else {
            return ("REST-1", "\"ok\": true in a success answer (status 2xx)", "status \(status) with \"ok\": \(ok?.compactText ?? "absent") for \(name)")
        }
        return nil
    }

    private static func successFinding(_ call: RESTCallKind, _ object: JSONObject, req: String?) -> (id: RequirementID, expected: String, observed: String)? {
        var problems: [String] = []
        let id: RequirementID
        switch call {
        case .postRequest:
            id = "REST-2"
            if let problem = PayloadShape.string(object["ReqID"]) { problems.append("`ReqID` \(problem)") }
            if let created = object["createdAt"]?.stringValue, ISO8601Time.milliseconds(created) != nil {
            } else {
                problems.append("`createdAt` is \(object["createdAt"]?.compactText ?? "missing"), not an ISO 8601 date-time")
            }
        case .workerAccept, .cancel, .close:
            id = call == .workerAccept ? "REST-3" : call == .cancel ? "REST-5" : "REST-6"
            let echoed = object["ReqID"].flatMap(\.idText)
            if echoed == nil || (req != nil && echoed != req) {
                problems.append("`ReqID` is \(object["ReqID"]?.compactText ?? "missing"), not \(req ?? "the request's id")")
            }
        case .getRequest, .listRequests, .meProfile, .position, .workerFixture, .clientFixture:
            // Their answers' contents are judged against the trace by RESTStateReads and REST18PositionUse.
            return nil
        case .getJobs:
            id = "REST-4"
            if let jobs = object["jobs"]?.arrayValue {
                for (index, job) in jobs.enumerated() {
                    guard let fields = job.objectValue else {
                        problems.append("`jobs[\(index)]` is \(job.typeDescription), not an object")
                        continue
                    }
                    let shape = ContractShapes.job.problems(fields)
                    if let first = shape.first { problems.append("`jobs[\(index)].\(first.field)` \(first.problem)") }
                }
            } else {
                problems.append("`jobs` is \(object["jobs"]?.typeDescription ?? "missing"), not an array")
            }
        }
        guard !problems.isEmpty else { return nil }
        return (id, "the success answer of \(call.rawValue) as \(id.rawValue) describes it", problems.prefix(3).joined(separator: "; "))
    }

    private static func failureFinding(_ name: String, _ status: Int64, _ object: JSONObject) -> (id: RequirementID, expected: String, observed: String)? {
        var problems: [String] = []
        if object["ok"] != .bool(false) { problems.append("`ok` is \(object["ok"]?.compactText ?? "missing"), not false") }
        if let error = object["error"]?.objectValue {
            let code = error["code"]?.stringValue
            if let code, let expected = Self.statuses[code] {
                if expected != status { problems.append("code \(code) comes with status \(expected), not \(status)") }
            } else {
                problems.append("`error.code` is \(error["code"]?.compactText ?? "missing"), not a code of REST-7")
            }
            // `message` and `field` as the contract declares them (the code is judged with its status above).
            for problem in ContractShapes.errorObject.problems(error) where problem.field != "code" {
                problems.append("`error.\(problem.field)` \(problem.problem)")
            }
        } else {
            problems.append("`error` is \(object["error"]?.typeDescription ?? "missing"), not an object")
        }
        guard !problems.isEmpty else { return nil }
        return (
            "REST-7", "{\"ok\": false, \"error\": {\"code\", \"message\", \"field\" for bad_request}} with the code's status",
            "status \(status) for \(name): " + problems.joined(separator: "; "))
    }
}
