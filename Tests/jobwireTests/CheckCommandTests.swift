import Foundation
import Testing
import SocketIOWire

/// `jobwire check` end to end, as CI runs it: exit codes, the report formats, known failures,
/// and unusable traces named by line and field.
@Suite(.serialized) struct CheckCommandTests {
    static let traces = CLIRunner.packageRoot.appendingPathComponent("Vectors/traces")

    private func trace(_ name: String) -> String { Self.traces.appendingPathComponent(name).path }

    private func write(_ text: String, named name: String = "trace.jsonl") throws -> (directory: URL, path: String) {
        let directory = CLIRunner.scratchDirectory()
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    @Test func goodTracesExitZero() async throws {
        let result = try await CLIRunner.run(["check", trace("good/happy-all.jsonl"), trace("good/timeout-client.jsonl"), trace("good/race-transport-worker.jsonl")])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" 0 failed"))
        #expect(result.stderr.contains("conformant"))
    }

    @Test func aViolationExitsOneWithItsRequirementLinesExpectedAndObserved() async throws {
        let result = try await CLIRunner.run(["check", trace("bad/flow-1-new-after-apply-backend.jsonl")])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL "))
        #expect(result.stdout.contains("FLOW-1 MUST: The backend MUST NOT emit an `apply`"), "the requirement sentence is shown")
        #expect(result.stdout.contains("lines 5, 7:") || result.stdout.contains("line "), "\(result.stdout)")
        #expect(result.stdout.contains("expected: a `new` for R-1 sent before its `apply`"))
        #expect(result.stdout.contains("observed: an `apply` for R-1 with no `new` before it"))
        #expect(!result.stdout.contains("SKIP "), "skipped rules are listed only with --verbose")
    }

    @Test func jsonHasIntegerCountsOverallAndPerRequirement() async throws {
        let result = try await CLIRunner.run(["check", "--format", "json", trace("bad/time-2-late-cancel-client.jsonl"), trace("good/happy-client.jsonl")])
        #expect(result.status == 1)
        let summary = result.json["summary"]
        guard case .int(let passed)? = summary?["passed"], case .int(let failed)? = summary?["failed"] else {
            Issue.record("summary.passed and summary.failed must be integers: \(result.stdout.prefix(400))")
            return
        }
        #expect(failed == 1)
        #expect(passed > 20)
        #expect(summary?["requirements"]?["TIME-2"]?["failed"] == .int(1))
        #expect(summary?["requirements"]?["TIME-2"]?["passed"] == .int(1))
        let failure = result.json["cases"]?.arrayValue?.first { $0["outcome"] == "failed" }
        #expect(failure?["id"]?.stringValue?.hasSuffix("time-2-late-cancel-client.jsonl:TIME-2") == true)
        let violation = failure?["violations"]?.arrayValue?.first
        #expect(violation?["lines"]?.arrayValue?.isEmpty == false)
        #expect(violation?["expected"]?.stringValue?.isEmpty == false)
        #expect(violation?["observed"]?.stringValue?.contains("no cancel by") == true)
    }

    @Test func junitNamesEveryRulePerFile() async throws {
        let directory = CLIRunner.scratchDirectory()
        let junit = directory.appendingPathComponent("out.xml").path
        let result = try await CLIRunner.run(["check", trace("bad/disc-4-discard-emitted-worker.jsonl"), "--junit", junit], in: directory)
        #expect(result.status == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("classname=\"DISC-4\""))
        #expect(xml.contains("<failure message=\"DISC-4 MUST:"))
        #expect(xml.contains("name=\"\(trace("bad/disc-4-discard-emitted-worker.jsonl")):FLOW-2\""))
    }

    @Test func knownFailuresExcuseARequirementEverywhereOrInOneFile() async throws {
        let bad = trace("bad/alert-11-cancel-leaves-offer-view-worker.jsonl")
        let good = trace("good/happy-worker.jsonl")
        let everywhere = try write("ALERT-11   # SHOULD, not done yet\n", named: "known.txt")
        let excused = try await CLIRunner.run(["check", bad, good, "--known-failures", everywhere.path])
        #expect(excused.status == 0, "\(excused.stdout)")
        #expect(excused.stdout.contains("KNOWN"))
        let oneFile = try write("alert-11-cancel-leaves-offer-view-worker.jsonl:ALERT-11\n", named: "known.txt")
        #expect(try await CLIRunner.run(["check", bad, good, "--known-failures", oneFile.path]).status == 0)
        let stale = try write("ALERT-11\nFLOW-99\n", named: "known.txt")
        let result = try await CLIRunner.run(["check", good, "--known-failures", stale.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ALERT-11 is listed as a known failure but passed"))
        #expect(result.stdout.contains("FLOW-99 is listed as a known failure but no case has this id"))
    }

    @Test func aTruncatedTraceExitsTwoNamingItsLastLine() async throws {
        let text = try String(contentsOfFile: trace("good/happy-client.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = lines[0..<10].joined(separator: "\n") + "\n" + lines[10].prefix(30)
        let file = try write(String(cut))
        let result = try await CLIRunner.run(["check", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("trace.jsonl:11: incomplete line"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aGarbledTraceExitsTwoNamingTheLineAndTheField() async throws {
        let text = try String(contentsOfFile: trace("good/happy-client.jsonl"), encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        lines[4] = lines[4].replacingOccurrences(of: "\"ts\":", with: "\"ts\":\"") .replacingOccurrences(of: ",\"actor\"", with: "\",\"actor\"")
        let file = try write(lines.joined(separator: "\n") + "\n")
        let result = try await CLIRunner.run(["check", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("trace.jsonl:5: ts: expected a whole number"), "\(result.stderr)")

        lines = text.split(separator: "\n").map(String.init)
        lines[6] = lines[6].replacingOccurrences(of: "\"view\":\"waiting\"", with: "\"view\":waiting")
        let broken = try write(lines.joined(separator: "\n") + "\n")
        let syntax = try await CLIRunner.run(["check", broken.path])
        #expect(syntax.status == 2)
        #expect(syntax.stderr.contains("trace.jsonl:7:"), "\(syntax.stderr)")
        #expect(syntax.stderr.contains("view: invalid JSON"), "\(syntax.stderr)")

        let missing = try await CLIRunner.run(["check", "/no/such/trace.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/no/such/trace.jsonl: cannot be read"))
    }

    @Test func theBenchmarkPrintsBothToolsSideBySide() async throws {
        let result = try await CLIRunner.run(["bench", "check", "--events", "3000", "--runs", "1"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("median jobwire check"))
        #expect(result.stdout.contains("events/s"))
        #expect(result.stdout.contains("jq") )
    }
}
