import JobWire

extension ScenarioEngine {
    /// Runs `step` at once, as if the scenario file had it due now: a step a person injects from
    /// the broker's console (Docs/BROKER.md, "The console"). Its timing is ignored; what it causes
    /// runs as any step's does, and what is due by `now` runs after it.
    public mutating func inject(_ step: ScenarioStep) -> [ScenarioOutput] {
        guard !finished else { return takeOutputs() }
        run(step)
        drain()
        return advance(to: now)
    }
}
