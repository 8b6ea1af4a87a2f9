import JobWire
import SocketIOWire

/// Reads one element of a scenario's `steps`: its timing, its actor and its action's fields,
/// each checked against the action (who may do it, which fields it takes).
enum ScenarioStepReader {
    static let timingKeys: Set<String> = ["at", "after", "ms", "actor", "do"]
    /// The members each action takes besides timing, actor and `do`.
    static let actionKeys: [String: Set<String>] = [
        "post": ["as", "request"], "accept": ["req"], "discard": ["req"], "close": ["req", "outcome"], "cancel": ["req", "reason"],
        "background": [], "foreground": [], "restart": [], "disconnect": ["for"],
        "send": ["event", "req", "to", "with"], "fail": ["call", "code", "req", "from"], "drop": ["event", "to"], "delay": ["event", "to", "by"], "end": [],
        // Faults.
        "refuse-connect": ["for"], "duplicate": ["event", "to"],
        "lose-answer": ["call", "req", "from"], "hang": ["call", "req", "from"], "malformed-answer": ["call", "req", "from"],
        "kill": [], "relaunch": [],
    ].merging(pressKeys) { core, _ in core }
    /// Actions of an app, and the role that may do them (nil: either).
    static let appActions: [String: TraceRole?] = [
        "post": .client, "cancel": .client, "accept": .worker, "discard": .worker, "close": nil,
        "background": nil, "foreground": nil, "restart": nil, "disconnect": nil,
        "kill": nil, "relaunch": nil,
    ].merging(pressActions) { core, _ in core }
    /// Actions only the app under test can have (the kit's apps keep their connection and run).
    static let appUnderTestOnly: Set<String> = ["disconnect", "kill", "relaunch"]
    /// The calls a scenario's backend answers (ScenarioEngine.classify): the job flow's five.
    static let scriptedCalls: [RESTCallKind] = [.postRequest, .workerAccept, .getJobs, .cancel, .close]
    static let requestFields: Set<String> = ["CatID", "category", "description", "clientName", "address", "lat", "lng", "image", "exclusive", "workerId"]
    /// The events a step names by their Configuration keys; the profile gives their wire names.
    static let protocolEvents = ProtocolEvent.allCases.map(\.rawValue)

    /// The step at `steps[index]`, or at `path` when given; an `untimed` step (one a console
    /// injects, to run at once) takes no `at`, `after` or `ms`.
    static func step(_ document: VectorDocument, index: Int, scenario: Scenario, at path: [String]? = nil, untimed: Bool = false) throws(InputError) -> ScenarioStep {
        let path = path ?? ["steps", String(index)]
        guard let name = document.value(at: path + ["do"])?.stringValue else {
            throw document.error(at: path, "do is required: one of \(actionKeys.keys.sorted().joined(separator: ", "))")
        }
        guard let fields = actionKeys[name] else {
            throw document.error(at: path + ["do"], "unknown action \"\(name)\"; expected one of \(actionKeys.keys.sorted().joined(separator: ", "))")
        }
        var allowed = timingKeys.union(fields)
        if document.value(at: path + ["after"]) == nil || untimed { allowed.remove("ms") }
        if untimed { allowed.subtract(["at", "after"]) }
        let reader = try ScenarioReader(document, at: path, allowed: allowed)
        let timing = untimed ? .at(0) : try self.timing(reader, action: name)
        let actor = try self.actor(reader, action: name, scenario: scenario)
        let action = try self.action(name, reader, scenario: scenario)
        if case .after(let trigger, _) = timing {
            let who = trigger.actor ?? actor
            if trigger.event == .shown, scenario.actor(who ?? "")?.role != .worker {
                throw reader.error("after", "\(trigger) needs a worker: name one with @ID")
            }
            if let named = trigger.actor, scenario.actor(named) == nil { throw reader.error("after", "no actor \(named)") }
        }
        return ScenarioStep(index: index, line: document.line(of: path), timing: timing, actor: actor, action: action)
    }

    private static func timing(_ reader: ScenarioReader, action: String) throws(InputError) -> ScenarioStep.Timing {
        switch (reader.has("at"), reader.has("after")) {
        case (true, false):
            return .at(try reader.integer("at"))
        case (false, true):
            let text = try reader.string("after")
            guard let trigger = ScenarioTrigger(text) else {
                throw reader.error("after", "expected ALIAS.EVENT or ALIAS.EVENT@ACTOR with EVENT one of \(ScenarioTrigger.Event.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(text)\"")
            }
            return .after(trigger, try reader.optionalInteger("ms") ?? 0)
        default:
            throw reader.error("give exactly one of \"at\" (ms from the start) and \"after\" (a trigger such as r1.posted)")
        }
    }

