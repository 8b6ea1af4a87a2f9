import Foundation
import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// Live equals adapter: the same app logic (the example adapters of Examples/, correct or with one
/// bug) judged live, as a python-socketio app against `jobwire broker --play` in real time, and in
/// virtual time through `jobwire scenario run --adapter`, reaches the same verdict: clean for the
/// correct app, and the same failed requirements, among those its known-failures file lists for
/// the scenario, for a wrong one. Both read one scenario file, a copy of the shipped one with an 8 s
/// timeout (after client-restart's restart at 5 s) so the live run takes seconds of wall time.
///
/// The cases run three at a time (``slots``): one after another, their live runs were the first
/// pass's longest chain, about 300 s of mostly idle waiting that ended a minute after every other
/// test. Three live runs at once add two Python apps and two brokers, little CPU beside the
/// pass's CPU-bound suites, and the tolerances below already allow for a loaded machine.
@Suite(.timeLimit(.minutes(30)))
struct LiveAdapterAgreementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var scenario: String
        var bug: String?
        var testDescription: String { bug.map { "\(scenario) --bug \($0)" } ?? scenario }
        var role: String { scenario.hasPrefix("client-") ? "client" : "worker" }
    }

    static let cases: [Case] = [
        Case(scenario: "worker-happy"), Case(scenario: "worker-race-lost", bug: "failure-alert-after-view"),
        Case(scenario: "worker-ineligible", bug: "ineligible-shown"), Case(scenario: "worker-discard", bug: "discard-shown-again"),
        Case(scenario: "client-happy"), Case(scenario: "client-timeout"),
        Case(scenario: "client-timeout", bug: "no-timeout-cancel"), Case(scenario: "client-restart"), Case(scenario: "client-restart", bug: "timer-restarted"),
    ]

    /// The same settings for both drivers: an 8 s timeout, and PROTOCOL.md's default tolerances.
    /// Live, the app's own timer fires on its event loop: on a loaded machine (load 18, four
    /// `yes` beside) the correct client's timeout cancel of client-restart came 666 ms after the
    /// deadline, past a cancel tolerance of 500 ms (TIME-6); the defaults leave it 2 s.
    static let liveSettings: JSONValue = ["timeoutMs": 8_000, "cancelToleranceMs": 2_000, "emitToleranceMs": 2_000, "reactionToleranceMs": 2_000]

    /// How many cases run at once.
    static let slots = RunSlots(limit: 3)

    @Test(arguments: cases)
    func liveAndAdapterReachTheSameVerdict(_ testCase: Case) async throws {
        try await Self.slots.run { try await Self.compare(testCase) }
    }

    /// Judges `testCase` through its adapter and live, and compares the verdicts.
    static func compare(_ testCase: Case) async throws {
        let python = try BrokerProcessTests.python()
        let directory = BrokerProcessTests.scratch()
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let shipped = ScenarioFixtures.packageRoot.appendingPathComponent("Vectors/scenarios/\(testCase.scenario).json")
        guard case .object(var scenario) = try JSONParser.parse(Array(try Data(contentsOf: shipped))) else {
            Issue.record("\(shipped.path) is not an object")
            return
        }
        scenario["settings"] = liveSettings
        try Data(JSONValue.object(scenario).compactText.utf8).write(to: scenarios.appendingPathComponent("\(testCase.scenario).json"))
        let expected = try knownFailures(testCase)

        let adapter = try await adapterVerdict(testCase, python: python, scenarios: scenarios.path)
        let live = try await liveVerdict(testCase, python: python, scenarios: scenarios.path, capture: directory.appendingPathComponent("live.jsonl").path)
        #expect(live == adapter, "live: \(live), through the adapter: \(adapter)")
        if testCase.bug == nil {
            #expect(adapter.isEmpty, "the correct app failed \(adapter)")
        } else {
            #expect(!adapter.isEmpty && adapter.isSubset(of: expected), "through the adapter: \(adapter), the known failures: \(expected)")
        }
    }

    /// The requirement ids the wrong adapter's known-failures file lists for this scenario; none for the correct app.
    static func knownFailures(_ testCase: Case) throws -> Set<String> {
        guard let bug = testCase.bug else { return [] }
        let file = ScenarioFixtures.packageRoot.appendingPathComponent("Examples/\(testCase.role)-app-adapter-python-wrong/known-failures/\(bug).txt")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        return Set(lines.filter { $0.hasPrefix("\(testCase.scenario):") }.compactMap { $0.split(separator: ":").last.map { String($0).trimmingCharacters(in: .whitespaces) } })
    }

    /// The ids a JSON report (of `jobwire scenario run` or `jobwire broker`) says failed.
    static func failedIDs(_ report: JSONValue) -> Set<String> {
        Set((report["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }.compactMap { $0["id"]?.stringValue?.split(separator: ":").last.map(String.init) })
    }

    static func adapterVerdict(_ testCase: Case, python: String, scenarios: String) async throws -> Set<String> {
        let folder = "Examples/\(testCase.role)-app-adapter-python\(testCase.bug == nil ? "" : "-wrong")/adapter.py"
        let command = "\(python) \(ScenarioFixtures.packageRoot.appendingPathComponent(folder).path)" + (testCase.bug.map { " --bug \($0)" } ?? "")
        let run = try ChildProgram(BrokerProcessTests.jobwire, ["scenario", "run", testCase.scenario, "--scenarios", scenarios, "--adapter", command, "--format", "json"])
        let status = await run.finish(within: .hangGuard)
        let verdict = (try? JSONParser.parse(run.stdout)) ?? .null
        #expect(status == (failedIDs(verdict).isEmpty ? 0 : 1), "\(run.text)")
        return failedIDs(verdict)
    }

    static func liveVerdict(_ testCase: Case, python: String, scenarios: String, capture: String) async throws -> Set<String> {
        let play = testCase.role == "client" ? "worker" : "client"
        let (broker, url) = try await BrokerProcessTests.broker(["--play", play, "--scenario", testCase.scenario, "--scenarios", scenarios, "--capture", capture, "--format", "json"])
        defer { broker.stop() }
        let app = try ChildProgram(python, [BrokerProcessTests.fakeApp, url.absoluteString] + (testCase.bug.map { ["--bug", $0] } ?? []))
        defer { app.stop() }
        let status = await broker.finish(within: .hangGuard)
        // The report's JSON follows the broker's own lines on stdout.
        let report = broker.stdout.components(separatedBy: "\n{").dropFirst().joined(separator: "\n{")
        let verdict = (try? JSONParser.parse("{" + report)) ?? .null
        #expect(status == (failedIDs(verdict).isEmpty ? 0 : 1), "broker:\n\(broker.text)\npython:\n\(app.text)")
        return failedIDs(verdict)
    }
}
