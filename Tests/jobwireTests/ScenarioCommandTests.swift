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
        let result = try await CLIRunner.run(["scenario", "run", "--adapter", Self.adapter(side), "--format", "json"])
        #expect(result.status == 0, "\(result.stdout.prefix(2000))\n\(result.stderr)")
        #expect(result.json["summary"]?["failed"] == .int(0))
        #expect(result.json["summary"]?["errors"] == .int(0))
        let conformant = result.stderr.components(separatedBy: "\n").filter { $0.hasSuffix("real)") && $0.contains(": conformant (") }
        #expect(conformant.count == Self.scenarios(of: side), "\(result.stderr)")
        #expect(!result.stderr.contains("scenario \(side == "client" ? "worker" : "client")-"), "the other side's scenarios are left out")
    }

    @Test(arguments: [
        ("client", "failure-alert-after-view"), ("client", "no-timeout-cancel"), ("client", "timer-restarted"), ("client", "rating-zero-new-worker"), ("client", "outcome-not-chosen"), ("client", "no-state-read"),
        ("worker", "failure-alert-after-view"), ("worker", "ineligible-shown"), ("worker", "discard-shown-again"), ("worker", "strict-range-boundary"), ("worker", "transport-error-ignored"),
        ("worker", "offer-stays-after-cancel"), ("worker", "no-profile-read"),
    ])
    func eachDeliberateBugIsCaughtWithExactlyItsRequirementIDs(side: String, bug: String) async throws {
        let known = Self.examples.appendingPathComponent("\(side)-app-adapter-python-wrong/known-failures/\(bug).txt")
        let expected = Set(try String(contentsOf: known, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        // One run: with the list it exits 0 only if exactly these fail (an unlisted failure fails
        // the run, a listed case that passes makes the list stale), and the JSON names them.
        let gated = try await CLIRunner.run(["scenario", "run", "--adapter", Self.adapter(side, bug: bug), "--known-failures", known.path, "--format", "json"])
        #expect(gated.status == 0, "\(gated.stdout.suffix(1500))")
        let failed = Set((gated.json["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }.compactMap { $0["id"]?.stringValue })
        #expect(failed == expected, "\(bug): caught \(failed.sorted()), expected \(expected.sorted())")
        #expect(!expected.isEmpty)
        // The bug's own marker names the requirement it breaks, and that is what is caught.
        let source = try String(contentsOf: Self.examples.appendingPathComponent("\(side)-app-adapter-python-wrong/adapter.py"), encoding: .utf8)
        let ids = Set(expected.map { String($0.split(separator: ":")[1]) })
        #expect(ids.contains { source.contains("# BUG(\($0))") }, "no # BUG(ID) marker for \(ids)")
    }

    /// The shipped scenarios keep the seed's 10-minute timeout, in virtual time; `--timeout-ms`
    /// replaces it for one run.
    @Test(arguments: [nil, 2_000] as [Int64?])
    func theSeedsTenMinuteTimeoutRunsInVirtualTime(override: Int64?) async throws {
        let directory = CLIRunner.scratchDirectory()
        let flags = override.map { ["--timeout-ms", String($0)] } ?? []
        let result = try await CLIRunner.run(
            ["scenario", "run", "client-timeout", "--adapter", Self.adapter("client"), "--capture-dir", directory.path] + flags, in: directory)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let capture = try String(contentsOf: directory.appendingPathComponent("client-timeout.jsonl"), encoding: .utf8)
        let lines = capture.split(separator: "\n").map { try! JSONParser.parse(String($0)) }
        let timeout = override ?? 600_000
        #expect(lines[0]["timeoutMs"] == .int(timeout))
        let cancel = try #require(lines.first { $0["actor"] == "client" && $0["kind"] == "http.request" && $0["path"]?.stringValue?.hasSuffix("/cancel") == true })
        let post = try #require(lines.first { $0["actor"] == "client" && $0["kind"] == "http.response" })
        #expect((cancel["ts"]?.integerValue ?? 0) - (post["ts"]?.integerValue ?? 0) == timeout)
    }

    @Test(arguments: [("worker-race-lost", "worker", "failure-alert-after-view"), ("client-timeout", "client", nil as String?)])
    func aCaptureReplayedWithCheckGivesTheSameVerdict(name: String, side: String, bug: String?) async throws {
        let directory = CLIRunner.scratchDirectory()
        let run = try await CLIRunner.run(["scenario", "run", name, "--adapter", Self.adapter(side, bug: bug), "--capture-dir", directory.path, "--format", "json"], in: directory)
        let check = try await CLIRunner.run(["check", directory.appendingPathComponent("\(name).jsonl").path, "--format", "json"], in: directory)
        #expect(run.status == check.status)
        func failed(_ json: JSONValue) -> Set<String> {
            Set((json["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }.compactMap { $0["id"]?.stringValue?.split(separator: ":").last.map(String.init) })
        }
        #expect(failed(run.json) == failed(check.json))
        #expect(run.json["summary"]?["passed"] == check.json["summary"]?["passed"])
        #expect(bug == nil || failed(check.json) == ["ALERT-1"])
    }

    /// A step that never ran fails the scenario: exit 1, the case `SCENARIO:steps[N]` failed in
    /// every report, naming the step and why.
    @Test func aStepThatNeverRanFailsTheRunWithExitOne() async throws {
        let directory = CLIRunner.scratchDirectory()
        let happy = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Vectors/scenarios/client-happy.json"), encoding: .utf8)
        // The kit's worker does not do plumbing: it never shows r1, so nobody accepts it.
        try happy.replacingOccurrences(of: #""categories": ["9"]"#, with: #""categories": ["7"]"#)
            .write(to: directory.appendingPathComponent("client-happy.json"), atomically: true, encoding: .utf8)
        // The post fails, so r1 is never posted and the cancel has nothing to cancel.
        try happy.replacingOccurrences(of: #""scenario": "client-happy""#, with: #""scenario": "client-never-posted""#)
            .replacingOccurrences(of: #""steps": ["#, with: #""steps": [{"at": 0, "do": "fail", "call": "postRequest", "code": "server_error"}, {"at": 3000, "actor": "c-1", "do": "cancel", "req": "r1"},"#)
            .write(to: directory.appendingPathComponent("client-never-posted.json"), atomically: true, encoding: .utf8)
        let junit = directory.appendingPathComponent("junit.xml")
        let text = try await CLIRunner.run(["scenario", "run", "client-happy", "--scenarios", directory.path, "--adapter", Self.adapter("client"), "--junit", junit.path], in: directory)
        #expect(text.status == 1, "\(text.stdout)\n\(text.stderr)")
        #expect(text.stdout.contains("client-happy:steps[1]"), "\(text.stdout)")
        #expect(text.stderr.contains("client-happy steps[1] (accept) never ran: r1.shown@w-1 did not happen"), "\(text.stderr)")
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("client-happy:steps[1]"))
        let json = try await CLIRunner.run(["scenario", "run", "client-never-posted", "--scenarios", directory.path, "--adapter", Self.adapter("client"), "--format", "json"], in: directory)
        #expect(json.status == 1, "\(json.stdout)\n\(json.stderr)")
        let failed = (json.json["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }
        let step = try #require(failed.first { $0["id"] == "client-never-posted:steps[1]" }, "\(json.stdout)")
        #expect(step.compactText.contains("client-never-posted steps[1] (cancel) never ran: r1 was never posted"), "\(step.compactText)")
    }

    @Test func unknownAndMalformedScenariosAreRefusedWithExitTwo() async throws {
        let unknown = try await CLIRunner.run(["scenario", "run", "worker-hapy"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no scenario named \"worker-hapy\"; did you mean worker-happy?"), "\(unknown.stderr)")
        let directory = CLIRunner.scratchDirectory()
        let original = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Vectors/scenarios/worker-happy.json"), encoding: .utf8)
        try original.replacingOccurrences(of: #""outcome": "happy""#, with: #""outcome": "sad""#)
            .write(to: directory.appendingPathComponent("worker-happy.json"), atomically: true, encoding: .utf8)
        let malformed = try await CLIRunner.run(["scenario", "run", "worker-happy", "--scenarios", directory.path], in: directory)
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("worker-happy.json:12:95: "), "\(malformed.stderr)")
        #expect(malformed.stderr.contains("steps[2].outcome: expected one of happy, unhappy, found \"sad\""), "\(malformed.stderr)")
        // The broker reads scenarios with the same loader.
        let broker = try await CLIRunner.run(["broker", "--port", "0", "--scenario", "worker-happy", "--scenarios", directory.path], in: directory)
        #expect(broker.status == 2)
        #expect(broker.stderr.contains("worker-happy.json:12:95: steps[2].outcome"), "\(broker.stderr)")
        let unknownToBroker = try await CLIRunner.run(["broker", "--port", "0", "--play", "client", "--scenario", "worker-hapy"])
        #expect(unknownToBroker.status == 2)
        #expect(unknownToBroker.stderr.contains("did you mean worker-happy?"))
        let list = try await CLIRunner.run(["broker", "--list-scenarios"])
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
        let result = try await CLIRunner.run(["scenario", "run", "client-timeout", "client-happy", "--adapter", "\(CLIRunner.python) \(script.path)"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ERROR  client-timeout:TIME-1") || result.stdout.contains("client-timeout:TIME-1"), "\(result.stdout.prefix(1500))")
        #expect(result.stderr.contains("actions[0]: kind: http.request is recorded by the kit from the wire"), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "error:").count == 3, "the second scenario gets a fresh process: \(result.stderr)")
    }
}
