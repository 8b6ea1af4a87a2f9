import JobWire
import SocketIOWire

/// One control request of the broker's console (Docs/BROKER.md, "The console"): a JSON object
/// `{"command": "pause" | "resume" | "step" | "inject", "step": {...}}` posted with the token.
///
/// `inject` takes one step of the scenario vocabulary (Vectors/schemas/scenario.schema.json)
/// without `at`, `after` or `ms`: it runs at once. It is read by the reader of scenario files,
/// so a bad one is refused as precisely: an unknown `do` names `step.do` and lists the valid
/// ones, an unknown actor lists the scenario's, a `req` must be an alias some post declared.
public enum ConsoleCommand: Sendable, Equatable {
    /// Stop the scenario's clock where it stands.
    case pause
    /// Run the clock again.
    case resume
    /// Pause, then run the next moment the scenario waits for, and stay paused.
    case step
    /// Run this step now.
    case inject(ScenarioStep)

    /// The commands, as a request names them.
    public static let names = ["inject", "pause", "resume", "step"]

    /// The step kinds a console may inject: the scenario vocabulary less what cannot run live
    /// (``BrokerSession/notLive``), each with the members it takes.
    public static var vocabulary: [String: [String]] {
        ScenarioStepReader.actionKeys.filter { BrokerSession.notLive[$0.key] == nil }.mapValues { $0.sorted() }
    }

    /// Reads a request body for `scenario`; `aliases` are the request aliases declared so far (the
    /// scenario's and injected posts'), `index` numbers an injected step after the file's.
    public static func read(_ body: [UInt8], scenario: Scenario, aliases: Set<String>, index: Int) throws(InputError) -> ConsoleCommand {
        let document = try VectorDocument(bytes: body, file: "request body")
        let reader = try ScenarioReader(document, at: [], allowed: ["command", "step"])
        let name = try reader.choice("command", names)
        guard name == "inject" else {
            if reader.has("step") { throw reader.error("step", "only inject takes a step") }
            return name == "pause" ? .pause : name == "resume" ? .resume : .step
        }
        guard reader.has("step") else { throw reader.error("step", "is required: a step of the scenario vocabulary, such as {\"do\": \"duplicate\", \"event\": \"new\"}") }
        if let kind = document.value(at: ["step", "do"])?.stringValue {
            if let why = BrokerSession.notLive[kind] { throw document.error(at: ["step", "do"], "\(kind) cannot run live: \(why)") }
            guard vocabulary[kind] != nil else {
                throw document.error(at: ["step", "do"], "unknown step kind \"\(kind)\"; expected one of \(vocabulary.keys.sorted().joined(separator: ", "))")
            }
        }
        let step = try ScenarioStepReader.step(document, index: index, scenario: scenario, at: ["step"], untimed: true)
        if let alias = step.action.req, !aliases.contains(alias) {
            throw document.error(at: ["step", "req"], "\(alias) is not declared by any post step's \"as\"; declared: \(aliases.sorted().joined(separator: ", "))")
        }
        if case .post(let alias, _) = step.action, aliases.contains(alias) {
            throw document.error(at: ["step", "as"], "\(alias) is declared by another post step")
        }
        return .inject(step)
    }
}
