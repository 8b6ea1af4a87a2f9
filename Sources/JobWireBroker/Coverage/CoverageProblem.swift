import JobWire

/// Something about the coverage declarations themselves that fails `jobwire requirements`: a
/// stale awaiting entry, a `Judge: none.` that something does judge, too many `Judge: none.`.
public struct CoverageProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where it is, e.g. `Vectors/requirements-awaiting-judge.txt:12` or `Docs/PROTOCOL.md`.
    public var place: String
    /// The requirement, when the problem is about one.
    public var id: RequirementID?
    /// What is wrong and what to do.
    public var message: String

    /// A problem at `place`.
    public init(place: String, id: RequirementID?, message: String) {
        self.place = place
        self.id = id
        self.message = message
    }

    /// `place: ID message`.
    public var description: String { "\(place): \(id.map { "\($0) " } ?? "")\(message)" }
}
