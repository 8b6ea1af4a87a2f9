import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// `jobwire broker` as a child process in real time, with python-socketio's client playing the
/// worker app (Interop/fake_app.py, the example adapter's logic on the live wire):
/// the plain backend, a scenario judged at the end and again by `jobwire check`, and a broker
/// killed with SIGKILL mid-scenario leaving a capture `jobwire check` reads to its last line.
/// Broker and app are processes of their own, so the tests' own load cannot make them late.
@Suite(.timeLimit(.minutes(30)))
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

    static let fakeApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Interop/fake_app.py").path

    /// The Python with python-socketio that ./Scripts/test sets up.
    static func python() throws -> String {
        guard let python = ProcessInfo.processInfo.environment["JOBWIRE_PYTHON"], !python.isEmpty else {
            throw LiveScenario.Timeout(description: "JOBWIRE_PYTHON is not set: run the tests through ./Scripts/test, which sets it to a Python with python-socketio")
        }
        return python
    }

    static func scratch() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-broker-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Starts `jobwire broker ARGS --port 0` and waits for the URL it prints.
    static func broker(_ arguments: [String], oneStream: Bool = false) async throws -> (ChildProgram, URL) {
        let child = try ChildProgram(jobwire, ["broker", "--port", "0"] + arguments, oneStream: oneStream)
        let pattern = #"http://127\.0\.0\.1:[0-9]+"#
        if try await eventually({ child.text.range(of: pattern, options: .regularExpression) != nil }),
            let range = child.text.range(of: pattern, options: .regularExpression)
        {
            return (child, URL(string: String(child.text[range]))!)
        }
        child.stop()
        throw LiveScenario.Timeout(description: "jobwire broker printed no URL: \(child.text)")
    }

    /// `jobwire check FILE --format json`: its exit status, the failed ids and its output.
    static func check(_ path: String) async throws -> (Int32, Set<String>, String) {
        let child = try ChildProgram(jobwire, ["check", path, "--format", "json"])
        let status = await child.finish(within: .hangGuard) ?? -1
        let json = (try? JSONParser.parse(child.stdout)) ?? .null
        let failed = Set((json["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }.compactMap { $0["id"]?.stringValue?.split(separator: ":").last.map(String.init) })
        return (status, failed, child.text)
    }

    @Test func aloneItServesTheBackendAndStopsOnSIGINT() async throws {
        let capture = Self.scratch().appendingPathComponent("plain.jsonl").path
        let (broker, url) = try await Self.broker(["--capture", capture])
        defer { broker.stop() }
        #expect(broker.text.contains("the reference backend listens on \(url.absoluteString)"))
        var request = URLRequest(guarding: url.appendingPathComponent("api/requests"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"clientId":"c-1"}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        #expect(try JSONParser.parse(Array(data))["error"]?["field"] == "CatID")
        kill(broker.pid, SIGINT)
        #expect(await broker.finish(within: .hangGuard) == 0)
        let (status, failed, _) = try await Self.check(capture)
        #expect(status == 0 && failed.isEmpty)
    }

    @Test(arguments: [("worker-happy", ""), ("worker-race-lost", "failure-alert-after-view")])
    func pythonSocketIOPlaysTheWorkerAppAndCheckGivesTheBrokersVerdictAgain(name: String, bug: String) async throws {
        let expected: Set<String> = bug.isEmpty ? [] : ["ALERT-1"]
        let python = try Self.python()
        let capture = Self.scratch().appendingPathComponent("\(name).jsonl").path
        // Real time: the kit's client keeps its timeout timer to the end, so a 2 s timeout keeps
        // the session to seconds (the scenarios' own default is PROTOCOL.md's 10 minutes).
        let page = Self.scratch().appendingPathComponent("\(name).html").path
        let (broker, url) = try await Self.broker(["--play", "client", "--scenario", name, "--capture", capture, "--format", "json", "--timeout-ms", "2000", "--html", page])
        defer { broker.stop() }
        let app = try ChildProgram(python, [Self.fakeApp, url.absoluteString] + (bug.isEmpty ? [] : ["--bug", bug]))
        defer { app.stop() }
        let status = await broker.finish(within: .hangGuard)
        // The report's JSON follows the broker's own lines on stdout.
        let report = broker.stdout.components(separatedBy: "\n{").dropFirst().joined(separator: "\n{")
        let verdict = (try? JSONParser.parse("{" + report)) ?? .null
        let failed = Set((verdict["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }.compactMap { $0["id"]?.stringValue?.split(separator: ":").last.map(String.init) })
        #expect(status == (expected.isEmpty ? 0 : 1), "broker:\n\(broker.text)\npython:\n\(app.text)")
        #expect(failed == expected, "broker:\n\(broker.text)\npython:\n\(app.text)")
        let text = try String(contentsOfFile: capture, encoding: .utf8)
        #expect(text.contains(#""actor":"worker","id":"w-1","kind":"offer.shown""#), "the python app reported what it showed")
        let (checked, checkedFailed, output) = try await Self.check(capture)
        #expect(checked == status, "\(output)")
        #expect(checkedFailed == failed, "\(output)")
        // --html draws the session from its capture, with the broker's verdict pinned.
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("offer.shown"), "the app's report is drawn")
        for id in ["ALERT-1"] { #expect(html.contains("\"requirement\":\"\(id)\"") == expected.contains(id), "the page pins exactly the verdict's \(id)") }
    }

    @Test func aBrokerKilledWithSIGKILLMidScenarioLeavesACaptureCheckReadsToItsLastLine() async throws {
        let python = try Self.python()
        let capture = Self.scratch().appendingPathComponent("killed.jsonl").path
        // The scenario waits for the kit client's 10-minute timeout, on a quarter-speed clock, so
        // the kill lands mid-scenario however loaded the machine; the test ends with the kill.
        let (broker, url) = try await Self.broker(["--play", "client", "--scenario", "worker-timeout-cancel", "--capture", capture, "--speed", "0.25"])
        defer { broker.stop() }
        let app = try ChildProgram(python, [Self.fakeApp, url.absoluteString])
        defer { app.stop() }
        var lines = 0
        _ = try await eventually {
            lines = ((try? String(contentsOfFile: capture, encoding: .utf8)) ?? "").split(separator: "\n").count
            return lines >= 12
        }
        #expect(lines >= 12, "the broker wrote \(lines) lines:\n\(broker.text)\npython:\n\(app.text)")
        kill(broker.pid, SIGKILL)
        _ = await broker.finish(within: .hangGuard)
        let text = try String(contentsOfFile: capture, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        #expect(!text.contains("trace.end"), "killed before the end")
        let (status, _, output) = try await Self.check(capture)
        #expect(status == 0 || status == 1, "\(output)")
        #expect(!output.contains("incomplete line"))
        #expect(output.contains("\"passed\""))
    }
}
