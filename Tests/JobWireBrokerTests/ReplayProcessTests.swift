import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import SocketIONIO
import SocketIOWire
import Testing
import JobWireBroker

/// `jobwire replay` as a child process playing a capture that `jobwire record` wrote between the
/// python-socketio apps of Interop/record_apps.py and `jobwire broker` (Interop/recorded_session.jsonl,
/// polling, redacted: the sign-up's password and token are stand-ins) against a fresh backend: the
/// reference backend passes, with the ReqID it assigns mapped onto the recorded one; backends
/// with a fault the recorded flow runs into fail with that fault's requirement, and the diff
/// names the recorded line they answered or emitted otherwise. One live test records the capture
/// itself first. Every process is real, on loopback, and every wait is bounded.
@Suite(.serialized, .timeLimit(.minutes(30)))
struct ReplayProcessTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Interop/recorded_session.jsonl").path

    /// `jobwire replay CAPTURE [--against URL] --format json ARGS`: its exit status, the requirement
    /// ids it failed, its `REPLAY` differences (`line-N: observed`) and its output.
    static func replay(_ capture: String, against url: URL?, _ arguments: [String] = []) async throws -> (status: Int32, failed: Set<String>, differences: [String], text: String) {
        let target = url.map { ["--against", $0.absoluteString] } ?? []
        let child = try ChildProgram(BrokerProcessTests.jobwire, ["replay", capture, "--format", "json"] + target + arguments)
        let status = await child.finish(within: .hangGuard) ?? -1
        let cases = (try? JSONParser.parse(child.stdout))?["cases"]?.arrayValue ?? []
        let failed = cases.filter { $0["outcome"] == "failed" }
        let differences = failed.filter { $0["requirement"] == "REPLAY" }.map { ($0["id"]?.stringValue?.split(separator: ":").last.map(String.init) ?? "?") + ": " + ($0["observed"]?.stringValue ?? "") }
        let ids = Set(failed.compactMap { $0["requirement"]?.stringValue }.filter { $0 != "REPLAY" })
        return (status, ids, differences, child.text)
    }

    /// Posts a request to the fresh broker at `url` (its R-1), so the replay's is R-2 where the recording's was R-1.
    static func postFirst(to url: URL) async throws {
        var request = URLRequest(guarding: url.appendingPathComponent("api/requests"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"clientId":"c-9","CatID":1,"category":"Other","description":"first","clientName":"Bo","address":"x","lat":0,"lng":0}"#.utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        #expect(String(decoding: data, as: UTF8.self).contains(#""ReqID":"R-1""#))
    }

    @Test func theRecordedSessionReplaysCleanAgainstAFreshBrokerWithTheAssignedReqIDMapped() async throws {
        let (broker, url) = try await BrokerProcessTests.broker([])
        defer { broker.stop() }
        try await Self.postFirst(to: url)

        let out = BrokerProcessTests.scratch().appendingPathComponent("replayed.jsonl").path
        let har = out + ".har"
        let result = try await Self.replay(Self.fixture, against: url, ["--out", out, "--har", har])
        #expect(result.status == 0, "\(result.text)")
        #expect(result.failed.isEmpty && result.differences.isEmpty, "\(result.failed) \(result.differences)")
        let replayed = try String(contentsOfFile: out, encoding: .utf8)
        #expect(replayed.contains(#""path":"/api/requests/R-2/accept""#) && replayed.contains(#""path":"/api/requests/R-2/close""#), "\(replayed)")
        #expect(!replayed.contains("R-1/"), "every recorded R-1 is the replay's R-2")
        // The token the new backend issued is learnt and sent, but the trace holds its stand-in.
        #expect(replayed.contains(#""token":"redacted-"#) && replayed.contains(#""bearer":"redacted-"#), "\(replayed)")
        #expect(replayed.contains(#""status":200,"body":{"ok":true,"user":{"#), "the me call bore the new token")
        // The HAR: the six REST exchanges as the replay sent them, with the same stand-ins.
        let archive = try String(contentsOfFile: har, encoding: .utf8)
        let log = try JSONParser.parse(archive)["log"]
        #expect(log?["creator"]?["name"] == "jobwire replay")
        let entries = log?["entries"]?.arrayValue ?? []
        #expect(entries.map { $0["request"]?["url"]?.stringValue?.replacingOccurrences(of: url.absoluteString, with: "") ?? "?" } == [
            "/api/workers/w-1", "/api/requests", "/api/requests/R-2/accept", "/api/requests/R-2/close", "/api/auth/signup", "/api/users/me",
        ])
        #expect(archive.contains("Bearer redacted-") && archive.contains(#"\"token\":\"redacted-"#), "\(archive)")
        #expect(result.text.contains("10 steps"))
    }

    @Test(arguments: ["polling", "upgrade"])
    func theRecordedSessionReplaysCleanOverLongPolling(transport: String) async throws {
        #expect(ReplayOptions.transports(named: transport) == (transport == "polling" ? [.polling] : [.polling, .websocket]))
        let result = try await Self.replay(Self.fixture, against: nil, ["--transport", transport, "--fast"])
        #expect(result.status == 0, "\(result.text)")
        #expect(result.failed.isEmpty && result.differences.isEmpty, "\(result.failed) \(result.differences)")
        #expect(result.text.contains("10 steps"))
    }

    @Test func anUnknownTransportIsUnusableInput() async throws {
        let result = try await Self.replay(Self.fixture, against: nil, ["--transport", "carrier-pigeon"])
        #expect(result.status == 2 && result.text.contains("--transport must be websocket, polling or upgrade"), "\(result.text)")
    }

    /// Faults of the embedded reference backend (`--mutant`) that the recorded flow (post, `new`, accept, `apply`,
    /// close, `close` to both, sign-up, me) runs into, each with the ids the replay's checker
    /// fails and the differences its diff reports: the recorded line of the `new` (line 10)
    /// with `BlockedXP` null or without `Delay`, of the client's `close` (line 16) that never
    /// came, or an `apply` the worker got that the recording has not. `delayDropped` fails by the
    /// diff alone: the capture does not say the client's Delay, so no rule can.
    @Test(arguments: [
        ("bansAsNull", ["MSG-5"], ["line-10: BlockedXP: recorded [], replayed null"]),
        ("delayDropped", [String](), ["line-10: Delay: recorded 0, replayed nothing"]),
        ("closeReachesOneSide", ["FLOW-9"], ["line-16: the replay never got it"]),
        ("applyToEveryone", ["FLOW-5"], ["extra-1: not on the recording"]),
    ])
    func aFaultyBackendFailsTheReplayWithItsRequirementAndTheDiffNamesTheRecordedLine(fault: String, expected: [String], lines: [String]) async throws {
        let page = BrokerProcessTests.scratch().appendingPathComponent("replay.html").path
        let result = try await Self.replay(Self.fixture, against: nil, ["--mutant", fault, "--fast", "--step-timeout", "3000", "--html", page])
        #expect(result.status == 1, "\(result.text)")
        #expect(result.failed == Set(expected), "\(result.text)")
        // --html draws the replayed traffic with the same verdict.
        let html = try String(contentsOfFile: page, encoding: .utf8)
        for id in expected { #expect(html.contains("\"requirement\":\"\(id)\""), "the page pins \(id)") }
        #expect(html.components(separatedBy: "href=\"#req-REPLAY\">REPLAY</a>").count - 1 == lines.count, "the page lists each difference")
        #expect(result.differences.count == lines.count, "\(result.differences)")
        for (difference, start) in zip(result.differences, lines) {
            let (line, detail) = (start.prefix { $0 != ":" }, start.drop { $0 != ":" }.dropFirst(2))
            #expect(difference.hasPrefix(line + ": ") && difference.contains(detail), "\(difference) is not \(start)")
        }
    }

    /// The walk-through of Docs/RECORD.md end to end: the apps through `jobwire record` to one
    /// broker over the WebSocket upgrade, then the capture replayed at its recorded pace against
    /// a second, fresh broker, which passes.
    @Test func aSessionRecordedThroughRecordReplaysCleanAtItsRecordedPace() async throws {
        let capture = BrokerProcessTests.scratch().appendingPathComponent("recorded.jsonl").path
        let (recorded, upstream) = try await BrokerProcessTests.broker([])
        defer { recorded.stop() }
        let (recorder, proxy) = try await RecordProcessTests.recorder(upstream: upstream, out: capture)
        defer { recorder.stop() }
        _ = try await RecordProcessTests.runApps(through: proxy, transport: "upgrade")
        try await RecordProcessTests.waitFor(#""actor":"client","id":"c-1","kind":"io.disconnected""#, in: capture)
        kill(recorder.pid, SIGINT)
        #expect(await recorder.finish(within: .hangGuard) == 0, "\(recorder.text)")

        let (fresh, url) = try await BrokerProcessTests.broker([])
        defer { fresh.stop() }
        let result = try await Self.replay(capture, against: url)
        #expect(result.status == 0, "\(result.text)")
        #expect(result.failed.isEmpty && result.differences.isEmpty, "\(result.failed) \(result.differences)")
    }

    @Test func aBackendThatCannotBeReachedOrAMutantWithAURLIsUnusableInput() async throws {
        let unreachable = try await Self.replay(Self.fixture, against: URL(string: "http://127.0.0.1:1")!)
        #expect(unreachable.status == 2 && unreachable.text.contains("cannot reach the backend at http://127.0.0.1:1"), "\(unreachable.text)")
        let both = try await Self.replay(Self.fixture, against: URL(string: "http://127.0.0.1:1")!, ["--mutant", "bansAsNull"])
        #expect(both.status == 2 && both.text.contains("--mutant switches the embedded backend"), "\(both.text)")
    }

    @Test func knownFailuresTakeTheRequirementAndTheDiffAndGoStaleOnACleanReplay() async throws {
        let known = BrokerProcessTests.scratch().appendingPathComponent("known.txt").path
        try "MSG-5\nREPLAY\n".write(toFile: known, atomically: true, encoding: .utf8)
        let listed = try await Self.replay(Self.fixture, against: nil, ["--mutant", "bansAsNull", "--fast", "--known-failures", known])
        #expect(listed.status == 0, "\(listed.text)")
        let stale = try await Self.replay(Self.fixture, against: nil, ["--fast", "--known-failures", known])
        #expect(stale.status == 1, "\(stale.text)")
    }

    /// A recorded event no backend sends (a `ghost` the client got before its `close`) is reported
    /// missing as soon as the `close` came, which Socket.IO delivers after it on the same
    /// connection: the replay waits for no timeout (60 s here) to prove the absence. The reason in
    /// the difference says which ended the wait (overtaken, not timed out), so no wall clock is read.
    @Test func anEventTheReplayNeverGetsIsReportedOnceALaterOneOvertookItNotAfterTheTimeout() async throws {
        let capture = BrokerProcessTests.scratch().appendingPathComponent("ghost.jsonl").path
        var lines = try String(contentsOfFile: Self.fixture, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let close = try #require(lines.firstIndex { $0.contains(#""actor":"client","id":"c-1","kind":"io.in","event":"close""#) })
        lines.insert(lines[close].replacingOccurrences(of: #""event":"close""#, with: #""event":"ghost""#), at: close)
        try lines.joined(separator: "\n").write(toFile: capture, atomically: true, encoding: .utf8)
        let result = try await Self.replay(capture, against: nil, ["--fast", "--step-timeout", "60000"])
        #expect(result.status == 1 && result.failed.isEmpty, "\(result.text)")
        #expect(result.differences == ["line-16: the replay never got it (the event the recording has after it (line 17) came first, and a fence found nothing more)"], "\(result.differences)")
    }

    @Test func aMemberNamedVolatileIsLeftOutOfTheDiff() async throws {
        let result = try await Self.replay(Self.fixture, against: nil, ["--mutant", "delayDropped", "--fast", "--volatile", "Delay"])
        #expect(result.status == 0 && result.differences.isEmpty, "\(result.text)")
    }

    /// An event an app emitted on the recording is emitted again, its assigned ids mapped, once
    /// the event that carried them came: a worker's `seen` about the request of the `new` it got.
    @Test func anEmitIsPlayedAfterTheEventThatCarriedItsID() async throws {
        let capture = BrokerProcessTests.scratch().appendingPathComponent("emit.jsonl").path
        let out = capture + ".replayed.jsonl"
        var lines = try String(contentsOfFile: Self.fixture, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let offer = try #require(lines.firstIndex { $0.contains(#""kind":"io.in","event":"new""#) })
        lines.insert(#"{"ts":1795692214850,"actor":"worker","id":"w-1","kind":"io.out","event":"seen","payload":{"ReqID":"R-1"}}"#, at: offer + 1)
        try lines.joined(separator: "\n").write(toFile: capture, atomically: true, encoding: .utf8)
        let (broker, url) = try await BrokerProcessTests.broker([])
        defer { broker.stop() }
        try await Self.postFirst(to: url)
        let result = try await Self.replay(capture, against: url, ["--fast", "--out", out])
        #expect(result.status == 0, "\(result.text)")
        let replayed = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        let new = try #require(replayed.firstIndex { $0.contains(#""event":"new""#) })
        let seen = try #require(replayed.firstIndex { $0.contains(#""kind":"io.out","event":"seen","payload":{"ReqID":"R-2"}"#) }, "\(replayed)")
        #expect(new < seen)
    }
}
