import SocketIOWire

/// One answered call of the task API (TASK area) as the TASK rules see it: which call it was, what
/// it named, the bearer token it carried, its body and the backend's answer, with the times the
/// trace gives. Like ``AnswerFact`` it comes from the backend's own events when the backend
/// recorded, else from the app that sent the call.
struct TaskAnswer: Sendable {
    var xid: String
    var call: TaskCallKind
    /// Who recorded it: the backend, or the app that sent the call. Times of one recorder need no skew between them.
    var actor: TraceActor
    /// The path's `{objectId}`, `{userId}` and the query's `{email}`, percent-decoded.
    var objectID: String?
    var userID: String?
    var email: String?
    /// The token of `Authorization: Bearer`, when the request had one (TASK-6).
    var bearer: String?
    var requestBody: JSONValue?
    var response: HTTPResponseRecord
    /// When the call was sent (app events) or received (backend events), and its line.
    var requestTs: Int64
    var requestLine: Int
    var ts: Int64
    var line: Int

    var status: Int64 { response.status ?? 0 }
    var body: JSONValue? { response.body }
    /// 2xx with `"ok"` not false (REST-1).
    var succeeded: Bool { response.succeeded }
    /// The failure's `error.code`.
    var code: String? { body?["error"]?["code"]?.stringValue }
    /// The failure's `error.field`.
    var field: String? { body?["error"]?["field"]?.stringValue }

    /// The skew to allow between this answer's times and those of one `other` recorded.
    func skew(to other: TraceActor, _ header: TraceHeader) -> Int64 { skew(to: other, tolerance: header.clockSkewToleranceMs) }
    /// The same, given the header's `clockSkewToleranceMs` as `tolerance`.
    func skew(to other: TraceActor, tolerance: Int64) -> Int64 { other == actor ? 0 : tolerance }

    /// True for the answer `status` with `code`.
    func failed(_ status: Int64, _ code: String) -> Bool { self.status == status && self.code == code }

    /// True for 400 `bad_request` naming one of `fields` (any field when nil).
    func badRequest(naming fields: [String]? = nil) -> Bool {
        guard failed(400, "bad_request") else { return false }
        guard let fields else { return true }
        return field.map(fields.contains) ?? false
    }

    /// The call as report lines name it: its kind and xid, `listTasks x-3`.
    var what: String { "\(call.rawValue) \(xid)" }

    /// `STATUS code` or `STATUS body…`, for observed texts.
    var summary: String {
        if let code { return "\(status) \(code)\(field.map { " (field \($0))" } ?? "")" }
        return "\(status) \(body?.reportText ?? "with no body")"
    }
}

extension TraceSession {
    /// The task answer an `http.response` stands for, judged against the state before it; nil for
    /// other events, transport errors and calls that are not the task API's.
    func taskAnswer(for event: TraceEvent) -> TaskAnswer? {
        guard case .httpResponse(let response) = event.body, response.status != nil else { return nil }
        let fromBackend = event.actor.role == .backend
        guard fromBackend == backendRecorded, let exchange = exchanges[response.xid], let call = exchange.task else { return nil }
        let requestTs = (fromBackend ? exchange.backendReceivedAt : exchange.appSentAt) ?? event.ts
        let requestLine = (fromBackend ? exchange.backendReceivedLine : exchange.appSentLine) ?? event.line
        return TaskAnswer(
            xid: response.xid, call: call, actor: event.actor, objectID: exchange.taskCaptures["objectId"], userID: exchange.taskCaptures["userId"],
            email: exchange.taskCaptures["email"], bearer: exchange.bearer, requestBody: exchange.requestBody, response: response,
            requestTs: requestTs, requestLine: requestLine, ts: event.ts, line: event.line)
    }
}
