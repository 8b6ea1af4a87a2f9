import JobWire

extension BrokerSession {
    /// Runs `injected` at once (the console's inject, Docs/BROKER.md "The console"); false when the
    /// scenario has not started (its app under test has not shown up) or is over.
    public func inject(_ injected: ScenarioStep) -> Bool {
        guard state.withLock({ $0.engine != nil && !$0.done }) else { return false }
        execute(step { engine in engine.inject(injected) })
        return true
    }

    /// Whether the scenario has started: its app under test showed up.
    public var hasStarted: Bool { state.withLock { $0.engine != nil } }
}
