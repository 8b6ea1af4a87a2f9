import JobWire
import SocketIONIO

extension BrokerSession {
    /// The steps the live broker cannot perform faithfully, and why (Docs/BROKER.md, "What the
    /// broker does not do"). A scenario with one is refused before it starts.
    static let notLive: [String: String] = [
        "relaunch": "a killed app has no socket to be told to launch again; a person relaunches by hand, a test build cannot",
    ]

    /// Why the live broker refuses `scenario`, naming its first step it cannot perform; nil when it can run it.
    public static func refusal(of scenario: Scenario) -> String? {
        for step in scenario.steps {
            if let why = notLive[step.action.name] {
                return "scenario \(scenario.name): steps[\(step.index)] (\(step.action.name)) cannot run live: \(why); run it in virtual time with `jobwire scenario run \(scenario.name) --adapter ...`"
            }
        }
        return nil
    }

    /// Refuses the app's handshake while its network is down or a `refuse-connect` step holds.
    public func refusesConnection(userID: String) -> String? {
        guard userID == scenario.app.id else { return nil }
        let now = clock.now()
        let refused = state.withLock { $0.engine.map { !$0.acceptsConnection(at: now) } ?? false }
        return refused ? "connection refused by scenario \(scenario.name)" : nil
    }
}

extension ScenarioEngine {
    /// Whether the app under test may connect at `now`: not killed, its network up, no refusal.
    public func acceptsConnection(at now: Int64) -> Bool { link.accepts(at: now) }
}
