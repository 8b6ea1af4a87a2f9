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

    @Test func builtinPassesEveryOfflineVector() async throws {
        let result = try await CLIRunner.run(["vectors", "run", "--suite", "offline", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = result.json["summary"]
        #expect((summary?["passed"]?.integerValue ?? 0) >= 45)
        #expect(summary?["failed"] == .int(0))
        #expect(summary?["errors"] == .int(0))
        #expect(summary?["requirements"]?["AUTH-7"]?["passed"]?.integerValue ?? 0 > 0)
    }

    @Test func vectorsListShowsTheSuite() async throws {
        let result = try await CLIRunner.run(["vectors", "list"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("suite offline: "))
        #expect(result.stdout.contains("OFFL-15"))
    }

    @Test func theCorrectExampleAdapterPasses() async throws {
        let result = try await CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", CLIRunner.example("offline-adapter-python")])
        #expect(result.status == 0, "\(result.stdout.suffix(2000))\n\(result.stderr)")
        #expect(result.stdout.contains("example-offline-python 1.0"))
    }

    @Test func theWrongExampleAdapterFailsExactlyTheListedVectors() async throws {
        let result = try await CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", Self.wrongAdapter, "--format", "json"])
        #expect(result.status == 1)
        let failed = (result.json["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }.compactMap { $0["id"]?.stringValue }
        #expect(failed.sorted() == (try Self.listedIDs()).sorted())
        // One vector per bug: offline refresh sent, create dropped, newest first, expiry boundary, login off its screen.
        for id in ["refresh.offline-ignored", "edit.offline-local-keeps-create", "replay.in-order-one-at-a-time", "auth.expiring-now-is-expired", "malformed.login-off-login-screen"] {
            #expect(failed.contains(id), "\(id) not reported as failed")
        }
    }

    @Test func theWrongAdapterExplainsTheFirstDifference() async throws {
        let result = try await CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", Self.wrongAdapter])
        #expect(result.stdout.contains("FAIL   replay.in-order-one-at-a-time"))
        #expect(result.stdout.contains("OFFL-11 MUST:"), "failures must show the requirement sentence")
        #expect(result.stdout.contains("expected: after steps[0] (goOnline): effects[1].request.seq is 1"))
        #expect(result.stdout.contains("observed: after steps[0] (goOnline): effects[1].request.seq is 3"))
    }

    /// Each failure is blamed by the checker's rules on what the wrong adapter did: among the
    /// requirements blamed is the one of a bug its known-failures line names (a bug may also break
    /// another requirement as a consequence, which is reported too), and a vector of OFFL-5 failed by
    /// the bug that drops a create is counted under OFFL-8, not OFFL-5: the summary's OFFL-5 failures
    /// are exactly the cases blamed on OFFL-5 (those of the BUG(OFFL-5) that skips a notification).
    @Test func theWrongAdaptersFailuresNameTheRequirementItsBugBreaks() async throws {
        let result = try await CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", Self.wrongAdapter, "--format", "json"])
        let text = try String(contentsOfFile: Self.knownFailures, encoding: .utf8)
        var bugs: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let id = line.split(separator: " ").first else { continue }
            bugs[String(id)] = Set(line.components(separatedBy: "BUG(").dropFirst().compactMap { $0.split(separator: ")").first.map(String.init) })
        }
        let failed = (result.json["cases"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }
        #expect(!failed.isEmpty)
        var blamedOnOFFL5 = 0
        for entry in failed {
            let id = entry["id"]?.stringValue ?? "?"
            // Without violations (a refusal expected, or an answer that is no run of steps) the failure is the vector's requirement's.
            var blamed = Set((entry["violations"]?.arrayValue ?? []).compactMap { $0["requirement"]?.stringValue })
            if blamed.isEmpty, let requirement = entry["requirement"]?.stringValue { blamed = [requirement] }
            #expect(!blamed.isDisjoint(with: bugs[id] ?? []), "\(id): blamed \(blamed), its bugs \(bugs[id] ?? [])")
            if blamed.contains("OFFL-5") {
                blamedOnOFFL5 += 1
                #expect(bugs[id]?.contains("OFFL-5") == true, "\(id) is counted under OFFL-5 without BUG(OFFL-5)")
            }
        }
        let notification = failed.first { $0["id"] == "edit.offline-local-notification" }
        #expect(notification?["requirement"] == "OFFL-5")
        #expect(Set((notification?["violations"]?.arrayValue ?? []).compactMap { $0["requirement"]?.stringValue }) == ["OFFL-8"])
        #expect(blamedOnOFFL5 > 0)
        #expect(result.json["summary"]?["requirements"]?["OFFL-5"]?["failed"]?.integerValue == Int64(blamedOnOFFL5))
        let report = try await CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", Self.wrongAdapter])
        #expect(report.stdout.contains("broke OFFL-8 MUST:"), "\(report.stdout)")
    }

    @Test func theWrongAdapterWithItsKnownFailuresExitsZero() async throws {
        let result = try await CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", Self.wrongAdapter, "--known-failures", Self.knownFailures, "--format", "json"])
        #expect(result.status == 0, "\(result.stdout.suffix(3000))")
        #expect(result.json["summary"]?["knownFailures"]?.integerValue == Int64(try Self.listedIDs().count))
    }

    @Test func theEligibilityAdapterSkipsTheOfflineSuite() async throws {
        let result = try await CLIRunner.run(["vectors", "run", "--suite", "offline", "--adapter", CLIRunner.example("eligibility-adapter-python"), "--format", "json"])
        #expect(result.status == 0)
        #expect(result.json["cases"]?.arrayValue?.first?["reason"]?.stringValue == "testee does not support suite offline")
    }
}
