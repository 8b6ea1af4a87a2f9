import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// `jobwire broker` as a child process: the plain backend, a scenario judged at the end and again
/// by `jobwire check`, and a broker killed with SIGKILL mid-scenario leaving a readable capture.
@Suite(.timeLimit(.minutes(1)))
struct BrokerProcessTests {
    /// The built `jobwire` beside the test bundle.
    static let jobwire: String = {
        var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL]
        directories += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            let candidate = directory.appendingPathComponent("jobwire").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return ScenarioFixtures.packageRoot.appendingPathComponent(".build/debug/jobwire").path
    }()

    static func scratch() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-broker-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Starts `jobwire broker ARGS --port 0` and waits for the URL it prints.
    static func broker(_ arguments: [String]) async throws -> (ChildProgram, URL) {
        let child = try ChildProgram(jobwire, ["broker", "--port", "0"] + arguments)
        let end = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < end {
            if let range = child.text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                return (child, URL(string: String(child.text[range]))!)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        child.stop()
        throw LiveScenario.Timeout(description: "jobwire broker printed no URL: \(child.text)")
    }

    /// `jobwire check FILE --format json`: its exit status, the failed ids and its output.
    static func check(_ path: String) async throws -> (Int32, Set<String>, String) {
        try await Task.detached {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: jobwire)
            process.arguments = ["check", path, "--format", "json"]
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let json = (try? JSONParser.parse(Array(stdout))) ?? .null
            let failed = Set((json["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }.compactMap { $0["id"]?.stringValue?.split(separator: ":").last.map(String.init) })
            return (process.terminationStatus, failed, String(decoding: stderr + stdout, as: UTF8.self))
        }.value
    }

    @Test func aloneItServesTheBackendAndStopsOnSIGINT() async throws {
        let directory = Self.scratch()
        let capture = directory.appendingPathComponent("plain.jsonl").path
        let (broker, url) = try await Self.broker(["--capture", capture])
        defer { broker.stop() }
        #expect(broker.text.contains("the reference backend listens on \(url.absoluteString)"))
        var request = URLRequest(url: url.appendingPathComponent("api/requests"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"clientId":"c-1"}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        #expect(try JSONParser.parse(Array(data))["error"]?["field"] == "CatID")
        kill(broker.pid, SIGINT)
        #expect(await broker.exit(within: .seconds(10)) == 0)
        let (status, failed, _) = try await Self.check(capture)
        #expect(status == 0 && failed.isEmpty)
    }

    @Test(arguments: [("worker-happy", "" as String), ("worker-race-lost", "failure-alert-after-view")])
    func aScenarioEndsInTheCheckersVerdictAndCheckGivesItAgain(name: String, bug: String) async throws {
        let scenario = ScenarioFixtures.scenario(name)
        let capture = Self.scratch().appendingPathComponent("\(name).jsonl").path
        let (broker, url) = try await Self.broker(["--play", scenario.play.rawValue, "--scenario", name, "--capture", capture, "--format", "json"])
        defer { broker.stop() }
        let app = LiveFakeApp(url: url, config: scenario.app.config(scenario: scenario), faults: AppFaults.byName[bug] ?? [], clock: SystemBrokerClock())
        try await app.start()
        let status = await broker.exit(within: .seconds(20))
        await app.stop()
        #expect(status == (bug.isEmpty ? 0 : 1), "\(broker.text)")
        #expect(broker.text.contains(bug.isEmpty ? "jobwire broker: conformant" : "jobwire broker: violates ALERT-1"), "\(broker.text)")
        let (checked, failed, text) = try await Self.check(capture)
        #expect(checked == status, "\(text)")
        #expect(failed == (bug.isEmpty ? [] : ["ALERT-1"]), "\(text)")
    }

    @Test func aBrokerKilledWithSIGKILLMidScenarioLeavesACaptureCheckReadsToItsLastLine() async throws {
        let scenario = ScenarioFixtures.scenario("worker-timeout-cancel")
        let capture = Self.scratch().appendingPathComponent("killed.jsonl").path
        let (broker, url) = try await Self.broker(["--play", "client", "--scenario", scenario.name, "--capture", capture])
        defer { broker.stop() }
        let app = LiveFakeApp(url: url, config: scenario.app.config(scenario: scenario), clock: SystemBrokerClock())
        try await app.start()
        defer { Task { await app.stop() } }
        let end = ContinuousClock.now + .seconds(10)
        var lines = 0
        while ContinuousClock.now < end, lines < 12 {
            try await Task.sleep(for: .milliseconds(10))
            lines = ((try? String(contentsOfFile: capture, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        #expect(lines >= 12, "the broker wrote \(lines) lines: \(broker.text)")
        kill(broker.pid, SIGKILL)
        _ = await broker.exit(within: .seconds(5))
        let text = try String(contentsOfFile: capture, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        #expect(!text.contains("trace.end"), "killed before the end")
        let (status, _, output) = try await Self.check(capture)
        #expect(status == 0 || status == 1, "\(output)")
        #expect(!output.contains("incomplete line"))
        #expect(output.contains("\"passed\""))
    }
}
