import Foundation
import Testing
@testable import JobWire
import SocketIOWire

/// The checker beyond the shipped traces: bounded memory, the violation cap, reports, and the
/// partial order between actors.
struct TraceCheckerTests {
    /// `finish()` orders verdicts by a permutation worked out once for every checker; the order must
    /// stay the one `<` defines: by area, then numerically, so ELIG-2 comes before ELIG-10.
    @Test func verdictsComeInRequirementOrder() throws {
        let header = try TraceHeader(json: JSONParser.parse(Array(#"{"format":"jobwire-trace","version":1,"roles":["backend"]}"#.utf8)), file: "t.jsonl")
        let ids = TraceChecker(header: header).finish().map(\.info.id)
        #expect(ids.count > 100)
        for (earlier, later) in zip(ids, ids.dropFirst()) {
            #expect(earlier < later, "\(earlier) before \(later)")
            #expect(earlier.area < later.area || (earlier.area == later.area && (earlier.number ?? 0) < (later.number ?? 0)))
        }
        let mixed: [RequirementID] = ["FLOW-10", "ELIG-10", "FLOW-2", "ALERT-1", "ELIG-2", "ELIG-9"]
        #expect(mixed.sorted().map(\.rawValue) == ["ALERT-1", "ELIG-2", "ELIG-9", "ELIG-10", "FLOW-2", "FLOW-10"])
    }

    /// The text report names a failed case's violation once: the case's own outcome repeats its
    /// first violation (with its lines, for JSON and JUnit), so printing both said it twice.
    @Test func theTextReportPrintsAViolationOnce() throws {
        let text = try String(contentsOf: TestPaths.vectors.appendingPathComponent("traces/bad/task-26-read-differs-client.jsonl"), encoding: .utf8)
        let results = try TraceChecker.check(text: text, file: "t.jsonl").caseResults().filter { $0.outcome != .passed && $0.violationCount > 0 }
        let rendered = TextReport(catalog: nil).render(RunReport(title: "check", testee: "t.jsonl", results: results))
        #expect(results.map(\.requirement) == ["TASK-26"])
        #expect(rendered.components(separatedBy: "expected: ").count - 1 == 1, "\(rendered)")
        #expect(rendered.components(separatedBy: "observed: ").count - 1 == 1, "\(rendered)")
    }

    @Test func aSyntheticTraceIsConformantAndMemoryStaysBounded() throws {
        var lines: [String] = []
        SyntheticTrace(events: 6000).forEachLine { lines.append($0) }
        var reader = TraceReader(file: "synthetic")
        var checker: TraceChecker?
        var mostRequests = 0
        var bytes = Array(lines.joined().utf8)
        try bytes.withUnsafeMutableBytes { raw in
            try reader.feed(UnsafeRawBufferPointer(raw)) { item in
                switch item {
                case .header(let header): checker = TraceChecker(header: header)
                case .event(let event):
                    checker!.consume(event)
                    mostRequests = max(mostRequests, checker!.rememberedRequests)
                }
            }
        }
        try reader.finish()
        let verdict = checker!.finish()
        #expect(verdict.filter(\.failed).map(\.info.id) == [])
        #expect(checker!.eventCount >= 6000)
        // ~150 requests pass through; only those live or ended less than retainMs ago are kept in
        // full, the others as tombstones.
        #expect(mostRequests <= 24, "the checker remembered \(mostRequests) requests at once")
        #expect(checker!.retiredRequests >= 100 && checker!.retiredRequests + mostRequests >= 130)
        #expect(checker!.pendingObligations < 100)
    }

    @Test func aTraceOfManyShortRequestsIsConformantAndKeepsThemAsTombstones() throws {
        var text = ""
        let events = SyntheticRequestTrace(requests: 3000).forEachLine { text += $0 }
        #expect(events == 3000 * 7)
        var checker: TraceChecker?
        try TraceReader.read(text: text, file: "requests") { (item: TraceReader.Item) throws(InputError) in
            switch item {
            case .header(let header): checker = TraceChecker(header: header)
            case .event(let event): checker!.consume(event)
            }
        }
        #expect(checker!.finish().filter(\.failed).map(\.info.id) == [])
        // Requests start 60 ms apart: those that ended more than retainMs (60 s) ago are tombstones.
        #expect(checker!.rememberedRequests <= 1001)
        #expect(checker!.retiredRequests + checker!.rememberedRequests == 3000)
    }

    @Test func violationsAreCountedInFullButKeptOnlyUpToTheLimit() throws {
        var text = #"{"format":"jobwire-trace","version":1,"roles":["client"]}"# + "\n"
        for step in 0..<(ViolationLog.limit + 20) {
            // The clock goes back two seconds every other line (TIME-10).
            let ts = 1_767_225_600_000 + Int64(step % 2 == 0 ? 10_000 : 8_000) + Int64(step / 2) * 20_000
            text += #"{"ts":\#(ts),"actor":"client","id":"c-1","kind":"net.online"}"# + "\n"
        }
        let verdict = try TraceChecker.check(text: text, file: "clock.jsonl")
        let clock = verdict.rules.first { $0.info.id == "TIME-10" }!
        #expect(clock.violationCount == (ViolationLog.limit + 20) / 2)
        #expect(clock.violations.count == min(ViolationLog.limit, clock.violationCount))
        let cases = verdict.caseResults()
        let failed = cases.first { $0.requirement == "TIME-10" }!
        #expect(failed.id == "clock.jsonl:TIME-10")
        #expect(failed.violationCount == clock.violationCount)
        // Worker and backend rules are skipped on a client trace; client rules pass.
        #expect(cases.first { $0.requirement == "ELIG-4" }?.outcome == .skipped(reason: "the trace holds no worker app events"))
        #expect(cases.first { $0.requirement == "TIME-2" }?.outcome == .passed)
    }

    @Test func aReceiptWithinTheSkewToleranceBeforeItsSendIsAllowed() throws {
        // The worker's clock runs 200 ms behind the backend's: within clockSkewToleranceMs.
        let text = """
            {"format":"jobwire-trace","version":1,"roles":["worker","backend"]}
            {"ts":1000,"actor":"worker","id":"w-1","kind":"io.in","event":"cancel","payload":{"ReqID":"R-1","reason":"timeout"}}
            {"ts":1190,"actor":"backend","kind":"io.out","event":"cancel","payload":{"ReqID":"R-1","reason":"timeout"},"to":"workers"}
            {"ts":9000,"actor":"backend","kind":"trace.end"}

            """
        #expect(try TraceChecker.check(text: text, file: "skew.jsonl").failedIDs == [])
        let late = text.replacingOccurrences(of: "\"ts\":1190", with: "\"ts\":1400")
        let verdict = try TraceChecker.check(text: late, file: "skew.jsonl")
        #expect(verdict.failedIDs == ["TIME-10"])
        #expect(verdict.rules.first { $0.info.id == "TIME-10" }?.violations.first?.lines == [2, 3])
    }

    /// An answer an app stamps before its own request breaks TIME-10; the same two lines written
    /// out of order (the answer first) but stamped in order, a go-back within the skew, do not.
    @Test func anAnswerStampedBeforeItsOwnRequestBreaksTIME10AndOneMerelyWrittenFirstDoesNot() throws {
        let header = #"{"format":"jobwire-trace","version":1,"roles":["worker"]}"#
        func trace(answerAt answer: Int64, requestAt request: Int64) -> String {
            [
                header,
                #"{"ts":\#(answer),"actor":"worker","id":"w-1","kind":"http.response","xid":"x1","status":200,"body":{"ok":true,"jobs":[]}}"#,
                #"{"ts":\#(request),"actor":"worker","id":"w-1","kind":"http.request","xid":"x1","method":"GET","path":"/api/jobs?workerId=w-1"}"#,
                #"{"ts":5000,"actor":"worker","id":"w-1","kind":"trace.end"}"#,
            ].joined(separator: "\n") + "\n"
        }
        let stampedEarly = try TraceChecker.check(text: trace(answerAt: 1000, requestAt: 1001), file: "early.jsonl")
        #expect(stampedEarly.failedIDs == ["TIME-10"])
        #expect(stampedEarly.rules.first { $0.info.id == "TIME-10" }?.violations.first?.lines == [2, 3])
        #expect(try TraceChecker.check(text: trace(answerAt: 1025, requestAt: 1000), file: "order.jsonl").failedIDs == [])
    }

    @Test func obligationsAfterTheEndOfTheTraceAreNotJudged() throws {
        // The post succeeds and the trace stops: the deadline lies beyond it, so TIME-2 passes.
        // The client app is under test, so its post carries every member REST-2 asks of it.
        let text = """
            {"format":"jobwire-trace","version":1,"roles":["client"],"subject":["client"]}
            {"ts":1000,"actor":"client","id":"c-1","kind":"http.request","xid":"x1","method":"POST","path":"/api/requests","body":{"clientId":"c-1","CatID":9,"category":"Plumbing","description":"Leaking kitchen tap","clientName":"Ana","address":"Calle Mayor 1","lat":40.01,"lng":-3.01}}
            {"ts":1025,"actor":"client","id":"c-1","kind":"http.response","xid":"x1","status":200,"body":{"ok":true,"ReqID":"R-1"}}
            {"ts":1025,"actor":"client","id":"c-1","kind":"timer.started","timer":"timeout","req":"R-1","startedAt":1025}
            {"ts":1026,"actor":"client","id":"c-1","kind":"view.shown","view":"waiting","req":"R-1","elements":{"counter":600}}
            {"ts":60000,"actor":"client","id":"c-1","kind":"trace.end"}

            """
        #expect(try TraceChecker.check(text: text, file: "short.jsonl").failedIDs == [])
        let long = text.replacingOccurrences(of: "\"ts\":60000", with: "\"ts\":700000")
        #expect(try TraceChecker.check(text: long, file: "long.jsonl").failedIDs == ["TIME-2"])
    }

    /// VIEW-4: a well-formed, eligible `new` delivered to a worker that reports its UI must be
    /// taken in and shown; an app may record its `offer.received` up to reactionToleranceMs after
    /// the `io.in` (a live app reports a little late), but one that never records it is blamed.
    @Test func aDeliveredNewNeverTakenInIsVIEW4sButALateRecordIsNot() throws {
        let new = #"{"ReqID":"R-1","CatID":"9","exclusive":"0","lat":40.01,"lng":-3.01,"BlockedXP":[],"Delay":0,"clientName":"Ana","address":"Calle Mayor 1","category":"Plumbing","description":"Leaking kitchen tap","createdAt":"2026-01-01T00:00:02.000Z"}"#
        let profile = #"{"userID":"w-1","expertActive":true,"expertSource":null,"categories":["9"],"maxKms":50,"lat":40.0,"lng":-3.0}"#
        let text = """
            {"format":"jobwire-trace","version":1,"roles":["worker"],"subject":["worker"]}
            {"ts":1000,"actor":"worker","id":"w-1","kind":"app.launched","discards":[]}
            {"ts":1000,"actor":"worker","id":"w-1","kind":"profile.updated","profile":\(profile)}
            {"ts":1000,"actor":"worker","id":"w-1","kind":"view.shown","view":"home"}
            {"ts":2000,"actor":"worker","id":"w-1","kind":"io.in","event":"new","payload":\(new)}
            {"ts":3500,"actor":"worker","id":"w-1","kind":"offer.received","req":"R-1","via":"new","offer":\(new)}
            {"ts":3500,"actor":"worker","id":"w-1","kind":"offer.shown","req":"R-1"}
            {"ts":9000,"actor":"worker","id":"w-1","kind":"trace.end"}

            """
        func view4(_ text: String) throws -> Bool {
            try TraceChecker.check(text: text, file: "intake.jsonl").failedIDs.contains("VIEW-4")
        }
        #expect(try !view4(text), "recorded 1500 ms after the io.in, within reactionToleranceMs")
        let dropped = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("offer.") }.joined(separator: "\n")
        #expect(try view4(dropped), "never taken in")
    }

    @Test func aCallWrittenByAnotherAppIsRefusedAtItsLine() {
        let header = #"{"format":"jobwire-trace","version":1,"roles":["worker"]}"#
        func line(_ ts: Int, _ worker: String, _ rest: String) -> String {
            #"{"ts":\#(1_767_225_600_000 + ts),"actor":"worker","id":"\#(worker)",\#(rest)}"#
        }
        func read(_ worker: String, _ ts: Int) -> String {
            line(ts, worker, #""kind":"http.request","xid":"x-1","method":"GET","path":"/api/workers/\#(worker)""#)
        }
        let answer = #""kind":"http.response","xid":"x-1","status":200,"body":{"ok":true}"#
        func refusal(_ lines: [String]) -> InputError? {
            do {
                _ = try TraceChecker.check(text: ([header] + lines).joined(separator: "\n") + "\n", file: "t.jsonl")
                return nil
            } catch {
                return error
            }
        }
        // w-2 writes the answer to w-1's read, or sends its own under the same xid while w-1's is open.
        let answeredByAnother = refusal([read("w-1", 1), line(20, "w-2", answer)])
        #expect(answeredByAnother?.file == "t.jsonl" && answeredByAnother?.line == 3 && answeredByAnother?.field == "xid")
        #expect(answeredByAnother?.message.contains("worker w-1 sent on line 2") == true, "\(String(describing: answeredByAnother))")
        let shared = refusal([read("w-1", 1), read("w-2", 2)])
        #expect(shared?.line == 3 && shared?.field == "xid")
        // Once w-1 has its answer the xid is free; w-1 may also send its own call again.
        #expect(refusal([read("w-1", 1), line(20, "w-1", answer), read("w-2", 30), line(50, "w-2", answer)]) == nil)
        #expect(refusal([read("w-1", 1), read("w-1", 2), line(20, "w-1", answer)]) == nil)
    }
}
