import Foundation
import Testing
@testable import JobWire

/// Unusable vector files are refused with the file, line and field (exit 2 in the CLI).
struct VectorLoaderTests {
    private func load(_ text: String) throws(InputError) -> [VectorCase] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-loader-\(UUID().uuidString)")
        let suiteDirectory = directory.appendingPathComponent("eligibility")
        try? FileManager.default.createDirectory(at: suiteDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try? text.write(to: suiteDirectory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        return try VectorLoader.load(suite: EligibilitySuite(), from: directory)
    }

    private func expectError(_ text: String, line: Int, field: String?, containing message: String) {
        do {
            let cases = try load(text)
            Issue.record("loaded \(cases.count) cases from a bad file")
        } catch {
            #expect(error.file.hasSuffix("eligibility/bad.json"))
            #expect(error.line == line, "\(error)")
            #expect(error.field == field, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func invalidJSONNamesItsLine() {
        expectError("{\n  \"suite\": \"eligibility\",\n  \"cases\": [,]\n}", line: 3, field: nil, containing: "invalid JSON")
    }

    @Test func aMissingFieldNamesItsCase() {
        expectError(
            """
            {"suite": "eligibility", "cases": [
              {"id": "a.one", "description": "d", "requirement": "ELIG-1", "input": {}, "expect": {"invalid": {"field": "x"}}},
              {"id": "a.two", "requirement": "ELIG-1", "input": {}, "expect": {"invalid": {"field": "x"}}}
            ]}
            """, line: 3, field: "cases[1].description", containing: "is required")
    }

    @Test func anInconsistentExpectationIsRefused() {
        expectError(
            """
            {"suite": "eligibility", "cases": [
              {"id": "a.one", "description": "d", "requirement": "ELIG-1", "input": {},
               "expect": {"eligible": true, "failed": ["ELIG-1"], "distanceKm": 0, "showAt": 0}}
            ]}
            """, line: 3, field: "cases[0].expect.eligible", containing: "exactly when failed is empty")
    }

    @Test func duplicateIdsAreRefused() {
        expectError(
            """
            {"suite": "eligibility", "cases": [
              {"id": "a.one", "description": "d", "requirement": "ELIG-1", "input": {}, "expect": {"invalid": {"field": "x"}}},
              {"id": "a.one", "description": "d", "requirement": "ELIG-1", "input": {}, "expect": {"invalid": {"field": "x"}}}
            ]}
            """, line: 3, field: "id", containing: "duplicate id")
    }

    @Test func aFileOfAnotherSuiteIsRefused() {
        expectError(#"{"suite": "offline", "cases": []}"#, line: 1, field: "suite", containing: "belongs to suite")
    }

    @Test func aRequirementIsOneIdOrSeveralTheMainOneFirst() throws {
        let cases = try load(
            """
            {"suite": "eligibility", "cases": [
              {"id": "a.one", "description": "d", "requirement": "ELIG-4", "input": {}, "expect": {"invalid": {"field": "x"}}},
              {"id": "a.two", "description": "d", "requirement": ["ELIG-9", "ELIG-3"], "input": {}, "expect": {"invalid": {"field": "x"}}}
            ]}
            """)
        #expect(cases.map(\.requirement) == ["ELIG-4", "ELIG-9"])
        #expect(cases.map(\.requirements) == [["ELIG-4"], ["ELIG-9", "ELIG-3"]])
    }

    @Test(arguments: [
        (#"[]"#, "cases[0].requirement", "non-empty array"),
        (#"["ELIG-9", 3]"#, "cases[0].requirement[1]", "found a number"),
        (#"["ELIG-9", "three"]"#, "cases[0].requirement[1]", #"found "three""#),
        (#"["ELIG-9", "ELIG-9"]"#, "cases[0].requirement[1]", "named twice"),
        (#"{"id": "ELIG-9"}"#, "cases[0].requirement", "or an array of them"),
    ])
    func aBadRequirementListNamesItsElement(_ requirement: String, field: String, message: String) {
        expectError(
            """
            {"suite": "eligibility", "cases": [
              {"id": "a.one", "description": "d", "requirement": \(requirement), "input": {}, "expect": {"invalid": {"field": "x"}}}
            ]}
            """, line: 2, field: field, containing: message)
    }

    @Test func failedRulesOutOfRuleOrderAreRefused() {
        expectError(
            """
            {"suite": "eligibility", "cases": [
              {"id": "a.one", "description": "d", "requirement": "ELIG-11", "input": {},
               "expect": {"eligible": false, "failed": ["ELIG-5", "ELIG-4"], "distanceKm": 0, "showAt": 0}}
            ]}
            """, line: 3, field: "cases[0].expect.failed", containing: "rule order (ELIG-11)")
    }
}
