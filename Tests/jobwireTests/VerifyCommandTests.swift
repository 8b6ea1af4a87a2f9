import Foundation
import SocketIOWire
import Testing

/// `jobwire verify` end to end, as a user runs it: the embedded backend passes every case with a
/// JSON summary of integer counts, an unreachable URL is one line and exit 2, a bad profile names
/// its file, line and field, and the reports and capture are written.
@Suite(.timeLimit(.minutes(30)))
struct VerifyCommandTests {
    @Test func theEmbeddedBackendPassesWithAJSONSummary() async throws {
        let directory = CLIRunner.scratchDirectory()
        let junit = directory.appendingPathComponent("out.xml").path
        let capture = directory.appendingPathComponent("run.jsonl").path
        let result = try await CLIRunner.run(["verify", "--format", "json", "--junit", junit, "--capture", capture], in: directory)
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout.prefix(2000))")
        let summary = result.json["summary"]
        #expect(summary?["failed"] == .int(0))
        #expect(summary?["skipped"] == .int(0))
        if case .int(let passed)? = summary?["passed"] { #expect(passed >= 20) } else { Issue.record("summary.passed is not an integer") }
        #expect(FileManager.default.fileExists(atPath: junit))
        // The capture is a trace of the whole run that jobwire check reads; the backend passes it too.
        let check = try await CLIRunner.run(["check", capture], in: directory)
        #expect(check.status == 0, "\(check.stdout.prefix(3000))")
    }

    @Test func anUnreachableURLIsOneLineAndExitTwo() async throws {
        let result = try await CLIRunner.run(["verify", "http://127.0.0.1:9"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.contains("cannot reach the backend at http://127.0.0.1:9") == true)
    }

    @Test func aBadProfileNamesItsFileLineAndField() async throws {
        let directory = CLIRunner.scratchDirectory()
        let profile = directory.appendingPathComponent("names.json")
        try "{\n  \"events\": {\"neu\": \"x\"}\n}\n".write(to: profile, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["verify", "--profile", profile.path], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("names.json:2"), "\(result.stderr)")
        #expect(result.stderr.contains("events.neu"), "\(result.stderr)")
    }

    @Test func onlySkipAndAProfileWithoutFixturesSkipWithAReason() async throws {
        let directory = CLIRunner.scratchDirectory()
        let profile = directory.appendingPathComponent("nofixtures.json")
        try #"{"paths": {"workerFixture": null, "clientFixture": null}}"#.write(to: profile, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["verify", "--profile", profile.path, "--only", "MSG", "--skip", "new-channel"], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("SKIP  new-direct"))
        #expect(result.stdout.contains("no worker fixture (FIX-1)"))
        #expect(!result.stdout.contains("new-channel"))
        #expect(result.stdout.contains(" 0 failed, "))
    }

    @Test func aProfileWithoutAClockFixtureSkipsTheCasesThatLetTimePass() async throws {
        let directory = CLIRunner.scratchDirectory()
        let profile = directory.appendingPathComponent("noclock.json")
        try #"{"paths": {"clockFixture": null}}"#.write(to: profile, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["verify", "--profile", profile.path, "--only", "TASK-13", "--only", "task.token-expiry", "--only", "task.cancel"], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("SKIP  task.cancel-cutoff"))
        #expect(result.stdout.contains("SKIP  task.token-expiry"))
        #expect(result.stdout.contains("no clock fixture (FIX-4)"))
        #expect(result.stdout.contains("PASS  task.cancel "))
    }

    @Test func aStaleKnownFailureFailsTheRun() async throws {
        let directory = CLIRunner.scratchDirectory()
        let known = directory.appendingPathComponent("known.txt")
        try "unknown-ids\n".write(to: known, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["verify", "--only", "unknown-ids", "--known-failures", known.path], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("STALE"))
    }
}
