import Foundation
import Testing
@testable import JobWire
import SocketIOWire

/// What the eligibility vectors catch: wrong answers run through ``VectorRunner`` fail the vectors
/// they should, and only those, under the requirements the vectors name (ELIG-6, ELIG-9, ELIG-11).
struct EligibilityVectorJudgingTests {
    /// The built-in answer, changed by `rewrite` as a wrong implementation would answer.
    struct RewritingTestee: Testee {
        let rewrite: @Sendable (_ input: JSONValue, _ builtin: JSONValue) -> JSONValue

        var name: String { "rewriting" }

        func answer(_ vector: VectorCase, suite: any VectorSuite) async -> TesteeAnswer {
            .output(rewrite(vector.input, suite.builtinOutput(for: vector.input)))
        }

        func finish() async -> String? { nil }
    }

    private func run(_ rewrite: @escaping @Sendable (JSONValue, JSONValue) -> JSONValue, only ids: Set<String>? = nil) async -> RunReport {
        let cases = EligibilityVectorTests.cases.filter { ids?.contains($0.id) ?? true }
        return await VectorRunner.run(cases, suite: EligibilitySuite(), testee: RewritingTestee(rewrite: rewrite))
    }

    private func failedIDs(_ report: RunReport) -> Set<String> {
        Set(report.results.filter { $0.outcome.isProblem }.map(\.id))
    }

    private static func replacing(_ key: String, in value: JSONValue, with member: JSONValue) -> JSONValue {
        guard var object = value.objectValue else { return value }
        object[key] = member
        return .object(object)
    }

    @Test func everyMalformedInputVectorNamesELIG9AndThenItsFieldsRule() {
        let malformed = EligibilityVectorTests.cases.filter { $0.expect["invalid"] != nil }
        #expect(malformed.count >= 80)
        for vector in malformed {
            let fieldRule = RequirementID(vector.expect["invalid"]?["requirement"]?.stringValue ?? "")
            let named: [RequirementID] = fieldRule == "ELIG-9" ? ["ELIG-9"] : ["ELIG-9", fieldRule]
            #expect(vector.requirements == named, "\(vector.id) names \(vector.requirements)")
        }
    }

    @Test func aFailedMalformedInputVectorCountsUnderELIG9AndItsFieldsRule() async {
        let report = await run({ _, _ in ["invalid": ["field": "nowhere"]] }, only: ["malformed.categories-string"])
        #expect(report.results.map(\.requirements) == [["ELIG-9", "ELIG-3"]])
        let byRequirement = report.summaryByRequirement.map { ($0.0, $0.1.failed) }
        #expect(byRequirement.map(\.0) == ["ELIG-3", "ELIG-9"])
        #expect(byRequirement.map(\.1) == [1, 1])
    }

    @Test func theRightRulesInTheWrongOrderFailUnderELIG11() async throws {
        let report = await run { _, builtin in
            guard let failed = builtin["failed"]?.arrayValue else { return builtin }
            return Self.replacing("failed", in: builtin, with: .array(failed.reversed()))
        }
        let several = Set(EligibilityVectorTests.cases.filter { ($0.expect["failed"]?.arrayValue?.count ?? 0) > 1 }.map(\.id))
        #expect(several.contains("combined.fail-4-5"))
        #expect(failedIDs(report) == several)
        let failures = report.results.filter { $0.outcome.isProblem }
        #expect(failures.allSatisfy { $0.requirements == ["ELIG-11"] })
        let failure = try #require(failures.first { $0.id == "combined.fail-4-5" })
        guard case .failed(let expected, let observed) = failure.outcome else { Issue.record("\(failure.outcome)"); return }
        #expect(expected.contains("failed [ELIG-4, ELIG-5]"), "\(expected)")
        #expect(observed.contains("failed [ELIG-5, ELIG-4]") && observed.contains("not in rule order"), "\(observed)")
    }
}
