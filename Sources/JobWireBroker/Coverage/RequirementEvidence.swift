import JobWire

/// The judges and bad examples found for each requirement id, and remarks on what could not be
/// looked at (``RequirementEvidence/kit(vectors:displayRoot:examples:)`` gathers the kit's own).
public struct RequirementEvidence: Sendable {
    /// Every piece of evidence per id, judges and bad examples alike, in the order found.
    public private(set) var byID: [RequirementID: [CoverageEvidence]] = [:]
    /// Sources that were not counted, and why, e.g. `wrong adapters: Examples/ not found, not counted`.
    public var notes: [String] = []

    /// No evidence yet.
    public init() {}

    /// Records `kind` evidence called `name` for each of `ids`.
    public mutating func add(_ kind: CoverageEvidence.Kind, _ name: String, for ids: [RequirementID]) {
        for id in Set(ids) { byID[id, default: []].append(CoverageEvidence(kind, name)) }
    }

    /// The judges of `id`.
    public func judges(of id: RequirementID) -> [CoverageEvidence] { byID[id, default: []].filter(\.kind.isJudge) }

    /// The bad examples of `id`.
    public func badExamples(of id: RequirementID) -> [CoverageEvidence] { byID[id, default: []].filter { !$0.kind.isJudge } }

    /// Every id some evidence names, in order.
    public var ids: [RequirementID] { byID.keys.sorted() }
}
