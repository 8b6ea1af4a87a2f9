import Foundation
import Testing

/// `--html FILE` end to end: the page is written beside the usual report, and an unwritable path is unusable input.
@Suite struct HTMLReportCommandTests {
    static let traces = CLIRunner.packageRoot.appendingPathComponent("Vectors/traces")

    @Test func checkWritesThePageWithTheFailingTraceOpenAndItsRequirement() async throws {
        let directory = CLIRunner.scratchDirectory()
        let page = directory.appendingPathComponent("report.html").path
        let bad = Self.traces.appendingPathComponent("bad/time-2-no-cancel-client.jsonl").path
        let good = Self.traces.appendingPathComponent("good/happy-client.jsonl").path
        let result = try await CLIRunner.run(["check", bad, good, "--html", page])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL "), "the text report is still printed")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("data-outcome=\"failed\" open>\n<summary><span class=\"jw-tag jw-fail\">FAIL</span> \(bad)"))
        #expect(html.contains("data-outcome=\"passed\">\n<summary><span class=\"jw-tag jw-pass\">PASS</span> \(good)"))
        #expect(html.contains("MUST: When no `apply` has arrived by the deadline"))
        #expect(html.contains("\"requirement\":\"TIME-2\""))
    }

    @Test func scenarioRunDrawsEachScenarioWithItsViolationPinned() async throws {
        let page = CLIRunner.scratchDirectory().appendingPathComponent("scenarios.html").path
        let adapter = "\(CLIRunner.python) \(CLIRunner.packageRoot.path)/Examples/client-app-adapter-python-wrong/adapter.py --bug no-timeout-cancel"
        let result = try await CLIRunner.run(["scenario", "run", "client-timeout", "--adapter", adapter, "--html", page])
        #expect(result.status == 1, "\(result.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("data-outcome=\"failed\" open>\n<summary><span class=\"jw-tag jw-fail\">FAIL</span> client-timeout "))
        #expect(html.contains("{\"id\":\"client c-1 screen\",\"kind\":\"screen\"}"), "the app's screen has a lane")
        #expect(html.contains("\"requirement\":\"TIME-2\""))
    }

    @Test func verifyDrawsEachCaseFromTheLinesItRecorded() async throws {
        let page = CLIRunner.scratchDirectory().appendingPathComponent("verify.html").path
        let result = try await CLIRunner.run(["verify", "--mutant", "delayDropped", "--only", "MSG-14", "--html", page])
        #expect(result.status == 1, "\(result.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<span class=\"jw-tag jw-fail\">FAIL</span> new-records: "))
        #expect(html.contains("\"requirement\":\"MSG-14\""))
        #expect(html.contains("\"kind\":\"emit\",\"label\":\"new R-"), "the case's emits are drawn")
    }

    @Test func anUnwritablePageIsUnusableInput() async throws {
        let good = Self.traces.appendingPathComponent("good/happy-client.jsonl").path
        let result = try await CLIRunner.run(["check", good, "--html", "/nonexistent-directory/report.html"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write the HTML report to /nonexistent-directory/report.html"))
    }
}
