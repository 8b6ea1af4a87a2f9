import Foundation
import Testing
import SocketIOWire

/// `jobwire vectors run` end to end, as a user runs it: built-in, example adapters, broken testees.
@Suite(.serialized) struct VectorsRunCommandTests {
    @Test func builtinPassesEveryEligibilityVectorFromAnyDirectory() async throws {
        let result = try await CLIRunner.run(["vectors", "run", "--suite", "eligibility", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = result.json["summary"]
        #expect((summary?["passed"]?.integerValue ?? 0) >= 100)
        if case .int(let failed)? = summary?["failed"] { #expect(failed == 0) } else { Issue.record("summary.failed is not an integer: \(result.stdout.prefix(300))") }
        #expect(summary?["skipped"] == .int(0))
        #expect(summary?["errors"] == .int(0))
    }

    @Test func theCorrectExampleAdapterPasses() async throws {
        let result = try await CLIRunner.run(["vectors", "run", "--adapter", CLIRunner.example("eligibility-adapter-python")])
        #expect(result.status == 0, "\(result.stdout.suffix(2000))\n\(result.stderr)")
        #expect(result.stdout.contains("example-python"))
    }

    @Test func theWrongExampleAdapterFailsOnTheVectorsItShould() async throws {
        let directory = CLIRunner.scratchDirectory()
        let junit = directory.appendingPathComponent("out.xml").path
        let result = try await CLIRunner.run(["vectors", "run", "--adapter", CLIRunner.example("eligibility-adapter-python-wrong"), "--junit", junit], in: directory)
        #expect(result.status == 1)
        // One vector per bug: flat-earth distance, first failed rule only, strict boundary.
        for id in ["geometry.antimeridian-equator", "combined.fail-1-2", "distance.exactly-at-maxkms"] {
            #expect(result.stdout.contains("FAIL   \(id)"), "\(id) not reported as failed")
        }
        #expect(!result.stdout.contains("FAIL   distance.one-metre-over"), "a vector the wrong adapter gets right was failed")
        #expect(result.stdout.contains("ELIG-4 MUST:"), "failures must show the requirement sentence")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<failure"))
        #expect(xml.contains("name=\"distance.exactly-at-maxkms\""))
    }

    @Test func theWrongAdapterFailsExactlyItsKnownFailures() async throws {
        let list = CLIRunner.packageRoot.appendingPathComponent("Examples/eligibility-adapter-python-wrong/known-failures.txt").path
        let result = try await CLIRunner.run(["vectors", "run", "--adapter", CLIRunner.example("eligibility-adapter-python-wrong"), "--known-failures", list, "--format", "json"])
        #expect(result.status == 0, "\(result.stdout.suffix(3000))")
        #expect((result.json["summary"]?["knownFailures"]?.integerValue ?? 0) > 0)
    }

    @Test func aStaleKnownFailuresListFailsTheRun() async throws {
        let directory = CLIRunner.scratchDirectory()
        let list = directory.appendingPathComponent("known.txt")
        try "distance.one-metre-over # passes on the built-in\nno.such-vector\n".write(to: list, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["vectors", "run", "--known-failures", list.path], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("distance.one-metre-over is listed as a known failure but passed"))
        #expect(result.stdout.contains("no.such-vector is listed as a known failure but no case has this id"))
    }

    @Test func aHungTesteeIsReportedAndTheRunEnds() async throws {
        let script = try writeTestee(
            """
            import os, sys, json, time
            open(os.path.join(os.path.dirname(__file__), "pid"), "w").write(str(os.getpid()))
            hello = json.loads(sys.stdin.readline())
            print(json.dumps({"type": "hello", "protocol": 1, "name": "sleepy", "suites": ["eligibility"]}), flush=True)
            sys.stdin.readline()
            time.sleep(7200)
            """)
        // The fence that shows the run ends without waiting the sleep out: stopped at the 30-minute
        // hang guard, before the testee's two hours, the command would not exit 1 by itself.
        let result = try await CLIRunner.run(
            ["vectors", "run", "--suite", "eligibility", "--adapter", "\(CLIRunner.python) \(script)", "--timeout", "1", "--format", "json"])
        #expect(result.status == 1)
        let cases = result.json["cases"]?.arrayValue ?? []
        #expect(cases.first?["message"]?.stringValue?.contains("testee hung") == true)
        #expect(cases.dropFirst().allSatisfy { $0["message"]?.stringValue?.hasPrefix("not run: testee hung") == true })
        try expectGone(testeeBeside: script)
    }

    /// A testee that answers every case but does not exit on `stop` is killed once it has had as
    /// long as an answer may take, and the run fails naming that.
    @Test func aTesteeThatIgnoresStopIsKilledAndReported() async throws {
        let script = try writeTestee(
            """
            import os, sys, json, time
            open(os.path.join(os.path.dirname(__file__), "pid"), "w").write(str(os.getpid()))
            sys.stdin.readline()
            print(json.dumps({"type": "hello", "protocol": 1, "name": "stubborn", "suites": ["eligibility"]}), flush=True)
            for line in sys.stdin:
                message = json.loads(line)
                if message["type"] == "stop":
                    time.sleep(7200)
                print(json.dumps({"type": "skipped", "id": message["id"], "reason": "not this one"}), flush=True)
            """)
        let result = try await CLIRunner.run(
            ["vectors", "run", "--suite", "eligibility", "--adapter", "\(CLIRunner.python) \(script)", "--timeout", "1", "--format", "json"])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.json["testeeProblems"] == ["testee did not exit within 1.0 seconds of stop; it was killed"])
        #expect(result.json["cases"]?.arrayValue?.allSatisfy { $0["outcome"] == "skipped" } == true)
        try expectGone(testeeBeside: script)
    }

    @Test func aCrashingTesteeIsReportedWithItsStatusAndStderr() async throws {
        let script = try writeTestee(
            """
            import sys, json
            sys.stdin.readline()
            print(json.dumps({"type": "hello", "protocol": 1, "name": "crashy", "suites": ["eligibility"]}), flush=True)
            sys.stdin.readline()
            sys.stderr.write("boom: out of cheese\\n")
            sys.exit(3)
            """)
        let result = try await CLIRunner.run(["vectors", "run", "--suite", "eligibility", "--adapter", "\(CLIRunner.python) \(script)", "--format", "json"])
        #expect(result.status == 1)
        let first = result.json["cases"]?.arrayValue?.first?["message"]?.stringValue ?? ""
        #expect(first.contains("exited with status 3"), "\(first)")
        #expect(first.contains("out of cheese"))
    }

    @Test func aTesteeWithoutTheSuiteSkipsEveryCase() async throws {
        let script = try writeTestee(
            """
            import sys, json
            for line in sys.stdin:
                message = json.loads(line)
                if message["type"] == "hello":
                    print(json.dumps({"type": "hello", "protocol": 1, "name": "offline-only", "suites": ["offline"]}), flush=True)
                elif message["type"] == "stop":
                    break
            """)
        let result = try await CLIRunner.run(["vectors", "run", "--suite", "eligibility", "--adapter", "\(CLIRunner.python) \(script)", "--format", "json"])
        #expect(result.status == 0)
        #expect((result.json["summary"]?["skipped"]?.integerValue ?? 0) >= 100)
        #expect(result.json["cases"]?.arrayValue?.first?["reason"]?.stringValue == "testee does not support suite eligibility")
    }

    @Test func unusableInputExitsTwoNamingFileLineAndField() async throws {
        let directory = CLIRunner.scratchDirectory()
        let suite = directory.appendingPathComponent("eligibility")
        try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
        try """
        {"suite": "eligibility", "cases": [
          {"id": "x.one", "description": "d", "requirement": "ELIG-1", "input": {},
           "expect": {"eligible": "yes", "failed": [], "distanceKm": 0, "showAt": 0}}
        ]}
        """.write(to: suite.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["vectors", "run", "--vectors", directory.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("eligibility/bad.json:3:"), "\(result.stderr)")
        #expect(result.stderr.contains("cases[0].expect.eligible"))

        let unknown = try await CLIRunner.run(["vectors", "run", "--suite", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown suite \"nope\""))

        let missing = try await CLIRunner.run(["vectors", "run", "--adapter", "no-such-adapter-binary"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no-such-adapter-binary"))
    }

    /// The testee the run killed is gone once the run has ended: the runner waits for it to go,
    /// since SIGTERM may be blocked in it (it inherits the spawning thread's signal mask). One
    /// still there is killed here so the test leaves nothing behind.
    private func expectGone(testeeBeside script: String) throws {
        let pidFile = URL(fileURLWithPath: script).deletingLastPathComponent().appendingPathComponent("pid")
        let pid = try #require(Int32(try String(contentsOf: pidFile, encoding: .utf8)))
        let alive = Foundation.kill(pid, 0) == 0
        if alive { Foundation.kill(pid, SIGKILL) }
        #expect(!alive, "the killed testee (pid \(pid)) outlived the run")
    }

    private func writeTestee(_ source: String) throws -> String {
        let url = CLIRunner.scratchDirectory().appendingPathComponent("testee.py")
        try source.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
