import SocketIOWire

/// Writes trace lines (Docs/TRACE.md): typed events in, compact JSON lines out. It is the
/// counterpart of ``TraceEvent/init(json:header:file:line:)`` and the only place the kit builds a
/// line, so every writer (``TraceWriter``, the broker's capture, verify, the scenario engine)
/// writes the same shape.
///
/// Lines are canonical: members in the order Docs/TRACE.md lists them, and a member at its
/// default left out (a namespace equal to the header's, an optional that is absent, an
/// `offline` call's data equal to the request's body), so decoding a line and encoding the event
/// again gives the same text.
public struct TraceEncoder: Sendable {
    /// The header the lines follow; its namespace is the default of every `nsp`.
    public let header: TraceHeader

    /// An encoder for the events of a trace with `header`.
    public init(header: TraceHeader) {
        self.header = header
    }

    /// Line 1: the header's compact JSON text and a newline.
    public var headerLine: String { header.json.compactText + "\n" }

    /// The event's line: its compact JSON text and a newline.
    public func line(_ event: TraceEvent) -> String {
        Self.line(json(event))
    }

    /// The line of an event already encoded by ``json(_:)``: its compact text and a newline.
    public static func line(_ json: JSONValue) -> String {
        json.compactText + "\n"
    }

    /// The event's JSON object: `ts`, `actor`, `id`, `kind`, then the kind's fields.
    public func json(_ event: TraceEvent) -> JSONValue {
        var object: JSONObject = ["ts": .int(event.ts), "actor": .string(event.actor.role.rawValue)]
        object["id"] = event.actor.id.map(JSONValue.string)
        object["kind"] = .string(event.kind.rawValue)
        object.members += fields(event.body).members
        return .object(object)
    }

    /// The members a kind defines, in Docs/TRACE.md's order.
    func fields(_ body: TraceEventBody) -> JSONObject {
        switch body {
        case .socketOut(let message), .socketIn(let message):
            var object: JSONObject = ["event": .string(message.event)]
            object["payload"] = message.payload
            object["nsp"] = namespace(message.namespace)
            object["to"] = message.room.map(JSONValue.string)
            object["from"] = message.from.map(JSONValue.string)
            return object
        case .connected(let record), .disconnected(let record), .connecting(let record):
            var object = JSONObject()
            object["nsp"] = namespace(record.namespace)
            object["reason"] = record.reason.map { .string($0.rawValue) }
            object["queued"] = record.queued.map(JSONValue.int)
            object["auth"] = record.auth
            return object
        case .httpRequest(let request):
            var object: JSONObject = ["xid": .string(request.xid), "method": .string(request.method), "path": .string(request.path)]
            object["body"] = request.body
            object["call"] = request.call.map { call(of: $0, body: request.body) }
            object["bearer"] = request.bearer.map(JSONValue.string)
            return object
        case .httpResponse(let response):
            var object: JSONObject = ["xid": .string(response.xid)]
            object["status"] = response.status.map(JSONValue.int)
            object["body"] = response.body
            object["error"] = response.error.map(JSONValue.string)
            object["contentType"] = response.contentType.map(JSONValue.string)
            return object
        case .viewShown(let view):
            var object: JSONObject = ["view": .string(view.view)]
            object["req"] = view.req.map(JSONValue.string)
            object["elements"] = view.elements.map(JSONValue.object)
            return object
        case .alertShown(let alert):
            var object: JSONObject = ["alert": .string(alert.alert), "result": .string(alert.result.rawValue)]
            object["req"] = alert.req.map(JSONValue.string)
            if !alert.elements.isEmpty { object["elements"] = .object(alert.elements) }
            object["for"] = alert.notification.subject.map { .string($0.rawValue) }
            object["entity"] = alert.notification.entity.map(JSONValue.string)
            return object
        case .alertDismissed(let alert, let req):
            var object: JSONObject = ["alert": .string(alert)]
            object["req"] = req.map(JSONValue.string)
            return object
        case .offerReceived(let req, let via, let offer):
            return ["req": .string(req), "via": .string(via.rawValue), "offer": offer]
        case .offerDecided(let report):
            return decision(report)
        case .offerShown(let req):
            return ["req": .string(req)]
        case .offerDiscarded(let req, let stored):
            var object: JSONObject = ["req": .string(req)]
            object["stored"] = stored.map(Self.strings)
            return object
        case .offerRemoved(let req, let why):
            return ["req": .string(req), "why": .string(why.rawValue)]
        case .timerStarted(let timer, let req, let startedAt):
            return ["timer": .string(timer.rawValue), "req": .string(req), "startedAt": .int(startedAt)]
        case .timerFired(let timer, let req):
            return ["timer": .string(timer.rawValue), "req": .string(req)]
        case .lifecycle(_, let stored):
            return Self.fields(stored)
        case .connectivity, .end:
            return [:]
        case .queueChanged(let change):
            var object: JSONObject = ["length": .int(change.length)]
            object["op"] = change.op.map { .string($0.rawValue) }
            object["entry"] = change.entry.map(\.json)
            return object
        case .profileUpdated(let worker, let profile):
            var object: JSONObject = ["profile": profile]
            object["worker"] = worker.map(JSONValue.string)
            return object
        case .userInput(let input):
            var object: JSONObject = ["input": .string(input.input)]
            object["req"] = input.req.map(JSONValue.string)
            object["alert"] = input.alert.map(JSONValue.string)
            object["choices"] = input.choices.map(Self.strings)
            object["choice"] = input.choice.map(JSONValue.string)
            return object
        }
    }

    /// `nsp`, left out when it is the header's.
    private func namespace(_ namespace: String) -> JSONValue? {
        namespace == header.profile.namespace ? nil : .string(namespace)
    }

