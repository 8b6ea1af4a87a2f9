import Foundation
import JobWire
import Testing
@testable import JobWireBroker

/// `jobwire requirements`' library: every MUST requirement of the shipped kit is judged (a judge
/// and a bad example), `Judge: none.` or awaiting; the awaiting list is not stale; `Judge: none.`
/// stays the exception; and each status and staleness rule on small hand-made catalogues.
struct RequirementCoverageTests {
    static let kit: RequirementCoverage = try! RequirementCoverage.kit(vectors: ScenarioFixtures.vectors)

    @Test func everyMustRequirementIsJudgedJudgeNoneOrAwaiting() {
        let gaps = Self.kit.gaps.map { "\($0.id) \($0.status.rawValue): judges \($0.judgeSummary), \($0.badExamples.count) bad examples" }
        #expect(gaps.isEmpty, "add a judge and a bad example, or list them on Vectors/\(AwaitingJudgeList.fileName):\n\(gaps.joined(separator: "\n"))")
        #expect(Self.kit.entries.count == ScenarioFixtures.requirements.requirements.count)
    }

    @Test func theAwaitingListIsNotStale() {
        #expect(Self.kit.problems.isEmpty, "\(Self.kit.problems.map(\.description).joined(separator: "\n"))")
        let succeeded = Self.kit.succeeded  // not the whole coverage in the failure message
        #expect(succeeded, "the coverage has problems or gaps; the expectations above name them")
    }

    @Test func atMostTenRequirementsSayJudgeNone() {
        let judgeNone = ScenarioFixtures.requirements.requirements.filter { $0.judgeNone != nil }
        #expect(judgeNone.count <= RequirementCoverage.judgeNoneLimit, "\(judgeNone.map(\.id))")
        #expect(RequirementCoverage.judgeNoneLimit == 10)
    }

    @Test func theWrongExampleAdaptersAreFoundAndCountedUnderTheIDTheirBugsBreak() throws {
        #expect(Self.kit.notes.isEmpty, "\(Self.kit.notes)")
        // A scenario case is counted under the ID of SCENARIO:ID ...
        let time2 = try #require(Self.kit["TIME-2"]).badExamples.map(\.name)
        #expect(time2.contains("client-app-adapter-python-wrong --bug no-timeout-cancel: client-timeout:TIME-2"))
        // ... a vector under the requirements of the BUG(ID) markers its line names, which need not
        // be the vector's own: active.true (ELIG-1) fails by the flat-earth distance, ELIG-4's bug.
        let active = CoverageEvidence(.wrongAdapter, "eligibility-adapter-python-wrong: active.true")
        #expect(Self.kit["ELIG-4"]?.badExamples.contains(active) == true)
        #expect(Self.kit["ELIG-1"]?.badExamples.contains(active) == false)
        let object = CoverageEvidence(.wrongAdapter, "eligibility-adapter-python-wrong: blocked.object-without-userid")
        #expect(Self.kit["MSG-15"]?.badExamples.contains(object) == true)
        // Every listed vector counts, under at least one requirement.
        let listed = try KnownFailures.load(path: ScenarioFixtures.packageRoot.appendingPathComponent("Examples/eligibility-adapter-python-wrong/known-failures.txt").path)
        let counted = Set(Self.kit.entries.flatMap(\.badExamples).map(\.name).filter { $0.hasPrefix("eligibility-adapter-python-wrong: ") })
        #expect(counted == Set(listed.entries.map { "eligibility-adapter-python-wrong: \($0.id)" }))
    }