    private static func actor(_ reader: ScenarioReader, action: String, scenario: Scenario) throws(InputError) -> String? {
        guard let role = appActions[action] else {
            if reader.has("actor") { throw reader.error("actor", "\(action) is the backend's; it takes no actor") }
            return nil
        }
        let id = try reader.string("actor")
        guard let actor = scenario.actor(id) else {
            throw reader.error("actor", "no actor \(id); the scenario has \(scenario.actors.map(\.id).joined(separator: ", "))")
        }
        if let role, actor.role != role { throw reader.error("actor", "\(id) is a \(actor.role.protocolName); only a \(role.protocolName) can \(action)") }
        if appUnderTestOnly.contains(action), id != scenario.app.id { throw reader.error("actor", "only the app under test (\(scenario.app.id)) can \(action)") }
        return id
    }

    private static func action(_ name: String, _ reader: ScenarioReader, scenario: Scenario) throws(InputError) -> ScenarioStep.Action {
        func target(_ key: String) throws(InputError) -> String {
            guard let id = try reader.optionalString(key) else { return scenario.app.id }
            guard scenario.actor(id) != nil else { throw reader.error(key, "no actor \(id)") }
            return id
        }
        switch name {
        case "post":
            let request = try reader.object("request")
            for key in request.keys where !requestFields.contains(key) {
                throw reader.error(at: reader.path("request").appending(key), "is not a field of the post request (REST-2); clientId is the actor's id")
            }
            for key in ["CatID", "category", "description", "address", "lat", "lng"] where request[key] == nil {
                throw reader.error("request", "\(key) is required (REST-2)")
            }
            return .post(alias: try reader.string("as"), request: request)
        case "accept": return .accept(req: try reader.string("req"))
        case "discard": return .discard(req: try reader.string("req"))
        case "close": return .close(req: try reader.string("req"), outcome: try reader.choice("outcome", ["happy", "unhappy"]))
        case "cancel":
            let reason = try reader.optionalString("reason") ?? "changed my mind"
            guard reason != "timeout" else { throw reader.error("reason", "a cancel the user asks for must not say \"timeout\" (TIME-5)") }
            return .cancel(req: try reader.string("req"), reason: reason)
        case "background": return .background
        case "foreground": return .foreground
        case "restart": return .restart
        case "disconnect": return .disconnect(ms: try reader.integer("for", minimum: 1))
        case "send":
            _ = try reader.choice("event", [ProtocolEvent.new.rawValue])
            let to = try reader.string("to")
            guard to == "channel" || scenario.actor(to)?.role == .worker else { throw reader.error("to", "expected \"channel\" or a worker's id, found \"\(to)\"") }
            return .send(event: ProtocolEvent.new.rawValue, req: try reader.string("req"), to: to, with: try reader.optionalObject("with") ?? [:])
        case "fail":
            let call = RESTCallKind(rawValue: try reader.choice("call", scriptedCalls.map(\.rawValue)))!
            let codes = BackendError.Code.allCases.map(\.rawValue)
            let code = BackendError.Code(rawValue: try reader.choice("code", codes))!
            var from: String?
            if reader.has("from") { from = try target("from") }
            return .fail(call: call, code: code, req: try reader.optionalString("req"), from: from)
        case _ where pressKeys[name] != nil: return try press(name, reader)
        case "drop": return .drop(event: try reader.choice("event", protocolEvents), to: try target("to"))
        case "delay": return .delay(event: try reader.choice("event", protocolEvents), to: try target("to"), ms: try reader.integer("by", minimum: 1))
        case "end": return .end
        default: return try fault(name, reader, target: target)
        }
    }

    /// The fault steps (Docs/BROKER.md, "Faults").
    private static func fault(_ name: String, _ reader: ScenarioReader, target: (String) throws(InputError) -> String) throws(InputError) -> ScenarioStep.Action {
        switch name {
        case "refuse-connect": return .refuseConnect(ms: try reader.integer("for", minimum: 1))
        case "duplicate": return .duplicate(event: try reader.choice("event", protocolEvents), to: try target("to"))
        case "kill": return .kill
        case "relaunch": return .relaunch
        default:
            let fault = AnswerFault(rawValue: name)!
            let call = RESTCallKind(rawValue: try reader.choice("call", scriptedCalls.map(\.rawValue)))!
            var from: String?
            if reader.has("from") { from = try target("from") }
            return .breakAnswer(fault, call: call, req: try reader.optionalString("req"), from: from)
        }
    }
}