    /// An `http.request`'s `call`, its `data` left out when it is the request's body.
    private func call(of request: OfflineRequest, body: JSONValue?) -> JSONValue {
        guard case .object(var object) = request.json else { return request.json }
        if let body, object["data"] == body { object["data"] = nil }
        return .object(object)
    }

    private func decision(_ report: OfferDecisionReport) -> JSONObject {
        var object: JSONObject = ["req": .string(report.req)]
        if let field = report.invalidField {
            object["invalid"] = ["field": .string(field)]
            return object
        }
        object["eligible"] = report.eligible.map(JSONValue.bool)
        object["failed"] = report.failed.map(Self.strings)
        object["distanceKm"] = report.distanceKm.map(JSONValue.double)
        object["showAt"] = report.showAt.map(JSONValue.int)
        object["profile"] = report.profile
        return object
    }

    /// What an `app.launched` or `app.restored` read back from the device.
    private static func fields(_ stored: StoredState) -> JSONObject {
        var object = JSONObject()
        object["discards"] = stored.discards.map(strings)
        switch stored.jwt {
        case nil: break
        case .none?: object["jwt"] = .null
        case .token(let expiresAt, let token)?:
            var jwt: JSONObject = ["expiresAt": .int(expiresAt)]
            jwt["token"] = token.map(JSONValue.string)
            object["jwt"] = .object(jwt)
        }
        object["everOnline"] = stored.everOnline.map(JSONValue.bool)
        object["queue"] = stored.queue.map { .array($0.map(\.json)) }
        object["options"] = stored.options
        return object
    }

    private static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }
}

extension TraceHeader {
    /// The header as one JSON line's value, with every parameter written out.
    public var json: JSONValue {
        var object: JSONObject = [
            "format": .string(Self.formatName),
            "version": .int(Self.currentVersion),
            "roles": .array(TraceRole.allCases.filter(roles.contains).map { .string($0.rawValue) }),
            "timeoutMs": .int(timeoutMs),
            "cancelToleranceMs": .int(cancelToleranceMs),
            "clockSkewToleranceMs": .int(clockSkewToleranceMs),
            "emitToleranceMs": .int(emitToleranceMs),
            "reactionToleranceMs": .int(reactionToleranceMs),
            "retainMs": .int(retainMs),
        ]
        let defaults = TraceHeader(roles: roles)
        // The reconnection bounds and the task boundaries are written only when they differ, so older readers see the same header.
        if reconnectMs != defaults.reconnectMs { object["reconnectMs"] = .int(reconnectMs) }
        if reconnectMaxMs != defaults.reconnectMaxMs { object["reconnectMaxMs"] = .int(reconnectMaxMs) }
        if sessionTtlMs != defaults.sessionTtlMs { object["sessionTtlMs"] = .int(sessionTtlMs) }
        if rememberMeTtlMs != defaults.rememberMeTtlMs { object["rememberMeTtlMs"] = .int(rememberMeTtlMs) }
        if taskCancelCutoffMs != defaults.taskCancelCutoffMs { object["taskCancelCutoffMs"] = .int(taskCancelCutoffMs) }
        if profile.eventNames != defaults.profile.eventNames {
            object["events"] = .object(JSONObject(ProtocolEvent.allCases.map { JSONObject.Member(key: $0.rawValue, value: .string(profile.name(of: $0))) }))
        }
        if profile.namespace != defaults.profile.namespace { object["namespace"] = .string(profile.namespace) }
        if profile.channelRoom != defaults.profile.channelRoom { object["rooms"] = ["channel": .string(profile.channelRoom)] }
        // A fixture the backend lacks is left out: the kit never calls it, and a reader takes the default.
        var paths = JSONObject()
        for kind in RESTCallKind.allCases {
            if let route = profile.routes[kind], route != defaults.profile.routes[kind] { paths.members.append(.init(key: kind.rawValue, value: .string(route.description))) }
        }
        for kind in TaskCallKind.allCases {
            if let route = profile.taskRoutes[kind], route != defaults.profile.taskRoutes[kind] { paths.members.append(.init(key: kind.rawValue, value: .string(route.description))) }
        }
        // The clock fixture's answers are judged (FIX-4), so a path other than the default is written.
        if let clock = profile.clockFixture, clock != defaults.profile.clockFixture { paths.members.append(.init(key: "clockFixture", value: .string(clock.description))) }
        if !paths.isEmpty { object["paths"] = .object(paths) }
        if let description { object["description"] = .string(description) }
        if subject != defaults.subject {
            object["subject"] = .array(TraceRole.allCases.filter(subject.contains).map { .string($0.rawValue) })
        }
        if !unknownRequests.isEmpty || !unknownWorkers.isEmpty || !unknownTokens.isEmpty || !unknownEmails.isEmpty {
            var unknown = JSONObject()
            if !unknownRequests.isEmpty { unknown["requests"] = .array(unknownRequests.sorted().map { .string($0) }) }
            if !unknownWorkers.isEmpty { unknown["workers"] = .array(unknownWorkers.sorted().map { .string($0) }) }
            if !unknownTokens.isEmpty { unknown["tokens"] = .array(unknownTokens.sorted().map { .string($0) }) }
            if !unknownEmails.isEmpty { unknown["emails"] = .array(unknownEmails.sorted().map { .string($0) }) }
            object["unknown"] = .object(unknown)
        }
        if !profiles.isEmpty {
            object["profiles"] = .object(JSONObject(profiles.keys.sorted().map { JSONObject.Member(key: $0, value: profiles[$0]!) }))
        }
        return .object(object)
    }
}
