import Foundation
import SocketIOWire
import Testing

/// `jobwire scenario run` end to end with the example app adapters: the correct ones pass every
/// scenario of their side, each deliberate bug is caught with exactly its requirement ids, and a
/// capture replayed with `jobwire check` gives the same verdict.
struct ScenarioCommandTests {
    static let examples = CLIRunner.packageRoot.appendingPathComponent("Examples")

    static func adapter(_ side: String, bug: String? = nil) -> String {
        let folder = bug == nil ? "\(side)-app-adapter-python" : "\(side)-app-adapter-python-wrong"
        let script = examples.appendingPathComponent("\(folder)/adapter.py").path
        return "\(CLIRunner.python) \(script)" + (bug.map { " --bug \($0)" } ?? "")
    }

    static func scenarios(of side: String) -> Int {
        let names = try! FileManager.default.contentsOfDirectory(atPath: CLIRunner.packageRoot.appendingPathComponent("Vectors/scenarios").path)
        return names.filter { $0.hasPrefix("\(side)-") }.count
    }

    @Test(arguments: ["client", "worker"])
    func theCorrectExampleAdapterPassesEveryScenarioOfItsSide(_ side: String) async throws {
        let result = try await CLIRunner.launch(["scenario", "run", "--adapter", Self.adapter(side), "--format", "json"], deadline: 60)
        #expect(result.status == 0, "\(result.stdout.prefix(2000))\n\(result.stderr)")
        #expect(result.json["summary"]?["failed"] == .int(0))
        #expect(result.json["summary"]?["errors"] == .int(0))
        let conformant = result.stderr.components(separatedBy: "\n").filter { $0.hasSuffix("real)") && $0.contains(": conformant (") }
        #expect(conformant.count == Self.scenarios(of: side), "\(result.stderr)")
        #expect(!result.stderr.contains("scenario \(side == "client" ? "worker" : "client")-"), "the other side's scenarios are left out")
    }

