import SocketIOWire

extension TraceHeader {
    /// The header keys this version reads; others are refused, so a misspelt parameter cannot
    /// silently leave its default in force. Keys starting with `x-` are free for extensions.
    static let knownKeys: Set<String> = [
        "format", "version", "roles", "timeoutMs", "cancelToleranceMs", "clockSkewToleranceMs",
        "emitToleranceMs", "reactionToleranceMs", "retainMs", "reconnectMs", "reconnectMaxMs", "sessionTtlMs", "rememberMeTtlMs", "taskCancelCutoffMs", "events", "namespace", "rooms", "paths",
        "profiles", "description", "subject", "unknown",
    ]

    /// Reads the header line; every problem names the file, line 1 and the field.
    public init(json: JSONValue, file: String, line: Int = 1) throws(InputError) {
        guard let object = json.objectValue else {
            throw InputError(file: file, line: line, message: "the first line must be the trace header, a JSON object; found \(json.typeDescription)")
        }
        let fields = TraceFields(object, file: file, line: line)
        guard let format = object["format"] else {
            throw fields.error("format", "is required: the first line must be the trace header {\"format\":\"\(Self.formatName)\",\"version\":1,\"roles\":[...]}")
        }
        guard format == .string(Self.formatName) else {
            throw fields.error("format", "expected \"\(Self.formatName)\", found \(TraceFields.describe(format))")
        }
        let version = try fields.integer("version")
        guard version == Self.currentVersion else {
            throw fields.error("version", "this kit reads version \(Self.currentVersion), found \(version)")
        }
        for key in object.keys where !Self.knownKeys.contains(key) && !key.hasPrefix("x-") {
            throw fields.error(key, "is not a header key of version 1 (see Docs/TRACE.md); extensions start with x-")
        }
        guard let roleValues = object["roles"]?.arrayValue, !roleValues.isEmpty else {
            throw fields.error("roles", "expected a non-empty array of \"client\", \"worker\", \"backend\"")
        }
        var roles: Set<TraceRole> = []
        for (index, value) in roleValues.enumerated() {
            guard let role = value.stringValue.flatMap(TraceRole.init(rawValue:)), roles.insert(role).inserted else {
                throw fields.error("roles[\(index)]", "expected one of \"client\", \"worker\", \"backend\", each once; found \(TraceFields.describe(value))")
            }
        }
        self.init(roles: roles)
        timeoutMs = try fields.optionalInteger("timeoutMs", minimum: 1) ?? timeoutMs
        cancelToleranceMs = try fields.optionalInteger("cancelToleranceMs") ?? cancelToleranceMs
        clockSkewToleranceMs = try fields.optionalInteger("clockSkewToleranceMs") ?? clockSkewToleranceMs
        emitToleranceMs = try fields.optionalInteger("emitToleranceMs") ?? emitToleranceMs
        reactionToleranceMs = try fields.optionalInteger("reactionToleranceMs") ?? reactionToleranceMs
        retainMs = try fields.optionalInteger("retainMs") ?? retainMs
        reconnectMs = try fields.optionalInteger("reconnectMs") ?? reconnectMs
        reconnectMaxMs = try fields.optionalInteger("reconnectMaxMs") ?? reconnectMaxMs
        guard retainMs >= longestWindowMs else {
            throw fields.error("retainMs", "\(retainMs) is shorter than the longest tolerance window (\(longestWindowMs) ms); requests would be forgotten before their rules are judged")
        }
        sessionTtlMs = try fields.optionalInteger("sessionTtlMs") ?? sessionTtlMs
        rememberMeTtlMs = try fields.optionalInteger("rememberMeTtlMs") ?? rememberMeTtlMs
        taskCancelCutoffMs = try fields.optionalInteger("taskCancelCutoffMs") ?? taskCancelCutoffMs
        description = try fields.optionalString("description")
        profile.namespace = try fields.optionalString("namespace") ?? profile.namespace
        if let events = try fields.optionalObject("events") {
            let nested = fields.nested("events", events)
            for key in events.keys {
                guard let event = ProtocolEvent(rawValue: key) else {
                    throw nested.error(key, "is not a protocol event; expected new, apply, cancel or close")
                }
                profile.eventNames[event] = try nested.string(key)
            }
        }
        if let rooms = try fields.optionalObject("rooms") {
            let nested = fields.nested("rooms", rooms)
            for key in rooms.keys where key != "channel" {
                throw nested.error(key, "is not a room of version 1; expected channel")
            }
            profile.channelRoom = try nested.optionalString("channel") ?? profile.channelRoom
        }
        if let paths = try fields.optionalObject("paths") {
            let nested = fields.nested("paths", paths)
            for key in paths.keys {
                let text = try nested.string(key)
                guard let route = RESTRoute(text) else {
                    throw nested.error(key, "expected \"METHOD /path\", such as \"POST /api/requests/{ReqID}/accept\", found \"\(text)\"")
                }
                // Paths of other areas may be listed; the rules use the job flow's and the task API's.
                if let kind = RESTCallKind(rawValue: key) { profile.routes[kind] = route }
                if let kind = TaskCallKind(rawValue: key) { profile.taskRoutes[kind] = route }
                if key == "clockFixture" { profile.clockFixture = route }
            }
        }
        if let subjects = object["subject"] {
            guard let values = subjects.arrayValue, !values.isEmpty else {
                throw fields.error("subject", "expected a non-empty array of \"client\", \"worker\", \"backend\", found \(TraceFields.describe(subjects))")
            }
            subject = []
            for (index, value) in values.enumerated() {
                guard let role = value.stringValue.flatMap(TraceRole.init(rawValue:)), subject.insert(role).inserted else {
                    throw fields.error("subject[\(index)]", "expected one of \"client\", \"worker\", \"backend\", each once; found \(TraceFields.describe(value))")
                }
            }
        }
        if let unknown = try fields.optionalObject("unknown") {
            let nested = fields.nested("unknown", unknown)
            for key in unknown.keys where !["requests", "workers", "tokens", "emails"].contains(key) {
                throw nested.error(key, "is not a list of version 1; expected requests, workers, tokens or emails")
            }
            unknownRequests = Set(try nested.optionalIDs("requests") ?? [])
            unknownWorkers = Set(try nested.optionalIDs("workers") ?? [])
            unknownTokens = Set(try nested.optionalIDs("tokens") ?? [])
            unknownEmails = Set(try nested.optionalIDs("emails") ?? [])
        }
        if let profiles = try fields.optionalObject("profiles") {
            let nested = fields.nested("profiles", profiles)
            for member in profiles.members {
                guard member.value.objectValue != nil else {
                    throw nested.error(member.key, "expected a worker profile object, found \(TraceFields.describe(member.value))")
                }
                self.profiles[member.key] = member.value
            }
        }
    }
}
