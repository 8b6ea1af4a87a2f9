import Foundation
import Testing
import SocketIOWire

/// `jobwire vectors run --suite offline` end to end: built-in, the correct and the wrong example adapter.
@Suite(.serialized) struct OfflineVectorsRunCommandTests {
    static let wrongAdapter = CLIRunner.example("offline-adapter-python-wrong")
    static let knownFailures = CLIRunner.packageRoot.appendingPathComponent("Examples/offline-adapter-python-wrong/known-failures.txt").path

    /// The ids the known-failures list names, without comments.
    static func listedIDs() throws -> [String] {
        try String(contentsOfFile: knownFailures, encoding: .utf8).split(separator: "\n").compactMap { line in
            let id = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?.trimmingCharacters(in: .whitespaces) ?? ""
            return id.isEmpty ? nil : id
        }
    }

    @Test func builtinPassesEveryOfflineVector() throws {
        let result = try CLIRunner.run(["vectors", "run", "--suite", "offline", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = result.json["summary"]
        #expect((summary?["passed"]?.integerValue ?? 0) >= 45)
        #expect(summary?["failed"] == .int(0))
        #expect(summary?["errors"] == .int(0))
        #expect(summary?["requirements"]?["AUTH-7"]?["passed"]?.integerValue ?? 0 > 0)
    }

    @Test func vectorsListShowsTheSuite() throws {
        let result = try CLIRunner.run(["vectors", "list"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("suite offline: "))
        #expect(result.stdout.contains("OFFL-15"))
    }

    @Test func theCorrectExampleAdapterPasses() throws {
        let result = try CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", CLIRunner.example("offline-adapter-python")])
        #expect(result.status == 0, "\(result.stdout.suffix(2000))\n\(result.stderr)")
        #expect(result.stdout.contains("example-offline-python 1.0"))
    }

    @Test func theWrongExampleAdapterFailsExactlyTheListedVectors() throws {
        let result = try CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", Self.wrongAdapter, "--format", "json"])
        #expect(result.status == 1)
        let failed = (result.json["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }.compactMap { $0["id"]?.stringValue }
        #expect(failed.sorted() == (try Self.listedIDs()).sorted())
        // One vector per bug: offline refresh sent, create dropped, newest first, expiry boundary.
        for id in ["refresh.offline-ignored", "edit.offline-local-keeps-create", "replay.in-order-one-at-a-time", "auth.expiring-now-is-expired"] {
            #expect(failed.contains(id), "\(id) not reported as failed")
        }
    }

    @Test func theWrongAdapterExplainsTheFirstDifference() throws {
        let result = try CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", Self.wrongAdapter])
        #expect(result.stdout.contains("FAIL   replay.in-order-one-at-a-time"))
        #expect(result.stdout.contains("OFFL-11 MUST:"), "failures must show the requirement sentence")
        #expect(result.stdout.contains("expected: after steps[0] (goOnline): effects[1].request.seq is 1"))
        #expect(result.stdout.contains("observed: after steps[0] (goOnline): effects[1].request.seq is 3"))
    }

    @Test func theWrongAdapterWithItsKnownFailuresExitsZero() throws {
        let result = try CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", Self.wrongAdapter, "--known-failures", Self.knownFailures, "--format", "json"])
        #expect(result.status == 0, "\(result.stdout.suffix(3000))")
        #expect(result.json["summary"]?["knownFailures"]?.integerValue == Int64(try Self.listedIDs().count))
    }

    @Test func theEligibilityAdapterSkipsTheOfflineSuite() throws {
        let result = try CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", CLIRunner.example("eligibility-adapter-python"), "--format", "json"])
        #expect(result.status == 0)
        #expect(result.json["cases"]?.arrayValue?.first?["reason"]?.stringValue == "testee does not support suite offline")
    }
}