    @Test(arguments: [
        ("client", "failure-alert-after-view"), ("client", "no-timeout-cancel"), ("client", "timer-restarted"), ("client", "no-state-read"),
        ("worker", "failure-alert-after-view"), ("worker", "ineligible-shown"), ("worker", "discard-shown-again"), ("worker", "no-profile-read"),
    ])
    func eachDeliberateBugIsCaughtWithExactlyItsRequirementIDs(side: String, bug: String) async throws {
        let known = Self.examples.appendingPathComponent("\(side)-app-adapter-python-wrong/known-failures/\(bug).txt")
        let expected = Set(try String(contentsOf: known, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        // One run: with the list it exits 0 only if exactly these fail (an unlisted failure fails
        // the run, a listed case that passes makes the list stale), and the JSON names them.
        let gated = try await CLIRunner.launch(["scenario", "run", "--adapter", Self.adapter(side, bug: bug), "--known-failures", known.path, "--format", "json"], deadline: 60)
        #expect(gated.status == 0, "\(gated.stdout.suffix(1500))")
        let failed = Set((gated.json["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }.compactMap { $0["id"]?.stringValue })
        #expect(failed == expected, "\(bug): caught \(failed.sorted()), expected \(expected.sorted())")
        #expect(!expected.isEmpty)
        // The bug's own marker names the requirement it breaks, and that is what is caught.
        let source = try String(contentsOf: Self.examples.appendingPathComponent("\(side)-app-adapter-python-wrong/adapter.py"), encoding: .utf8)
        let ids = Set(expected.map { String($0.split(separator: ":")[1]) })
        #expect(ids.contains { source.contains("# BUG(\($0))") }, "no # BUG(ID) marker for \(ids)")
    }

    @Test func theSeedsTenMinuteTimeoutRunsInVirtualTime() async throws {
        let directory = CLIRunner.scratchDirectory()
        let start = Date()
        let result = try await CLIRunner.launch(
            ["scenario", "run", "client-timeout", "--timeout-ms", "600000", "--adapter", Self.adapter("client"), "--capture-dir", directory.path], in: directory)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 60, "ten minutes of virtual time take seconds at most")
        let capture = try String(contentsOf: directory.appendingPathComponent("client-timeout.jsonl"), encoding: .utf8)
        let lines = capture.split(separator: "\n").map { try! JSONParser.parse(String($0)) }
        #expect(lines[0]["timeoutMs"] == .int(600_000))
        let cancel = try #require(lines.first { $0["actor"] == "client" && $0["kind"] == "http.request" && $0["path"]?.stringValue?.hasSuffix("/cancel") == true })
        let post = try #require(lines.first { $0["actor"] == "client" && $0["kind"] == "http.response" })
        #expect((cancel["ts"]?.integerValue ?? 0) - (post["ts"]?.integerValue ?? 0) == 600_000)
    }

    @Test(arguments: [("worker-race-lost", "worker", "failure-alert-after-view"), ("client-timeout", "client", nil as String?)])
    func aCaptureReplayedWithCheckGivesTheSameVerdict(name: String, side: String, bug: String?) async throws {
        let directory = CLIRunner.scratchDirectory()
        let run = try await CLIRunner.launch(["scenario", "run", name, "--adapter", Self.adapter(side, bug: bug), "--capture-dir", directory.path, "--format", "json"], in: directory)
        let check = try await CLIRunner.launch(["check", directory.appendingPathComponent("\(name).jsonl").path, "--format", "json"], in: directory)
        #expect(run.status == check.status)
        func failed(_ json: JSONValue) -> Set<String> {
            Set((json["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }.compactMap { $0["id"]?.stringValue?.split(separator: ":").last.map(String.init) })
        }
        #expect(failed(run.json) == failed(check.json))
        #expect(run.json["summary"]?["passed"] == check.json["summary"]?["passed"])
        #expect(bug == nil || failed(check.json) == ["ALERT-1"])
    }

    @Test func unknownAndMalformedScenariosAreRefusedWithExitTwo() async throws {
        let unknown = try await CLIRunner.launch(["scenario", "run", "worker-hapy"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no scenario named \"worker-hapy\"; did you mean worker-happy?"), "\(unknown.stderr)")
        let directory = CLIRunner.scratchDirectory()
        let original = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Vectors/scenarios/worker-happy.json"), encoding: .utf8)
        try original.replacingOccurrences(of: #""outcome": "happy""#, with: #""outcome": "sad""#)
            .write(to: directory.appendingPathComponent("worker-happy.json"), atomically: true, encoding: .utf8)
        let malformed = try await CLIRunner.launch(["scenario", "run", "worker-happy", "--scenarios", directory.path], in: directory)
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("worker-happy.json:13:95: "), "\(malformed.stderr)")
        #expect(malformed.stderr.contains("steps[2].outcome: expected one of happy, unhappy, found \"sad\""), "\(malformed.stderr)")
        // The broker reads scenarios with the same loader.
        let broker = try await CLIRunner.launch(["broker", "--port", "0", "--scenario", "worker-happy", "--scenarios", directory.path], in: directory)
        #expect(broker.status == 2)
        #expect(broker.stderr.contains("worker-happy.json:13:95: steps[2].outcome"), "\(broker.stderr)")
        let unknownToBroker = try await CLIRunner.launch(["broker", "--port", "0", "--play", "client", "--scenario", "worker-hapy"])
        #expect(unknownToBroker.status == 2)
        #expect(unknownToBroker.stderr.contains("did you mean worker-happy?"))
        let list = try await CLIRunner.launch(["broker", "--list-scenarios"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("client-timeout") && list.stdout.contains("--play worker"))
    }

    @Test func anAdapterThatBreaksTheProtocolIsAnErrorNamingWhatItDid() async throws {
        let script = CLIRunner.scratchDirectory().appendingPathComponent("broken.py")
        try """
            import json, sys
            for line in sys.stdin:
                m = json.loads(line)
                if m["type"] == "hello":
                    print(json.dumps({"type": "hello", "protocol": 1, "name": "broken", "suites": ["scenario"], "roles": ["client"]}), flush=True)
                elif m["type"] == "start":
                    print(json.dumps({"type": "output", "id": m["id"], "actions": [{"kind": "http.request", "xid": 1}]}), flush=True)
                elif m["type"] == "stop":
                    break
            """.write(to: script, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.launch(["scenario", "run", "client-timeout", "client-happy", "--adapter", "\(CLIRunner.python) \(script.path)"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ERROR  client-timeout:TIME-1") || result.stdout.contains("client-timeout:TIME-1"), "\(result.stdout.prefix(1500))")
        #expect(result.stderr.contains("actions[0]: kind: http.request is recorded by the kit from the wire"), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "error:").count == 3, "the second scenario gets a fresh process: \(result.stderr)")
    }
}
