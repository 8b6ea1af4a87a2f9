import SocketIOWire

extension TraceEvent {
    /// Reads one event line; every missing or ill-typed field is an error naming the line and the field.
    ///
    /// Members a kind does not define are ignored, so writers may add their own (MSG-12's spirit).
    public init(json: JSONValue, header: TraceHeader, file: String, line: Int) throws(InputError) {
        try self.init(json: json, namespace: header.profile.namespace, file: file, line: line)
    }

    /// Reads one event line of a trace whose header's namespace is `namespace`, all that decoding
    /// takes from the header: ``TraceReader`` passes it alone rather than copying the whole header
    /// (some twenty reference-counted members) out of its box for every line.
    init(json: JSONValue, namespace: String, file: String, line: Int) throws(InputError) {
        guard let object = json.objectValue else {
            throw InputError(file: file, line: line, message: "expected an event object, found \(json.typeDescription)")
        }
        let fields = TraceFields(object, file: file, line: line)
        let ts = try fields.integer("ts")
        let role: TraceRole = try Self.choice("actor", fields)
        let id = try fields.optionalID("id")
        let kindText = try fields.string("kind")
        guard let kind = TraceEventKind(rawValue: kindText) else {
            throw fields.error("kind", "unknown kind \"\(kindText)\"; Docs/TRACE.md lists the kinds")
        }
        try self.init(reported: object, kind: kind, ts: ts, actor: TraceActor(role, id: id), namespace: namespace, file: file, line: line)
    }

    /// Reads an event given as its kind and fields without the line's envelope: an app's
    /// `jobwire:trace` report, an adapter's trace action, ``TraceWriter``'s fields. Every missing
    /// or ill-typed field is an error naming `file`, `line` and the field, as for a whole line.
    public init(reported fields: JSONObject, kind: TraceEventKind, ts: Int64, actor: TraceActor, header: TraceHeader, file: String, line: Int) throws(InputError) {
        try self.init(reported: fields, kind: kind, ts: ts, actor: actor, namespace: header.profile.namespace, file: file, line: line)
    }

    /// An event given as its kind and fields, in a trace whose header's namespace is `namespace`.
    init(reported fields: JSONObject, kind: TraceEventKind, ts: Int64, actor: TraceActor, namespace: String, file: String, line: Int) throws(InputError) {
        let reader = TraceFields(fields, file: file, line: line)
        if actor.role == .worker, actor.id == nil {
            throw reader.error("id", "is required for a worker: a trace may hold several workers")
        }
        self.init(line: line, ts: ts, actor: actor, body: try Self.body(kind, reader, role: actor.role, namespace: namespace))
    }

