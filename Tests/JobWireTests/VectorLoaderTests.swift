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
}
