import Foundation
import Testing
@testable import JobWire
import SocketIOWire

/// One trace of `Vectors/traces/manifest.json` and the rule ids it must trip.
struct TraceVector: Sendable, CustomTestStringConvertible {
    var file: String
    var role: String
    var expect: [RequirementID]
    var testDescription: String { file }
}

/// The shipped traces: every good trace passes, every bad trace trips exactly the rules its
/// manifest entry names, and every FLOW, ALERT, TIME, ELIG, DISC, OFFL and AUTH requirement (but
/// OFFL-15, the offline vectors' alone) has a rule and at least two bad traces that trip it alone.
struct TraceVectorTests {
    static let directory = TestPaths.vectors.appendingPathComponent("traces")

    static let vectors: [TraceVector] = try! TraceManifest.load(fromVectors: TestPaths.vectors).entries.map { entry in
        TraceVector(file: entry.file, role: entry.role, expect: entry.expect)
    }

    @Test(arguments: vectors)
    func tripsExactlyItsRules(_ vector: TraceVector) throws {
        let verdict = try TraceChecker.check(path: Self.directory.appendingPathComponent(vector.file).path, displayPath: vector.file)
        #expect(verdict.failedIDs == vector.expect.sorted(), "\(vector.file): \(verdict.rules.filter(\.failed).flatMap(\.violations).map { "\($0.requirement) \($0.linesText): \($0.observed)" })")
        for rule in verdict.rules where rule.failed {
            for violation in rule.violations {
                #expect(!violation.lines.isEmpty && violation.lines.allSatisfy { $0 > 1 }, "a violation names event lines: \(violation)")
            }
        }
    }

    static let areas: Set<String> = ["FLOW", "ALERT", "TIME", "ELIG", "DISC", "OFFL", "AUTH", "FIX"]
    /// Refusing a malformed scenario input: a trace has none, so only the offline vectors judge it.
    static let notInTraces: Set<RequirementID> = ["OFFL-15"]

    @Test func everyRequirementOfTheAreasHasARuleAndTwoBadTraces() throws {
        let catalog = try RequirementCatalog.load(fromVectors: TestPaths.vectors)
        let awaiting = Set(try AwaitingJudgeList.load(fromVectors: TestPaths.vectors).entries.map(\.id))
        let ruled = Set(TraceRuleBook.requirementIDs)
        let wanted = catalog.requirements.map(\.id).filter {
            Self.areas.contains($0.area) && !Self.notInTraces.contains($0) && !awaiting.contains($0)
        }
        #expect(wanted.count >= 71)
        #expect(Self.notInTraces.isDisjoint(with: ruled))
        for id in wanted {
            #expect(ruled.contains(id), "\(id) has no rule")
            let alone = Self.vectors.filter { $0.expect == [id] }
            #expect(alone.count >= 2, "\(id) is tripped alone by \(alone.count) bad traces")
        }
        for id in ruled {
            #expect(catalog[id] != nil, "rule \(id) names no requirement of Docs/PROTOCOL.md")
            #expect(Self.vectors.filter { $0.expect == [id] }.count >= 2, "rule \(id) is not tripped alone by two bad traces")
        }
    }

    @Test func everyRuleStatesWhatItChecksAndTheRulesAreUnique() {
        let rules = TraceRuleBook.rules
        #expect(Set(rules.map(\.id)).count == rules.count)
        for rule in rules {
            #expect(!rule.check.isEmpty && !rule.evidence.isEmpty, "\(rule.id)")
        }
        // Rules comparing different actors' clocks say what they allow.
        for id in ["FLOW-1", "FLOW-7", "FLOW-13", "TIME-10", "TIME-8", "ELIG-8"] as [RequirementID] {
            #expect(rules.first { $0.id == id }?.tolerance?.contains("clockSkewToleranceMs") == true, "\(id)")
        }
    }

    @Test(arguments: [
        "happy", "timeout", "race", "discards", "restart", "background", "direct", "getjobs", "offline-refresh", "offline-create-edit",
        "offline-online-edit", "offline-transport", "offline-relaunch", "auth-login", "auth-pin", "auth-first-offline",
    ])
    func theGoodTracesCoverThePaths(_ path: String) {
        #expect(Self.vectors.contains { $0.file.hasPrefix("good/\(path)") || $0.file.hasPrefix("good/client-\(path)") || $0.file.hasPrefix("good/worker-\(path)") }, "no good trace for \(path)")
    }

    @Test(arguments: ["client", "worker", "backend"])
    func eachRoleHasGoodAndBadTraces(_ role: String) {
        #expect(Self.vectors.contains { $0.role == role && $0.expect.isEmpty })
        #expect(Self.vectors.contains { $0.role == role && !$0.expect.isEmpty })
    }
}
