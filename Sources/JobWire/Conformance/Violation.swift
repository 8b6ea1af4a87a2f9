/// One breach of a requirement found in a trace: the requirement, the trace lines that show it,
/// what the requirement expected there and what the trace shows instead (h2spec's shape).
public struct Violation: Sendable, Hashable {
    /// The requirement broken, e.g. `FLOW-1`.
    public var requirement: RequirementID
    /// The 1-based trace lines involved, in ascending order.
    public var lines: [Int]
    /// What a conformant trace shows at this point.
    public var expected: String
    /// What this trace shows.
    public var observed: String

    /// A violation of `requirement` shown by `lines`.
    public init(requirement: RequirementID, lines: [Int], expected: String, observed: String) {
        self.requirement = requirement
        self.lines = Array(Set(lines)).sorted()
        self.expected = expected
        self.observed = observed
    }

    /// `line 7` or `lines 7, 9`.
    public var linesText: String {
        lines.count == 1 ? "line \(lines[0])" : "lines " + lines.map(String.init).joined(separator: ", ")
    }
}
