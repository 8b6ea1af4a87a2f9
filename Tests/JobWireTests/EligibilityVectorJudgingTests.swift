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

    @Test func showAtCountedFromCreatedAtFailsTheCreatedAtVectors() async {
        let report = await run { input, builtin in
            guard let job = input["job"], let created = Self.milliseconds(job["createdAt"]) else { return builtin }
            let delay = Int64(job["Delay"]?.doubleValue ?? 0)
            return builtin["invalid"] != nil ? builtin : Self.replacing("showAt", in: builtin, with: .int(created + delay * 1000))
        }
        let createdAtVectors = Set(EligibilityVectorTests.cases.map(\.id).filter { $0.hasPrefix("delay.created-at-") })
        #expect(createdAtVectors.count == 4)
        #expect(failedIDs(report) == createdAtVectors)
        #expect(report.results.filter { $0.outcome.isProblem }.allSatisfy { $0.requirement == "ELIG-6" })
    }

    @Test func jobFieldsCheckedBeforeProfileFieldsFailThePrecedenceVectors() async {
        let soundProfile: JSONValue = ["userID": "w", "expertActive": true, "categories": [], "maxKms": 0, "lat": 0, "lng": 0]
        let report = await run { input, builtin in
            guard input["profile"]?.objectValue != nil,
                case .failure(let jobError) = Eligibility.decide(input: Self.replacing("profile", in: input, with: soundProfile)),
                jobError.field.hasPrefix("job.")
            else { return builtin }
            return ["invalid": ["field": .string(jobError.field)]]
        }
        #expect(failedIDs(report) == ["precedence.profile-lng-before-reqid", "precedence.profile-field-before-job-field", "precedence.every-member-malformed"])
        #expect(report.summaryByRequirement.first { $0.0 == "ELIG-9" }?.1.failed == 3)
    }

    /// `createdAt` as the ISO 8601 text MSG-7 asks for, or as epoch milliseconds.
    private static func milliseconds(_ value: JSONValue?) -> Int64? {
        if case .int(let milliseconds)? = value { return milliseconds }
        guard let text = value?.stringValue else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.date(from: text).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }
}
