import JobWire
import JobWireAdapters
import SocketIOWire

/// An adapter program as the app under test of a scenario (Docs/ADAPTER.md, suite `scenario`):
/// `start` launches the app, each `input` is answered with the app's `actions`. One process serves
/// scenario after scenario (each `start` begins afresh) until ``finish()``; after a scenario that
/// broke it, ``isBroken`` says so and the owner launches another. The process handling is
/// ``AdapterTestee``'s.
public actor AdapterScenarioTestee: ScenarioTestee {
    /// The suite name adapters declare in their hello.
    public static let suite = "scenario"

    private let adapter: AdapterTestee
    private let command: AdapterCommand
    private var scenario = ""
    private var counter = 0

    /// Launches the adapter and says hello; a program that cannot be started is an error.
    public static func launch(_ command: AdapterCommand, timeout: Duration) async throws(InputError) -> AdapterScenarioTestee {
        AdapterScenarioTestee(adapter: try await AdapterTestee.start(command, suite: suite, timeout: timeout), command: command)
    }

    private init(adapter: AdapterTestee, command: AdapterCommand) {
        self.adapter = adapter
        self.command = command
    }

    public var name: String { get async { await adapter.name } }

    /// The hello's `roles` (`client`, `worker`) say which apps it plays; without them, both.
    public func plays(_ role: TraceRole) async -> Bool {
        guard await adapter.supports(Self.suite) else { return false }
        guard let roles = await adapter.hello?["roles"]?.arrayValue else { return true }
        return roles.contains(.string(role.rawValue))
    }

    public func start(_ config: AppConfig, now: Int64) async -> ScenarioAnswer {
        scenario = config.scenario
        counter = 0
        let id = "\(scenario)#0"
        let message: JSONValue = ["type": "start", "id": .string(id), "scenario": .string(scenario), "now": .int(now), "app": config.json]
        return await send(message, id: id, what: "the start of \(scenario)")
    }

    public func handle(_ input: AppInput, now: Int64) async -> ScenarioAnswer {
        counter += 1
        let id = "\(scenario)#\(counter)"
        let message: JSONValue = ["type": "input", "id": .string(id), "now": .int(now), "input": input.json]
        return await send(message, id: id, what: "input \(id) (\(input.json["kind"]?.stringValue ?? "?"))")
    }

    public func finish() async -> String? { await adapter.finish() }

    /// True once the adapter broke the protocol; it answers nothing more.
    public var isBroken: Bool { get async { await adapter.brokenReason != nil } }

    private func send(_ message: JSONValue, id: String, what: String) async -> ScenarioAnswer {
        switch await adapter.request(message, id: id, what: what) {
        case .broken(let reason):
            return .broken(reason)
        case .answer(let reply):
            switch reply["type"]?.stringValue {
            case "output":
                guard let list = reply["actions"]?.arrayValue else { return .broken("the answer to \(what) has no \"actions\" array: \(reply.compactText.prefix(200))") }
                var actions: [AppAction] = []
                for (index, value) in list.enumerated() {
                    do {
                        actions.append(try AppAction(json: value))
                    } catch {
                        return .broken("the answer to \(what): actions[\(index)]: \(error.message)")
                    }
                }
                return .actions(actions)
            case "error":
                return .broken("testee reported an error at \(what): \(reply["message"]?.stringValue ?? "(no message)")")
            default:
                return .broken("the answer to \(what) is not {\"type\":\"output\",...}: \(reply.compactText.prefix(200))")
            }
        }
    }
}
