import Foundation
import SocketIOWire
import Testing

/// `jobwire requirements` as a user runs it: the JSON shape, the gate CI relies on (exit 1 on a
/// gap or a stale awaiting entry, 2 on an unusable list), and the filters.
struct RequirementsCommandTests {
    /// A copy of the shipped vectors whose awaiting list is `awaiting`; the copy has no Examples/ beside it.
    static func vectors(awaiting: String? = nil) throws -> URL {
        let copy = CLIRunner.scratchDirectory().appendingPathComponent("Vectors")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Vectors").resolvingSymlinksInPath(), to: copy)
        if let awaiting {
            try awaiting.write(to: copy.appendingPathComponent("requirements-awaiting-judge.txt"), atomically: true, encoding: .utf8)
        }
        return copy
    }

    @Test func theJSONHasASummaryOfCountsAndAnEntryPerRequirement() async throws {
        let result = try await CLIRunner.run(["requirements", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout.suffix(1500))")
        let json = result.json
        let summary = try #require(json["summary"]?.objectValue)
        for key in ["requirements", "must", "should", "judged", "untripped", "unjudged", "awaiting", "judgeNone", "gaps", "problems"] {
            #expect(summary[key]?.integerValue != nil, "summary.\(key)")
        }
        let entries = try #require(json["requirements"]?.arrayValue)
        #expect(entries.count == summary["requirements"]?.integerValue.map(Int.init))
        #expect(summary["untripped"] == .int(0) && summary["unjudged"] == .int(0) && summary["gaps"] == .int(0))
        let statuses: Set<String> = ["judged", "untripped", "unjudged", "judge-none", "awaiting"]
        for entry in entries {
            let id = entry["id"]?.stringValue ?? "?"
            #expect(entry["area"]?.stringValue.map { id.hasPrefix("\($0)-") } == true, "\(id)")
            #expect(["MUST", "SHOULD"].contains(entry["level"]?.stringValue ?? ""), "\(id)")
            #expect(entry["roles"]?.arrayValue?.isEmpty == false, "\(id)")
            #expect(statuses.contains(entry["status"]?.stringValue ?? ""), "\(id)")
            let judgedBy = try #require(entry["judgedBy"]?.arrayValue)
            let trippedBy = try #require(entry["trippedBy"]?.arrayValue)
            #expect(entry["judges"]?.integerValue == Int64(judgedBy.count) && entry["badExamples"]?.integerValue == Int64(trippedBy.count), "\(id)")
            for evidence in judgedBy + trippedBy { #expect(evidence["kind"]?.stringValue != nil && evidence["name"]?.stringValue != nil) }
            #expect((entry["status"] == "awaiting") == (entry["awaiting"]?.stringValue != nil), "\(id)")
            #expect((entry["status"] == "judge-none") == (entry["judgeNone"]?.stringValue != nil), "\(id)")
        }
        let flow3 = try #require(entries.first { $0["id"] == "FLOW-3" })
        #expect(flow3["status"] == "judged")
        #expect(flow3["trippedBy"]?.arrayValue?.contains(["kind": "backendMutant", "name": "BackendFaults.everyRacerWins"]) == true)
        #expect(json["notes"] == .array([]), "Examples/ is found beside the checkout's vectors")
    }

    @Test func theTextTableEndsWithTheTotalsAndTheFilterKeepsOnlyWhatIsNotJudged() async throws {
        let all = try await CLIRunner.run(["requirements"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("\nMUST ") && all.stdout.contains(" judge-none\n"))
        #expect(all.stdout.contains("every MUST requirement is judged, judge-none or awaiting"))
        // Every requirement of the shipped kit is judged: the filter leaves no row of the areas asked for.
        let unjudged = try await CLIRunner.run(["requirements", "--unjudged", "--area", "FIX", "--area", "VIEW", "--area", "OFFL"])
        #expect(unjudged.status == 0)
        func requirementRows(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.firstMatch(of: #/^[A-Z]+-[0-9]+ /#) != nil } }
        #expect(requirementRows(unjudged.stdout).isEmpty, "\(unjudged.stdout)")
        // A copy without Examples/ beside it loses the wrong adapters' failures: what only they trip is
        // kept by the filter, under its status, and nothing judged is.
        let copy = try await CLIRunner.run(["requirements", "--unjudged", "--vectors", Self.vectors().path])
        let kept = requirementRows(copy.stdout)
        #expect(!kept.isEmpty && kept.allSatisfy { $0.hasSuffix(" untripped") || $0.hasSuffix(" unjudged") }, "\(kept)")
    }

    @Test func aGapOrAStaleAwaitingEntryExitsOneAndSaysWhich() async throws {
        let shipped = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Vectors/requirements-awaiting-judge.txt"), encoding: .utf8)
        // Without the awaiting list, each MUST requirement on it is a gap the run names (as are those
        // only a wrong adapter trips, since this copy has no Examples/ beside it).
        let awaiting = Set(shipped.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: " ").first.map(String.init) })
        let gap = try await CLIRunner.run(["requirements", "--format", "json", "--vectors", Self.vectors(awaiting: "# nothing awaits\n").path])
        #expect(gap.json["notes"] == ["wrong adapters: Examples/ not found, not counted"])
        let gaps = Set((gap.json["requirements"]?.arrayValue ?? []).filter { $0["level"] == "MUST" && $0["status"] != "judged" && $0["status"] != "judge-none" }.compactMap { $0["id"]?.stringValue })
        let awaitingMust = Set((gap.json["requirements"]?.arrayValue ?? []).filter { $0["level"] == "MUST" && awaiting.contains($0["id"]?.stringValue ?? "") }.compactMap { $0["id"]?.stringValue })
        #expect(awaitingMust.isSubset(of: gaps), "\(awaitingMust.subtracting(gaps))")
        #expect(gap.status == (gaps.isEmpty ? 0 : 1))
        let stale = try await CLIRunner.run(["requirements", "--format", "json", "--vectors", Self.vectors(awaiting: shipped + "FLOW-3  # judged long ago\n").path])
        #expect(stale.status == 1)
        let problem = try #require(stale.json["problems"]?.arrayValue?.first)
        #expect(problem["id"] == "FLOW-3")
        #expect(problem["place"]?.stringValue?.hasSuffix("requirements-awaiting-judge.txt:\(shipped.split(separator: "\n", omittingEmptySubsequences: false).count)") == true, "\(problem)")
    }

    @Test func anUnusableListOrAreaExitsTwoNamingFileAndLine() async throws {
        let bad = try await CLIRunner.run(["requirements", "--vectors", Self.vectors(awaiting: "# c\nVIEW-1\n").path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("requirements-awaiting-judge.txt:2:"), "\(bad.stderr)")
        let area = try await CLIRunner.run(["requirements", "--area", "NOPE"])
        #expect(area.status == 2 && area.stderr.contains("NOPE"))
    }
}
