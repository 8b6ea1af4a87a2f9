import Foundation
import JobWire
import SocketIOWire

/// Reads scenario files (`Vectors/scenarios/*.json`, Docs/BROKER.md) strictly: every unknown
/// member, missing field, wrong type, unknown actor or alias is an error naming the file, the
/// line and the field, such as `worker-happy.json:14: steps[2].req: ...`.
public enum ScenarioLoader {
    static let topKeys: Set<String> = ["scenario", "description", "requirements", "settings", "horizon", "app", "kit", "steps"]
    static let actorKeys: Set<String> = ["role", "id", "name", "avatar", "rating", "profile", "blockedWorkers", "delaySeconds"]

    /// Loads one scenario file; `catalog`, when given, must know every listed requirement.
    public static func load(url: URL, displayPath: String? = nil, catalog: RequirementCatalog? = nil) throws(InputError) -> Scenario {
        let document = try VectorDocument(url: url, displayPath: displayPath)
        let top = try ScenarioReader(document, at: [], allowed: topKeys)
        let name = try top.string("scenario")
        let base = url.deletingPathExtension().lastPathComponent
        guard name == base else { throw top.error("scenario", "is \"\(name)\" but the file is \(base).json; they must match") }
        guard name.range(of: #"^[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) != nil else {
            throw top.error("scenario", "\"\(name)\" must be lower-case words joined by dashes")
        }
        let description = try top.string("description")
        let requirements = try (top.optionalStrings("requirements") ?? []).map { RequirementID($0) }
        guard !requirements.isEmpty else { throw document.error(at: ["requirements"], "list at least one requirement id the scenario exercises") }
        for (index, id) in requirements.enumerated() {
            guard id.number != nil, catalog == nil || catalog![id] != nil else {
                throw document.error(at: ["requirements", String(index)], "\(id) is not a requirement of Docs/PROTOCOL.md")
            }
        }
        var settings = ScenarioSettings()
        if top.has("settings") {
            let reader = try ScenarioReader(document, at: ["settings"], allowed: Set(ScenarioSettings.keys))
            settings.timeoutMs = try reader.optionalInteger("timeoutMs", minimum: 1) ?? settings.timeoutMs
            settings.cancelToleranceMs = try reader.optionalInteger("cancelToleranceMs") ?? settings.cancelToleranceMs
            settings.clockSkewToleranceMs = try reader.optionalInteger("clockSkewToleranceMs") ?? settings.clockSkewToleranceMs
            settings.emitToleranceMs = try reader.optionalInteger("emitToleranceMs") ?? settings.emitToleranceMs
            settings.reactionToleranceMs = try reader.optionalInteger("reactionToleranceMs") ?? settings.reactionToleranceMs
        }
        let app = try actor(document, at: ["app"])
        var kit: [ScenarioActor] = []
        if top.has("kit") {
            for index in try document.array(document.root, at: ["kit"]).indices {
                kit.append(try actor(document, at: ["kit", String(index)]))
            }
        }
        var seen: Set<String> = [app.id]
        for (index, actor) in kit.enumerated() where !seen.insert(actor.id).inserted {
            throw document.error(at: ["kit", String(index), "id"], "\(actor.id) is used by another actor")
        }
        let partial = Scenario(name: name, description: description, file: document.file, requirements: requirements, settings: settings, app: app, kit: kit, steps: [])
        let stepValues = try document.array(document.root, at: ["steps"])
        guard !stepValues.isEmpty else { throw document.error(at: ["steps"], "a scenario needs at least one step") }
        var steps: [ScenarioStep] = []
        for index in stepValues.indices {
            steps.append(try ScenarioStepReader.step(document, index: index, scenario: partial))
        }
        try checkAliases(steps, document)
        var scenario = partial
        scenario.steps = steps
        scenario.horizonMs = try top.optionalInteger("horizon", minimum: 1)
        return scenario
    }

    /// One actor: `app` or an element of `kit`.
    static func actor(_ document: VectorDocument, at path: [String]) throws(InputError) -> ScenarioActor {
        let reader = try ScenarioReader(document, at: path, allowed: actorKeys)
        let role = TraceRole(rawValue: try reader.choice("role", ["client", "worker"]))!
        let id = try reader.string("id")
        var actor = ScenarioActor(id: id, role: role, name: try reader.optionalString("name") ?? id)
        actor.avatar = try reader.optionalString("avatar") ?? "https://img.example.com/\(id).png"
        if let rating = reader.object["rating"], !rating.isNull {
            guard let value = rating.doubleValue, (0...5).contains(value) else { throw reader.error("rating", "expected a number from 0 to 5 or null, found \(rating.compactText)") }
            actor.rating = value
        }
        actor.blockedWorkers = try reader.optionalStrings("blockedWorkers") ?? []
        actor.delaySeconds = try reader.optionalInteger("delaySeconds") ?? 0
        if role == .worker {
            var profile = try reader.object("profile")
            if let given = profile["userID"], CanonicalID(json: given)?.text != id {
                throw document.error(at: path + ["profile", "userID"], "must be the actor's id \(id) or left out")
            }
            profile["userID"] = .string(id)
            do {
                _ = try WorkerProfile(json: .object(profile))
            } catch {
                throw document.error(at: path + ["profile"] + JSONFieldPath(error.field).components.dropFirst(), error.message)
            }
            actor.profile = .object(profile)
        } else if reader.has("profile") {
            throw reader.error("profile", "only a worker has a profile")
        }
        return actor
    }

    /// Every `req` and trigger names an alias some `post` step declares, and each alias is declared once.
    static func checkAliases(_ steps: [ScenarioStep], _ document: VectorDocument) throws(InputError) {
        var declared: Set<String> = []
        for step in steps {
            guard case .post(let alias, _) = step.action else { continue }
            guard declared.insert(alias).inserted else { throw document.error(at: ["steps", String(step.index), "as"], "\(alias) is declared by another post step") }
        }
        for step in steps {
            if let alias = step.action.req, !declared.contains(alias) {
                throw document.error(at: ["steps", String(step.index), "req"], "\(alias) is not declared by any post step's \"as\"")
            }
            if case .after(let trigger, _) = step.timing, !declared.contains(trigger.alias) {
                throw document.error(at: ["steps", String(step.index), "after"], "\(trigger.alias) is not declared by any post step's \"as\"")
            }
        }
    }
}
