import Foundation
import SocketIOWire
import Testing

/// `jobwire capture shrink` end to end: the shrunk trace is written and checks as failing the kept
/// requirement; the sizes and checks are printed; a capture that does not fail is refused.
@Suite(.serialized) struct CaptureShrinkCommandTests {
    static let traces = CLIRunner.packageRoot.appendingPathComponent("Vectors/traces")

    @Test func aBadTraceShrinksToAFileThatStillFails() async throws {
        let directory = CLIRunner.scratchDirectory()
        let input = Self.traces.appendingPathComponent("bad/state-11-lost-not-cancelled-client.jsonl").path
        let result = try await CLIRunner.run(["capture", "shrink", input, "--keep", "STATE-11", "--out", "shrunk.jsonl"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(" lines → "))
        #expect(result.stderr.contains("still failing STATE-11"))
        #expect(result.stderr.contains(" checks"))
        let check = try await CLIRunner.run(["check", "shrunk.jsonl"], in: directory)
        #expect(check.status == 1)
        #expect(check.stderr.contains("violates STATE-11"))
    }

    @Test func asScenarioWritesAScenarioFileNamedForTheOutput() async throws {
        let directory = CLIRunner.scratchDirectory()
        let input = Self.traces.appendingPathComponent("bad/alert-10-no-image-client.jsonl").path
        let result = try await CLIRunner.run(["capture", "shrink", input, "--keep", "ALERT-10", "--as", "scenario", "--out", "client-no-image.json"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let scenario = try JSONParser.parse(String(contentsOf: directory.appendingPathComponent("client-no-image.json"), encoding: .utf8))
        #expect(scenario["scenario"] == "client-no-image")
        #expect(scenario["requirements"] == ["ALERT-10"])
        #expect(scenario["app"]?["role"] == "client")
        #expect(scenario["steps"]?.arrayValue?.first?["do"] == "post")
    }

    @Test func aCaptureThatDoesNotFailIsRefusedWithExitTwo() async throws {
        let input = Self.traces.appendingPathComponent("good/happy-client.jsonl").path
        let result = try await CLIRunner.run(["capture", "shrink", input, "--keep", "TIME-2"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("does not fail TIME-2"))
        #expect(result.stdout.isEmpty)
    }
}