    private static func body(_ kind: TraceEventKind, _ fields: TraceFields, role: TraceRole, namespace: String) throws(InputError) -> TraceEventBody {
        switch kind {
        case .socketOut, .socketIn:
            let message = SocketMessage(
                event: try fields.string("event"),
                payload: fields.object["payload"],
                namespace: try fields.optionalString("nsp") ?? namespace,
                room: try fields.optionalID("to"),
                from: try fields.optionalID("from"))
            if kind == .socketOut, role == .backend, message.room == nil {
                throw fields.error("to", "is required when the backend sends: the room or socket id it sent to")
            }
            return kind == .socketOut ? .socketOut(message) : .socketIn(message)
        case .socketConnecting:
            return .connecting(ConnectionRecord(namespace: try fields.optionalString("nsp") ?? namespace, auth: fields.object["auth"]))
        case .socketConnected, .socketDisconnected:
            // `auth` is kept as recorded: a malformed one is what MSG-16 judges, not a bad line.
            let record = ConnectionRecord(namespace: try fields.optionalString("nsp") ?? namespace, auth: fields.object["auth"])
            if record.auth == nil, role == .backend {
                throw fields.error("auth", "is required when the backend records a connection: the handshake's auth as received, {} when it had none")
            }
            guard kind == .socketDisconnected else { return .connected(record) }
            var ended = record
            ended.reason = try choice("reason", fields)
            if ended.reason == .slow {
                guard role == .backend else {
                    throw fields.error("reason", "slow is the backend's: it dropped a slow consumer; the app records the drop as transport")
                }
                ended.queued = try fields.optionalInteger("queued")
            }
            return .disconnected(ended)
        case .httpRequest:
            let path = try fields.string("path")
            guard path.hasPrefix("/") else { throw fields.error("path", "expected a path starting with /, found \"\(path)\"") }
            let body = fields.optional("body")
            return .httpRequest(
                HTTPRequestRecord(
                    xid: try fields.id("xid"), method: try fields.string("method"), path: path, body: body,
                    call: try fields.workflowRequest("call", fallbackData: body?.objectValue), bearer: try fields.optionalString("bearer")))
        case .httpResponse:
            let status = try fields.optionalInteger("status", minimum: 100)
            let error = try fields.optionalString("error")
            if let status, status > 599 { throw fields.error("status", "\(status) is not an HTTP status") }
            guard (status == nil) != (error == nil) else {
                throw fields.error(status == nil ? "status" : "error", "a response has either a status or a transport error, not both and not neither")
            }
            let contentType = try fields.optionalString("contentType")
            if contentType != nil, status == nil { throw fields.error("contentType", "a transport error has no content type") }
            return .httpResponse(HTTPResponseRecord(xid: try fields.id("xid"), status: status, body: fields.optional("body"), error: error, contentType: contentType))
        case .viewShown:
            let view = try fields.string("view")
            let req = try fields.optionalID("req")
            if req == nil, ViewRecord.presentsARequest(view) {
                throw fields.error("req", "is required for a \(view) view: the rules read which request it presents")
            }
            return .viewShown(ViewRecord(view: view, req: req, elements: try fields.optionalObject("elements")))
        case .alertShown:
            var alert = AlertRecord(
                alert: try fields.string("alert"),
                result: try choice("result", fields),
                req: try fields.optionalID("req"),
                elements: try fields.optionalObject("elements") ?? JSONObject())
            if let subject = try fields.optionalString("for") {
                guard let parsed = NotificationSubject(rawValue: subject) else { throw fields.error("for", "expected \"create\" or \"edit\", found \"\(subject)\"") }
                alert.notification.subject = parsed
            }
            alert.notification.entity = try fields.optionalID("entity")
            return .alertShown(alert)
        case .alertDismissed:
            return .alertDismissed(alert: try fields.string("alert"), req: try fields.optionalID("req"))
        case .offerReceived:
            let via: OfferSource = try choice("via", fields)
            return .offerReceived(req: try fields.id("req"), via: via, offer: .object(try fields.object("offer")))
        case .offerDecided:
            return .offerDecided(try decision(fields))
        case .offerShown:
            return .offerShown(req: try fields.id("req"))
        case .offerDiscarded:
            return .offerDiscarded(req: try fields.id("req"), stored: try fields.optionalIDs("stored"))
        case .offerRemoved:
            return .offerRemoved(req: try fields.id("req"), why: try choice("why", fields))
        case .timerStarted:
            return .timerStarted(timer: try timer(fields), req: try fields.id("req"), startedAt: try fields.integer("startedAt"))
        case .timerFired:
            return .timerFired(timer: try timer(fields), req: try fields.id("req"))
        case .appLaunched:
            return .lifecycle(.launched, stored: try fields.storedState())
        case .appBackgrounded: return .lifecycle(.backgrounded, stored: StoredState())
        case .appForegrounded: return .lifecycle(.foregrounded, stored: StoredState())
        case .appTerminated: return .lifecycle(.terminated, stored: StoredState())
        case .appRestored: return .lifecycle(.restored, stored: try fields.storedState())
        case .netOnline: return .connectivity(online: true)
        case .netOffline: return .connectivity(online: false)
        case .queueChanged:
            let op = try fields.optionalString("op")
            guard let op else { return .queueChanged(QueueChange(length: try fields.integer("length"))) }
            guard let operation = QueueOperation(rawValue: op) else {
                throw fields.error("op", "expected one of \"enqueue\", \"drop\", \"send\", found \"\(op)\"")
            }
            guard let entry = try fields.workflowRequest("entry") else { throw fields.error("entry", "is required with op") }
            return .queueChanged(QueueChange(length: try fields.integer("length"), op: operation, entry: entry))
        case .profileUpdated:
            let worker = try fields.optionalID("worker")
            if role != .worker, worker == nil {
                throw fields.error("worker", "is required when a \(role) reports a worker's profile")
            }
            return .profileUpdated(worker: worker, profile: .object(try fields.object("profile")))
        case .traceEnd:
            return .end
        case .userInput:
            return .userInput(
                UserInputRecord(
                    input: try fields.string("input"), req: try fields.optionalID("req"), alert: try fields.optionalString("alert"),
                    choices: try fields.optionalStrings("choices"), choice: try fields.optionalString("choice")))
        }
    }

    /// Member `key` read as one of `Choice`'s cases, written as its raw value; the list of
    /// choices is made only for the error.
    private static func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ fields: TraceFields) throws(InputError) -> Choice
    where Choice.RawValue == String {
        if case .string(let text)? = fields.object[key], let value = Choice(rawValue: text) { return value }
        return Choice(rawValue: try fields.choice(key, Choice.allCases.map(\.rawValue)))!
    }

    private static func timer(_ fields: TraceFields) throws(InputError) -> TimerKind {
        try choice("timer", fields)
    }

    private static func decision(_ fields: TraceFields) throws(InputError) -> OfferDecisionReport {
        var report = OfferDecisionReport(req: try fields.id("req"))
        if let invalid = try fields.optionalObject("invalid") {
            report.invalidField = try fields.nested("invalid", invalid).string("field")
            return report
        }
        report.eligible = try fields.optionalBool("eligible")
        if let failed = fields.optional("failed") {
            guard let names = failed.arrayValue?.compactMap(\.stringValue), names.count == failed.arrayValue?.count else {
                throw fields.error("failed", "expected an array of requirement ids, found \(TraceFields.describe(failed))")
            }
            report.failed = names
        }
        report.distanceKm = try fields.optionalNumber("distanceKm")
        report.showAt = try fields.optionalInteger("showAt")
        if let profile = try fields.optionalObject("profile") { report.profile = .object(profile) }
        return report
    }
}

extension OfferDecisionReport {
    /// A report for `req` with nothing decided yet.
    public init(req: String) {
        self.req = req
    }
}
