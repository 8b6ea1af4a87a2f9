import Foundation
import JobWire

/// Every requirement of `requirements.json` with its judges (what in the kit can fail with its
/// id), its bad examples (what wrong does fail with it), and its status (`jobwire requirements`).
///
/// A requirement is only really checked when both exist. A MUST requirement that lacks either
/// must say `Judge: none.` in PROTOCOL.md or wait on ``AwaitingJudgeList``; otherwise, and when
/// those declarations go stale, ``succeeded`` is false.
public struct RequirementCoverage: Sendable {
    /// At most this many requirements may say `Judge: none.`: the exception, not a way out.
    public static let judgeNoneLimit = 10

    /// Every requirement in document order.
    public var entries: [RequirementCoverageEntry]
    /// Stale or excessive declarations.
    public var problems: [CoverageProblem]
    /// Sources that were not counted, and why.
    public var notes: [String]

    /// The coverage `evidence` gives the requirements of `catalog`, with `awaiting` and the
    /// catalogue's `Judge: none.` reasons; `protocolFile` names the document in problems.
    public init(catalog: RequirementCatalog, evidence: RequirementEvidence, awaiting: AwaitingJudgeList, protocolFile: String = "Docs/PROTOCOL.md") {
        entries = catalog.requirements.map { requirement in
            let judges = evidence.judges(of: requirement.id)
            let bad = evidence.badExamples(of: requirement.id)
            let listed = awaiting[requirement.id]
            let status = RequirementCoverageEntry.status(
                judges: judges.count, badExamples: bad.count, judgeNone: requirement.judgeNone != nil, awaiting: listed != nil)
            return RequirementCoverageEntry(requirement: requirement, judges: judges, badExamples: bad, awaiting: listed, status: status)
        }
        notes = evidence.notes
        problems = []
        for entry in awaiting.entries {
            let place = "\(awaiting.file):\(entry.line)"
            guard let requirement = catalog[entry.id] else {
                problems.append(CoverageProblem(place: place, id: entry.id, message: "is listed as awaiting a judge but is no requirement of \(protocolFile); remove it"))
                continue
            }
            let reason: String? =
                requirement.judgeNone != nil ? "says `Judge: none.` in \(protocolFile); remove it from the list"
                : self[entry.id]?.status == .judged ? "is judged now; remove it from the list" : nil
            if let reason { problems.append(CoverageProblem(place: place, id: entry.id, message: "is listed as awaiting a judge but \(reason)")) }
        }
        for entry in entries where entry.requirement.judgeNone != nil && !entry.judges.isEmpty {
            let names = entry.judges.prefix(3).map { "\($0.kind.rawValue) \($0.name)" }.joined(separator: "; ")
            problems.append(CoverageProblem(place: protocolFile, id: entry.id, message: "says `Judge: none.` but is judged by \(names); remove the line"))
        }
        let judgeNone = catalog.requirements.filter { $0.judgeNone != nil }
        if judgeNone.count > Self.judgeNoneLimit {
            problems.append(
                CoverageProblem(
                    place: protocolFile, id: nil,
                    message: "\(judgeNone.count) requirements say `Judge: none.` (\(judgeNone.map(\.id.rawValue).joined(separator: ", "))); at most \(Self.judgeNoneLimit) may"))
        }
    }

    /// The coverage of the kit: `vectors`' requirements, scenarios, vectors, traces and awaiting
    /// list, the code's registries, and the wrong example adapters of the checkout around `vectors`
    /// when there is one. `catalog` defaults to `vectors`' own `requirements.json`.
    public static func kit(vectors: URL, displayRoot: String = "Vectors", catalog: RequirementCatalog? = nil) throws(InputError) -> RequirementCoverage {
        let requirements: RequirementCatalog
        if let catalog { requirements = catalog } else { requirements = try RequirementCatalog.load(fromVectors: vectors) }
        let evidence = try RequirementEvidence.kit(vectors: vectors, displayRoot: displayRoot, examples: RequirementEvidence.examples(near: vectors))
        let awaiting = try AwaitingJudgeList.load(fromVectors: vectors, displayRoot: displayRoot)
        return RequirementCoverage(catalog: requirements, evidence: evidence, awaiting: awaiting)
    }

    /// The entry of `id`, if it is a requirement.
    public subscript(id: RequirementID) -> RequirementCoverageEntry? { entries.first { $0.id == id } }

    /// The MUST requirements that fail the gate.
    public var gaps: [RequirementCoverageEntry] { entries.filter(\.isGap) }

    /// True when every MUST requirement is judged, `Judge: none.` or awaiting, and no declaration is stale.
    public var succeeded: Bool { gaps.isEmpty && problems.isEmpty }

    /// How many requirements of `level` (`MUST`, `SHOULD`, or nil for both) have `status` (nil for any).
    public func count(_ status: RequirementStatus? = nil, level: String? = nil) -> Int {
        entries.filter { (status == nil || $0.status == status) && (level == nil || $0.requirement.level == level) }.count
    }

    /// Only the requirements of `areas` (all when empty), and only the problems about them or about no one requirement.
    public func restricted(toAreas areas: Set<String>) -> RequirementCoverage {
        guard !areas.isEmpty else { return self }
        var copy = self
        copy.entries = entries.filter { areas.contains($0.id.area) }
        copy.problems = problems.filter { $0.id == nil || areas.contains($0.id!.area) }
        return copy
    }
}
