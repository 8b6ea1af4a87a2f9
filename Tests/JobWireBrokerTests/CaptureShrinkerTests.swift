import Foundation
import JobWire
import SocketIOWire
import Testing

@testable import JobWireBroker

/// `jobwire capture shrink`'s engine: a shipped bad trace padded with a good trace's unrelated
/// traffic shrinks to a smaller trace that still fails the same requirement and holds none of the
/// padding; the trace stays well formed; errors are clear; the result is deterministic.
struct CaptureShrinkerTests {
    static let traces = try! VectorLocator.directory(environment: [:]).appendingPathComponent("traces")

    /// The bad trace's header and lines, with the good trace's events merged in by time: the good
    /// trace's apps, requests and calls renamed (`c-1` → `c-71`, `R-1` → `R-71`, `x-5` → `x-75`)
    /// and its clock moved to start with the bad trace's; the good lines after the bad trace's
    /// last one are left out, so no padding can stand in for the bad trace's end.
    static func padded(bad: String, good: String) throws -> (text: String, badEvents: Int) {
        let badLines = try String(contentsOf: traces.appendingPathComponent(bad), encoding: .utf8).split(separator: "\n").map(String.init)
        let goodLines = try String(contentsOf: traces.appendingPathComponent(good), encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
        let rename = try NSRegularExpression(pattern: #"(?<=["/])([cwRx])-([0-9]+)(?=["/?])"#)
        func ts(_ line: String) -> Int64 { (try? JSONParser.parse(line))?["ts"].flatMap { if case .int(let value) = $0 { value } else { nil } } ?? 0 }
        let shift = ts(badLines[1]) - ts(goodLines[0])
        var merged: [(Int64, Int, String)] = badLines.dropFirst().enumerated().map { (ts($1), 2 * $0, $1) }
        for (index, line) in goodLines.enumerated() {
            let renamed = rename.stringByReplacingMatches(in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "$1-7$2")
            guard case .object(var object) = try JSONParser.parse(renamed), case .int(let stamp) = object["ts"] else { continue }
            if object["kind"] == .string("trace.end") { continue }
            if stamp + shift >= ts(badLines[badLines.count - 1]) { continue }
            object["ts"] = .int(stamp + shift)
            merged.append((stamp + shift, 2 * index + 1, JSONValue.object(object).compactText))
        }
        merged.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        let text = ([badLines[0]] + merged.map(\.2)).map { $0 + "\n" }.joined()
        return (text, badLines.count - 1)
    }

    @Test(arguments: [
        ("bad/time-2-no-cancel-client.jsonl", "good/happy-client.jsonl", RequirementID("TIME-2")),
        ("bad/state-11-lost-not-cancelled-client.jsonl", "good/happy-client.jsonl", RequirementID("STATE-11")),
        ("bad/alert-10-no-image-client.jsonl", "good/happy-client.jsonl", RequirementID("ALERT-10")),
    ])
    func aPaddedBadTraceShrinksToWhatTheFailureNeeds(_ bad: String, _ good: String, _ keep: RequirementID) throws {
        let (text, badEvents) = try Self.padded(bad: bad, good: good)
        let input = try ShrinkInput(text: text, file: "padded.jsonl")
        #expect(input.lines.count > badEvents)
        let shrinker = try CaptureShrinker(input: input, keep: keep)
        let shrunk = shrinker.shrink()
        #expect(shrunk.linesAfter < shrunk.linesBefore)
        #expect(shrunk.linesAfter <= badEvents + 1)
        let output = shrunk.traceText
        for padding in ["c-71", "w-71", "R-71"] { #expect(!output.contains("\"\(padding)\""), "\(padding) is unrelated padding") }
        let verdict = try TraceChecker.check(text: output, file: "shrunk.jsonl")
        #expect(verdict.failedIDs.contains(keep))
        #expect(output.hasPrefix(#"{"format":"jobwire-trace""#))
        #expect(output.contains(shrunk.note))
        #expect(shrunk.note.contains(keep.rawValue) && shrunk.note.contains("padded.jsonl") && shrunk.note.contains("\(shrunk.linesBefore) lines to \(shrunk.linesAfter)"))
        // 1-minimal over the lines: dropping any one kept line (and what needs it) passes.
        let kept = shrunk.originalLines.map { line in input.events.firstIndex { $0.line == line }! }
        #expect(input.closure(kept) == kept)
        for dropped in kept.indices {
            var fewer = kept
            fewer.remove(at: dropped)
            #expect(!shrinker.stillFails(input.closure(fewer).map { input.events[$0] }), "line \(shrunk.originalLines[dropped]) is not needed")
        }
    }

    @Test func shrinkingIsDeterministic() throws {
        let (text, _) = try Self.padded(bad: "bad/time-2-no-cancel-client.jsonl", good: "good/happy-client.jsonl")
        let input = try ShrinkInput(text: text, file: "padded.jsonl")
        let first = try CaptureShrinker(input: input, keep: "TIME-2").shrink()
        let second = try CaptureShrinker(input: input, keep: "TIME-2").shrink()
        #expect(first.traceText == second.traceText)
        #expect(first.checks == second.checks)
    }

    @Test func aCaptureThatDoesNotFailTheRequirementIsRefusedClearly() throws {
        let text = try String(contentsOf: Self.traces.appendingPathComponent("good/happy-client.jsonl"), encoding: .utf8)
        let input = try ShrinkInput(text: text, file: "happy.jsonl")
        #expect {
            try CaptureShrinker(input: input, keep: "TIME-2")
        } throws: { error in
            "\(error)".contains("happy.jsonl") && "\(error)".contains("does not fail TIME-2") && "\(error)".contains("conformant")
        }
        #expect {
            try CaptureShrinker(input: input, keep: "NOPE-1")
        } throws: { error in
            "\(error)".contains("no checker rule judges NOPE-1")
        }
    }

    /// w-1's clock goes back (TIME-10) after a call whose `xid` w-2 uses again once it finished.
    static let reusedXID = """
        {"format":"jobwire-trace","version":1,"roles":["worker"]}
        {"ts":5000,"actor":"worker","id":"w-1","kind":"http.request","xid":"x-1","method":"GET","path":"/api/jobs?workerId=w-1"}
        {"ts":5001,"actor":"worker","id":"w-1","kind":"http.response","xid":"x-1","status":200,"body":{"ok":true,"jobs":[]}}
        {"ts":1000,"actor":"worker","id":"w-1","kind":"view.shown","view":"home"}
        {"ts":5002,"actor":"worker","id":"w-2","kind":"http.request","xid":"x-1","method":"GET","path":"/api/jobs?workerId=w-2"}
        {"ts":5003,"actor":"worker","id":"w-2","kind":"http.response","xid":"x-1","status":200,"body":{"ok":true,"jobs":[]}}

        """

    @Test func aCaptureThatContradictsItselfIsRefusedAtItsLineAndNoCutIsKeptThatWould() throws {
        // w-2 asks under x-1 while w-1's call is unanswered: `jobwire check` refuses line 4.
        let contradicting = Self.reusedXID.replacingOccurrences(of: #"{"ts":5001,"actor":"worker","id":"w-1","kind":"http.response","xid":"x-1","status":200,"body":{"ok":true,"jobs":[]}}"# + "\n", with: "")
        #expect {
            try CaptureShrinker(input: try ShrinkInput(text: contradicting, file: "t.jsonl"), keep: "TIME-10")
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.file == "t.jsonl" && error.line == 4 && error.field == "xid"
        }
        // The capture with w-1's answer is sound; the cut that drops only that answer is not, so it
        // is not kept however it fails.
        let input = try ShrinkInput(text: Self.reusedXID, file: "t.jsonl")
        let shrinker = try CaptureShrinker(input: input, keep: "TIME-10")
        #expect(shrinker.stillFails(input.events))
        #expect(!shrinker.stillFails([input.events[0], input.events[2], input.events[3], input.events[4]]))
    }

    @Test func droppingAConnectDropsItsConnectionsEventsAndDroppingACallItsAnswer() throws {
        let text = """
            {"format":"jobwire-trace","version":1,"roles":["worker"]}
            {"ts":1,"actor":"worker","id":"w-1","kind":"io.connecting","auth":{"userId":"w-1","role":"worker"}}
            {"ts":2,"actor":"worker","id":"w-1","kind":"io.connected","auth":{"userId":"w-1","role":"worker"}}
            {"ts":3,"actor":"worker","id":"w-1","kind":"io.in","event":"new","payload":{"ReqID":"R-1"}}
            {"ts":4,"actor":"worker","id":"w-1","kind":"http.request","xid":"x-1","method":"GET","path":"/api/jobs?workerId=w-1"}
            {"ts":5,"actor":"worker","id":"w-1","kind":"http.response","xid":"x-1","status":200,"body":{"ok":true,"jobs":[]}}
            {"ts":6,"actor":"worker","id":"w-1","kind":"io.disconnected","reason":"client"}
            {"ts":7,"actor":"worker","id":"w-1","kind":"io.connected","auth":{"userId":"w-1","role":"worker"}}
            {"ts":8,"actor":"worker","id":"w-1","kind":"io.in","event":"new","payload":{"ReqID":"R-2"}}

            """
        let input = try ShrinkInput(text: text, file: "t.jsonl")
        #expect(input.closure([0, 2, 3, 4, 5, 6, 7]) == [0, 3, 4, 6, 7])
        #expect(input.closure([1, 2, 3, 5, 6, 7]) == [3, 6, 7])
        #expect(input.closure(Array(0..<8)) == Array(0..<8))
    }

    @Test func aShrunkClientFailureBecomesAScenarioTheLoaderReads() throws {
        let (text, _) = try Self.padded(bad: "bad/alert-10-no-image-client.jsonl", good: "good/happy-client.jsonl")
        let shrunk = try CaptureShrinker(input: try ShrinkInput(text: text, file: "padded.jsonl"), keep: "ALERT-10").shrink()
        let scenario = try shrunk.scenarioText()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shrink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("client-shrunk-alert-10.json")
        try Data(scenario.utf8).write(to: url)
        let loaded = try ScenarioLoader.load(url: url)
        #expect(loaded.requirements == ["ALERT-10"])
        #expect(loaded.app.id == "c-1")
        #expect(scenario.contains(#""do": "post""#))
        #expect(!scenario.contains("c-71"))
    }
}
