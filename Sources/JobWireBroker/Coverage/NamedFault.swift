import JobWire

/// One deliberate mistake of a fault registry (``BackendFaults``, ``TaskFaults``, ``AppFaults``):
/// its name, the switch, and the requirement ids it breaks. The ids are declared here and nowhere
/// else; a test runs each fault and proves it fails exactly these, so `jobwire requirements` can
/// count the fault as a bad example of each.
public struct NamedFault<Fault: Sendable & Hashable>: Sendable {
    /// The name reports and tests use, e.g. `everyRacerWins`.
    public var name: String
    /// The switch.
    public var fault: Fault
    /// The requirement ids the fault breaks, in order.
    public var breaks: [RequirementID]

    /// A fault called `name` that breaks `breaks`.
    public init(_ name: String, _ fault: Fault, breaks: [RequirementID]) {
        self.name = name
        self.fault = fault
        self.breaks = breaks.sorted()
    }
}
