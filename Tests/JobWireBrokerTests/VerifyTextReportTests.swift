import Foundation
import JobWire
import Testing
@testable import JobWireBroker

/// Verify's text report: area headings read as PROTOCOL.md titles its areas, and a failure names
/// the violated ids before the case that found them.
struct VerifyTextReportTests {
    @Test func theAreaHeadingsAreThoseOfPROTOCOLmd() throws {
        let protocolText = try String(contentsOf: ScenarioFixtures.packageRoot.appendingPathComponent("Docs/PROTOCOL.md"), encoding: .utf8)
        let headings = protocolText.matches(of: /(?m)^## ([A-Z]+) — (.+)$/).map { (String($0.1), String($0.2)) }
        #expect(headings.count == VerifyTextReport.areaTitles.count)
        for (area, title) in headings {
            #expect(VerifyTextReport.areaTitles[area] == title, "\(area)")
        }
        #expect(headings.map { VerifyTextReport.order($0.0) } == Array(0..<headings.count))
    }

    @Test func aFailureNamesTheViolatedIDFirstAndEveryViolation() {
        let violations = [
            Violation(requirement: "REST-9", lines: [4], expected: "403 not_eligible", observed: "200"),
            Violation(requirement: "REST-9", lines: [9], expected: "403 not_eligible", observed: "200"),
        ]
        let result = CaseResult(
            id: "direct", description: "a direct request", requirement: "REST-9", outcome: .failed(expected: "", observed: ""),
            violations: violations, requirements: ["FLOW-4", "REST-9"])
        let text = VerifyTextReport(catalog: nil).render(RunReport(title: "verify", testee: "t", results: [result]), timeoutMs: 1)
        #expect(text.contains("\nREST — REST calls\n"))
        #expect(text.contains("FAIL  REST-9 in direct ("))
        #expect(text.contains("line 4") && text.contains("line 9"))
    }
}
