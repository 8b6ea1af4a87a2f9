import Foundation
import Testing
@testable import JobWire
import SocketIOWire

/// The shipped eligibility vectors: JobWire's own implementation answers each as expected, and
/// the set itself is sound (every ELIG requirement has vectors that pass it and that fail it).
struct EligibilityVectorTests {
    static let cases: [VectorCase] = {
        do { return try VectorLoader.load(suite: EligibilitySuite(), from: TestPaths.vectors) } catch {
            fatalError("the shipped eligibility vectors do not load: \(error)")
        }
    }()

    @Test func thereAreAtLeastAHundredVectors() {
        #expect(Self.cases.count >= 100)
    }

    @Test(arguments: cases)
    func builtinImplementationPasses(_ vector: VectorCase) {
        let suite = EligibilitySuite()
        let output = suite.builtinOutput(for: vector.input)
        let mismatch = suite.mismatch(expected: vector.expect, observed: output)
        #expect(mismatch == nil, "\(vector.id) (\(vector.file):\(vector.line)): \(mismatch.map { "expected \($0.expected), observed \($0.observed)" } ?? "")")
    }

    @Test(arguments: ["ELIG-1", "ELIG-2", "ELIG-3", "ELIG-4", "ELIG-5", "ELIG-6", "ELIG-9"] as [RequirementID])
    func everyRequirementHasPassingAndFailingVectors(_ requirement: RequirementID) {
        var passing = 0
        var failing = 0
        for vector in Self.cases {
            if let invalid = vector.expect["invalid"] {
                let owner = invalid["requirement"]?.stringValue.map { RequirementID($0) } ?? vector.requirement
                if owner == requirement || requirement == "ELIG-9" { failing += 1 }
            } else if let failed = vector.expect["failed"]?.arrayValue?.compactMap(\.stringValue) {
                if failed.contains(requirement.rawValue) { failing += 1 } else { passing += 1 }
            }
        }
        #expect(passing > 0, "no vector passes \(requirement)")
        #expect(failing > 0, "no vector fails \(requirement)")
    }

    @Test func everyVectorNamesAKnownRequirement() throws {
        let catalog = try RequirementCatalog.load(fromVectors: TestPaths.vectors)
        for vector in Self.cases {
            for requirement in vector.requirements {
                #expect(catalog[requirement] != nil, "\(vector.id) names \(requirement), which Docs/PROTOCOL.md does not define")
            }
        }
    }

    @Test func theWrongAnswerIsNamed() {
        let suite = EligibilitySuite()
        let expected = JSONValue.parsing(#"{"eligible":false,"failed":["ELIG-1","ELIG-3"],"distanceKm":1.0,"showAt":5}"#)
        let firstOnly = JSONValue.parsing(#"{"eligible":false,"failed":["ELIG-1"],"distanceKm":1.0000001,"showAt":5}"#)
        let mismatch = suite.mismatch(expected: expected, observed: firstOnly)
        #expect(mismatch?.observed.hasSuffix("differs in failed") == true)
        #expect(suite.mismatch(expected: expected, observed: expected) == nil)
        let farOff = JSONValue.parsing(#"{"eligible":false,"failed":["ELIG-3","ELIG-1"],"distanceKm":1.1,"showAt":5}"#)
        #expect(suite.mismatch(expected: expected, observed: farOff)?.observed.contains("distanceKm") == true)
    }
}
