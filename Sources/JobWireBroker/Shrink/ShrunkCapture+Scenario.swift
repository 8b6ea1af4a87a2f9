import JobWire
import SocketIOWire

extension ShrunkCapture {
    /// The members of a post's body a scenario's `request` may hold (scenario.schema.json).
    static let requestKeys: Set<String> = ["CatID", "category", "description", "clientName", "address", "lat", "lng", "image", "exclusive", "workerId"]

    /// The shrunk capture as a scenario file (Vectors/scenarios format): the app that wrote the
    /// first line of the kept failure is the app under test, the other apps the kit plays; each
    /// kept post, WorkerAccept, cancel and close of an app becomes a step at its time from the
    /// first kept line, with the values the capture recorded (before the field passes). Requests
    /// are named `r1`, `r2` ... in the order posted. Throws when the kept lines hold no app or no
    /// call a scenario can script. A scenario replays the apps' actions against the kit's
    /// backend, so it re-creates an app's failure; a failure of the captured backend needs the
    /// bad trace. `name` (the file's, without `.json`) defaults to `ROLE-shrunk-ID`, e.g.
    /// `worker-shrunk-view-4`.
    public func scenarioText(name: String? = nil) throws(InputError) -> String {
        let originals = originalLines.map { number in input.events.firstIndex { $0.line == number }! }
        let events = originals.map { input.events[$0] }
        let apps = Self.apps(in: events)
        guard let app = failingApp(events) ?? apps.first else {
            throw InputError(file: input.file, message: "the shrunk trace holds no app's line, so no scenario can play it; write it --as trace")
        }
        let routes = input.header.profile.routes
        let start = events.first?.ts ?? 0
        var aliases: [String: String] = [:]
        for event in input.events {
            guard case .httpResponse(let answer) = event.body, let id = answer.body?["ReqID"]?.idText, aliases[id] == nil else { continue }
            if input.events.contains(where: { Self.isPost($0, xid: answer.xid, actor: event.actor, routes: routes) }) {
                aliases[id] = "r\(aliases.count + 1)"
            }
        }
        var steps: [JSONValue] = []
        for (position, event) in events.enumerated() {
            guard event.actor.role != .backend, let actor = event.actor.id, case .httpRequest(let request) = event.body else { continue }
            var step: JSONObject = ["at": .int(event.ts - start), "actor": .string(actor)]
            let body = input.lines[originals[position]]["body"]?.objectValue ?? [:]
            if routes[.postRequest]?.match(method: request.method, path: request.path) != nil {
                guard let id = input.events.lazy.compactMap({ Self.answeredID(to: request.xid, of: event.actor, in: $0) }).first, let alias = aliases[id] else { continue }
                step["do"] = "post"
                step["as"] = .string(alias)
                step["request"] = .object(JSONObject(body.members.filter { Self.requestKeys.contains($0.key) && $0.key != "clientName" }))
            } else if let kind = [RESTCallKind.workerAccept, .cancel, .close].first(where: { routes[$0]?.match(method: request.method, path: request.path) != nil }),
                let id = routes[kind]?.match(method: request.method, path: request.path)?["ReqID"], let alias = aliases[id]
            {
                step["req"] = .string(alias)
                switch kind {
                case .workerAccept: step["do"] = "accept"
                case .cancel:
                    // The timeout cancel is the app's own timer's (TIME-2), not a step.
                    if body["reason"]?.stringValue == "timeout" { continue }
                    step["do"] = "cancel"
                    if let reason = body["reason"]?.stringValue, !reason.isEmpty { step["reason"] = .string(reason) }
                default:
                    step["do"] = "close"
                    step["outcome"] = body["outcome"]?.stringValue == "unhappy" ? "unhappy" : "happy"
                }
            } else {
                continue
            }
            steps.append(.object(step))
        }
        guard !steps.isEmpty else {
            throw InputError(file: input.file, message: "the shrunk trace holds no post, WorkerAccept, cancel or close a scenario can script; write it --as trace")
        }
        let scenario: JSONObject = [
            "scenario": .string(name ?? "\(app.role == .worker ? "worker" : "client")-shrunk-\(keep.rawValue.lowercased())"),
            "description": .string("Shrunk by jobwire capture shrink from a capture that failed \(keep.rawValue)."),
            "requirements": .array([.string(keep.rawValue)]),
            "app": .object(actorJSON(app)),
            "kit": .array(apps.filter { $0 != app }.map { .object(actorJSON($0)) }),
            "steps": .array(steps),
        ]
        return JSONValue.object(scenario).prettyText + "\n"
    }

    /// The app actors of `events`, in the order they first appear.
    static func apps(in events: [TraceEvent]) -> [TraceActor] {
        var seen: [TraceActor] = []
        for event in events where event.actor.role != .backend && event.actor.id != nil && !seen.contains(event.actor) { seen.append(event.actor) }
        return seen
    }

    /// The app that wrote the first line of the first violation of the kept requirement.
    private func failingApp(_ events: [TraceEvent]) -> TraceActor? {
        guard let verdict = try? TraceChecker.check(header: input.header, events: events, file: input.file, keep: 1),
            let line = verdict.rules.first(where: { $0.info.id == keep })?.violations.first?.lines.first,
            let event = events.first(where: { $0.line == line }), event.actor.role != .backend, event.actor.id != nil
        else { return nil }
        return event.actor
    }

    /// A scenario actor: a worker with the profile the capture shows for it (the header's
    /// `profiles`, else its last `profile.updated`), else an expert in every category posted, nearby.
    private func actorJSON(_ actor: TraceActor) -> JSONObject {
        var object: JSONObject = ["role": .string(actor.role == .worker ? "worker" : "client"), "id": .string(actor.id ?? "")]
        guard actor.role == .worker, let id = actor.id else { return object }
        var profile = input.header.profiles[id]
        for event in input.events where event.actor == actor {
            if case .profileUpdated(_, let reported) = event.body { profile = reported }
        }
        let allowed: Set<String> = ["expertActive", "expertSource", "categories", "maxKms", "lat", "lng"]
        var shown = JSONObject((profile?.objectValue ?? [:]).members.filter { allowed.contains($0.key) })
        var categories: [JSONValue] = []
        for event in input.events {
            guard case .httpRequest(let request) = event.body, input.header.profile.routes[.postRequest]?.match(method: request.method, path: request.path) != nil,
                let category = request.body?["CatID"], !categories.contains(category)
            else { continue }
            categories.append(category)
        }
        let defaults: JSONObject = ["expertActive": true, "expertSource": .null, "categories": .array(categories), "maxKms": .int(50), "lat": .double(40.0), "lng": .double(-3.0)]
        for member in defaults.members where shown[member.key] == nil { shown[member.key] = member.value }
        object["profile"] = .object(shown)
        return object
    }

    private static func isPost(_ event: TraceEvent, xid: String, actor: TraceActor, routes: [RESTCallKind: RESTRoute]) -> Bool {
        guard event.actor == actor, case .httpRequest(let request) = event.body, request.xid == xid else { return false }
        return routes[.postRequest]?.match(method: request.method, path: request.path) != nil
    }

    private static func answeredID(to xid: String, of actor: TraceActor, in event: TraceEvent) -> String? {
        guard event.actor == actor, case .httpResponse(let answer) = event.body, answer.xid == xid else { return nil }
        return answer.body?["ReqID"]?.idText
    }
}
