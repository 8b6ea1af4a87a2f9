import JobWire

/// One requirement as `jobwire requirements` shows it: what can fail with its id, what wrong
/// does, and the status that follows.
public struct RequirementCoverageEntry: Sendable {
    /// The requirement, with its level, roles, sentence and `Judge: none.` reason.
    public var requirement: Requirement
    /// What can fail with its id.
    public var judges: [CoverageEvidence]
    /// What wrong does fail with its id.
    public var badExamples: [CoverageEvidence]
    /// Its line on the awaiting list, when it is listed.
    public var awaiting: AwaitingJudgeList.Entry?
    /// What follows from the rest.
    public var status: RequirementStatus

    /// The id.
    public var id: RequirementID { requirement.id }

    /// True when it fails the gate: a MUST requirement unjudged or untripped, neither
    /// `Judge: none.` nor awaiting. SHOULD requirements never fail it.
    public var isGap: Bool { requirement.isMust && (status == .unjudged || status == .untripped) }

    /// The judges counted by kind, in ``CoverageEvidence/Kind`` order: `rule 1, verify 3`.
    public var judgeSummary: String {
        let counts = Dictionary(grouping: judges, by: \.kind).mapValues(\.count)
        let parts = CoverageEvidence.Kind.allCases.compactMap { kind in counts[kind].map { "\(kind.rawValue) \($0)" } }
        return parts.isEmpty ? "-" : parts.joined(separator: ", ")
    }

    /// The status its evidence, `Judge: none.` line and awaiting entry give: `judged` needs a judge
    /// and a bad example; a `Judge: none.` stands only while nothing judges it; the awaiting list
    /// only covers what is not judged.
    static func status(judges: Int, badExamples: Int, judgeNone: Bool, awaiting: Bool) -> RequirementStatus {
        if judgeNone && judges == 0 { return .judgeNone }
        if judges > 0 && badExamples > 0 { return .judged }
        if awaiting { return .awaiting }
        return judges > 0 ? .untripped : .unjudged
    }
}
