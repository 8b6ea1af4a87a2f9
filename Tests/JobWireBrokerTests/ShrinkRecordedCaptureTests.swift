import Foundation
import JobWire
import SocketIOWire
import Testing

@testable import JobWireBroker

/// `jobwire capture shrink` on a real capture: python-socketio apps recorded through `jobwire
/// record`, with a violation injected (the backend's `apply` after the successful WorkerAccept
/// removed while the client stays connected, FLOW-4), shrink to the WorkerAccept, its answer and
/// the line that ends the trace.
@Suite(.serialized, .timeLimit(.minutes(30)))
struct ShrinkRecordedCaptureTests {
    @Test func aRecordedCaptureWithAnInjectedViolationShrinksToTheAcceptAndItsAnswer() async throws {
        let capture = try await ServeRecordedProcessTests.recordSession()
        var lines: [String] = []
        for line in try String(contentsOfFile: capture, encoding: .utf8).split(separator: "\n") {
            guard case .object(var object) = try JSONParser.parse(String(line)) else { continue }
            if object["event"] == "apply" { continue }
            // The apps leave right after the accept; an app gone before the apply was due may have
            // missed it (FLOW-4 excuses it), so the injected capture keeps them connected.
            if object["kind"] == "io.disconnected" { continue }
            // The trace must reach past the tolerance for the missing apply to be judged.
            if object["kind"] == "trace.end", case .int(let ts) = object["ts"] { object["ts"] = .int(ts + 5_000) }
            lines.append(JSONValue.object(object).compactText)
        }
        let input = try ShrinkInput(text: lines.joined(separator: "\n") + "\n", file: "injected.jsonl")
        let shrunk = try CaptureShrinker(input: input, keep: "FLOW-4").shrink()
        #expect(shrunk.linesBefore == lines.count)
        #expect(shrunk.linesAfter == 4, "\(shrunk.traceText)")
        let kinds = shrunk.lines.compactMap { $0["kind"]?.stringValue }
        #expect(kinds == ["http.request", "http.response", "trace.end"])
        #expect(shrunk.lines.first?["path"] == "/api/requests/R-1/accept")
        let verdict = try TraceChecker.check(text: shrunk.traceText, file: "shrunk.jsonl")
        #expect(verdict.failedIDs == ["FLOW-4"])
    }
}
