import Foundation
import Testing

/// `--html FILE` end to end: the page is written beside the usual report, and an unwritable path is unusable input.
@Suite struct HTMLReportCommandTests {
    static let traces = CLIRunner.packageRoot.appendingPathComponent("Vectors/traces")

    @Test func checkWritesThePageWithTheFailingTraceOpenAndItsRequirement() throws {
        let directory = CLIRunner.scratchDirectory()
        let page = directory.appendingPathComponent("report.html").path
        let bad = Self.traces.appendingPathComponent("bad/time-2-no-cancel-client.jsonl").path
        let good = Self.traces.appendingPathComponent("good/happy-client.jsonl").path
        let result = try CLIRunner.run(["check", bad, good, "--html", page])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL "), "the text report is still printed")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("data-outcome=\"failed\" open>\n<summary><span class=\"jw-tag jw-fail\">FAIL</span> \(bad)"))
        #expect(html.contains("data-outcome=\"passed\">\n<summary><span class=\"jw-tag jw-pass\">PASS</span> \(good)"))
        #expect(html.contains("MUST: When no `apply` has arrived by the deadline"))
        #expect(html.contains("\"requirement\":\"TIME-2\""))
    }

    @Test func anUnwritablePageIsUnusableInput() throws {
        let good = Self.traces.appendingPathComponent("good/happy-client.jsonl").path
        let result = try CLIRunner.run(["check", good, "--html", "/nonexistent-directory/report.html"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write the HTML report to /nonexistent-directory/report.html"))
    }
}
