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
    /// The requirement ids the fault breaks in every run, in order. A race fault breaks them in a run
    /// whose rounds hit its gap in every case that shows one of them; the tests give it three seeds.
    public var breaks: [RequirementID]
    /// The ids it breaks only in some interleavings of calls the kit releases together (which one
    /// the backend takes first is the machine's timing), in order: a run may fail them besides
    /// ``breaks`` and is still this fault's. They count as no bad example.
    public var breaksInSomeInterleavings: [RequirementID]

    /// A fault called `name` that breaks `breaks`, and `breaksInSomeInterleavings` in some runs.
    public init(_ name: String, _ fault: Fault, breaks: [RequirementID], breaksInSomeInterleavings: [RequirementID] = []) {
        self.name = name
        self.fault = fault
        self.breaks = breaks.sorted()
        self.breaksInSomeInterleavings = breaksInSomeInterleavings.sorted()
    }

    /// Whether a run that failed exactly `failed` is this fault's: every id of ``breaks``, and
    /// nothing beyond them but ids of ``breaksInSomeInterleavings``.
    public func isCaught(by failed: [RequirementID]) -> Bool {
        Set(breaks).isSubset(of: failed) && Set(failed).isSubset(of: breaks + breaksInSomeInterleavings)
    }
}