    @Test func everyKindOfJudgeAndBadExampleIsFound() {
        let kinds = Set(Self.kit.entries.flatMap { $0.judges + $0.badExamples }.map(\.kind))
        #expect(kinds == Set(CoverageEvidence.Kind.allCases))
        // The registries, not a hand list: the mutants count under what they declare.
        for mutant in BackendFaults.named {
            for id in mutant.breaks { #expect(Self.kit[id]?.badExamples.contains(CoverageEvidence(.backendMutant, "BackendFaults.\(mutant.name)")) == true) }
        }
    }

    /// The bad example that proves each kind of judge can fail: a bad trace for a checker rule, a
    /// backend mutant for a `jobwire verify` case, a wrong app for a scenario, a wrong adapter's
    /// failure for a vector. A requirement judged by verify that only a bad trace trips has a rule
    /// that can fail, but nothing shows verify drives a backend into failing it.
    static let proofKind: [CoverageEvidence.Kind: CoverageEvidence.Kind] = [
        .rule: .badTrace, .verify: .backendMutant, .scenario: .appMutant, .vectors: .wrongAdapter,
    ]

    /// MUST requirements with a kind of judge that no bad example of its own kind trips yet, and
    /// why. The list only shrinks, and is empty now: an entry that is proved fails the test below.
    static let unprovenJudges: [RequirementID: String] = [:]

    /// Every kind of judge of every MUST requirement is tripped by a bad example of its own kind
    /// (``proofKind``), except the few listed in ``unprovenJudges`` with why; none listed is proved.
    @Test func everyKindOfJudgeIsTrippedByABadExampleOfItsKind() {
        var unproven: [String] = []
        var proved: [RequirementID] = []
        for entry in Self.kit.entries where entry.requirement.isMust {
            let tripped = Set(entry.badExamples.map(\.kind))
            let missing = Set(entry.judges.map(\.kind)).compactMap { judge in Self.proofKind[judge].flatMap { tripped.contains($0) ? nil : "\(judge.rawValue) without \($0.rawValue)" } }.sorted()
            if missing.isEmpty {
                if Self.unprovenJudges[entry.id] != nil { proved.append(entry.id) }
            } else if Self.unprovenJudges[entry.id] == nil {
                unproven.append("\(entry.id): \(missing.joined(separator: ", "))")
            }
        }
        #expect(unproven.isEmpty, "add the bad example (a mutant, a wrong app, a wrong adapter's bug) that trips each judge:\n\(unproven.joined(separator: "\n"))")
        #expect(proved.isEmpty, "proved now, take them off unprovenJudges: \(proved)")
    }

    @Test func withoutExamplesTheWrongAdaptersAreNotCountedAndItSaysSo() throws {
        #expect(RequirementEvidence.examples(near: FileManager.default.temporaryDirectory) == nil)
        #expect(RequirementEvidence.examples(near: ScenarioFixtures.vectors) != nil)
        let evidence = try RequirementEvidence.kit(vectors: ScenarioFixtures.vectors, examples: nil)
        #expect(evidence.notes == ["wrong adapters: Examples/ not found, not counted"])
        #expect(!evidence.byID.values.joined().contains { $0.kind == .wrongAdapter })
    }

    // MARK: statuses and staleness on hand-made catalogues

    static func requirement(_ id: RequirementID, _ level: String = "MUST", judgeNone: String? = nil) -> Requirement {
        Requirement(id: id, level: level, roles: ["backend"], sentence: "The backend \(level) do it.", quote: "q", seed: "000", judgeNone: judgeNone)
    }

    static func coverage(_ requirements: [Requirement], awaiting: String = "", judged: [RequirementID] = [], ruled: [RequirementID] = []) throws -> RequirementCoverage {
        var evidence = RequirementEvidence()
        for id in judged + ruled { evidence.add(.rule, "rule", for: [id]) }
        for id in judged { evidence.add(.badTrace, "bad.jsonl", for: [id]) }
        return RequirementCoverage(catalog: RequirementCatalog(requirements), evidence: evidence, awaiting: try AwaitingJudgeList.parse(awaiting, file: "awaiting.txt"))
    }

    @Test func eachStatusFollowsFromTheEvidenceAndTheDeclarations() throws {
        let coverage = try Self.coverage(
            [Self.requirement("A-1"), Self.requirement("A-2"), Self.requirement("A-3"), Self.requirement("A-4", judgeNone: "cannot be seen"),
             Self.requirement("A-5"), Self.requirement("A-6", "SHOULD")],
            awaiting: "# comment\nA-5  # issue 12 will judge it\n", judged: ["A-1"], ruled: ["A-2"])
        #expect(coverage.entries.map(\.status) == [.judged, .untripped, .unjudged, .judgeNone, .awaiting, .unjudged])
        #expect(coverage.gaps.map(\.id) == ["A-2", "A-3"])
        #expect(coverage.problems.isEmpty)
        #expect(!coverage.succeeded)
        #expect(coverage["A-5"]?.awaiting?.reason == "issue 12 will judge it")
        #expect(coverage.count(.unjudged, level: "MUST") == 1)
        #expect(coverage.restricted(toAreas: ["B"]).entries.isEmpty)
    }

    @Test func anAwaitingEntryThatNoLongerWaitsIsStale() throws {
        let coverage = try Self.coverage(
            [Self.requirement("A-1"), Self.requirement("A-2", judgeNone: "why"), Self.requirement("A-3", "SHOULD"), Self.requirement("A-4"),
             Self.requirement("A-5", "SHOULD")],
            awaiting: "A-1 # x\nA-2 # x\nA-3 # x\nZ-9 # x\nA-4 # still waits\nA-5 # a SHOULD may wait too\n", judged: ["A-1", "A-3"])
        #expect(coverage.problems.map(\.place) == ["awaiting.txt:1", "awaiting.txt:2", "awaiting.txt:3", "awaiting.txt:4"])
        #expect(coverage.problems.map(\.id) == ["A-1", "A-2", "A-3", "Z-9"])
        #expect(coverage.problems[0].message.contains("judged now"))
        #expect(coverage.gaps.isEmpty)
        #expect(!coverage.succeeded)
    }

    @Test func aJudgeNoneThatIsJudgedIsStaleAndMoreThanTenFail() throws {
        let judged = try Self.coverage([Self.requirement("A-1", judgeNone: "why")], ruled: ["A-1"])
        #expect(judged.entries[0].status == .untripped)
        #expect(judged.problems.count == 1 && judged.problems[0].message.contains("remove the line"))
        let many = try Self.coverage((1...11).map { Self.requirement(RequirementID("A-\($0)"), judgeNone: "why") })
        #expect(many.entries.allSatisfy { $0.status == .judgeNone } && many.gaps.isEmpty)
        #expect(many.problems.count == 1 && many.problems[0].message.contains("at most 10"))
        let ten = try Self.coverage((1...10).map { Self.requirement(RequirementID("A-\($0)"), judgeNone: "why") })
        #expect(ten.succeeded)
    }

    @Test(arguments: [
        ("VIEW-1\n", 1, "needs a reason"), ("VIEW-1 #   \n", 1, "needs a reason"), ("# c\nview one # x\n", 2, "requirement id"),
        ("VIEW-1 # a\nVIEW-1 # b\n", 2, "listed twice"),
    ])
    func aBadAwaitingLineIsAnErrorNamingItsLine(text: String, line: Int, message: String) {
        #expect {
            _ = try AwaitingJudgeList.parse(text, file: "awaiting.txt")
        } throws: { error in
            let error = error as! InputError
            return error.line == line && error.message.contains(message) && error.file == "awaiting.txt"
        }
    }
}
