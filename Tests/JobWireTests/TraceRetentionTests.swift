import Foundation
import Testing
@testable import JobWire
import SocketIOWire

/// Retention without forgetting wrongly (Docs/TRACE.md, "Memory and retention"): a late event
/// about a request retired to its tombstone is judged as if its full state were kept, and the
/// tombstones stay small.
struct TraceRetentionTests {
    /// A retainMs so long that nothing is ever retired: the checker as if it kept everything.
    static let forever: Int64 = 1 << 50

    /// The verdict on a shipped trace with its header's `retainMs` replaced (nil keeps it).
    static func verdict(_ file: String, retainMs: Int64?) throws -> TraceVerdict {
        try verdict(file) { _ in retainMs }
    }

    /// The verdict on a shipped trace with its header's `retainMs` set by `retain` from the header.
    static func verdict(_ file: String, retain: (TraceHeader) -> Int64?) throws -> TraceVerdict {
        let text = try String(contentsOf: TraceVectorTests.directory.appendingPathComponent(file), encoding: .utf8)
        var header: TraceHeader?
        var events: [TraceEvent] = []
        try TraceReader.read(text: text, file: file) { (item: TraceReader.Item) throws(InputError) in
            switch item {
            case .header(let read): header = read
            case .event(let event): events.append(event)
            }
        }
        if let retainMs = retain(header!) { header!.retainMs = retainMs }
        return try TraceChecker.check(header: header!, events: events, file: file)
    }

    /// Each failure's id, lines and observation, to compare two verdicts in full. A state read of a
    /// retired request is judged on a print of its payloads, which cannot name the member that
    /// differs (Docs/TRACE.md, "Memory and retention"): that one is compared by its id and lines.
    static func findings(_ verdict: TraceVerdict) -> [String] {
        verdict.rules.filter(\.failed).flatMap(\.violations).map { violation in
            let comparesPayloads = violation.requirement == "REST-15" && ["`new`", "`apply`", "`end`", "fingerprint"].contains { violation.observed.contains($0) }
            return "\(violation.requirement) \(violation.linesText)" + (comparesPayloads ? "" : ": \(violation.observed)")
        }
    }

    /// Every shipped trace gets the same findings with its own `retainMs` and with the shortest a
    /// header may set (the longest tolerance window) as with nothing forgotten. With the shortest,
    /// most requests of most traces retire mid-trace, so every rule that reads one late (a view
    /// shown again, a return, a history read, a discard) is judged from its tombstone.
    @Test(arguments: TraceVectorTests.vectors)
    func everyTraceIsJudgedAsIfNothingWereForgotten(_ vector: TraceVector) throws {
        let kept = try Self.verdict(vector.file, retainMs: Self.forever)
        #expect(kept.failedIDs == vector.expect.sorted(), "\(vector.file): \(Self.findings(kept))")
        #expect(Self.findings(try Self.verdict(vector.file, retainMs: nil)) == Self.findings(kept))
        #expect(Self.findings(try Self.verdict(vector.file) { $0.longestWindowMs }) == Self.findings(kept), "shortest retainMs")
    }

    @Test func aLegalLateCloseAndALateIllegalActAreJudgedAsIfTheStateWereKept() throws {
        // The close comes 90 s after R-1 ended, 30 s after its full state was retired.
        let legal = try Self.verdict("good/late-worker-close-all.jsonl", retainMs: nil)
        #expect(legal.failedIDs == [], "\(Self.findings(legal))")
        let accept = try Self.verdict("bad/flow-12-late-accept-after-cancel-worker.jsonl", retainMs: nil)
        #expect(accept.failedIDs == ["FLOW-12"])
        #expect(Self.findings(accept).first?.contains("after it") == true, "\(Self.findings(accept))")
        let close = try Self.verdict("bad/flow-14-late-close-by-loser-worker.jsonl", retainMs: nil)
        #expect(close.failedIDs == ["FLOW-14"])
        #expect(Self.findings(close).first?.contains("after its WorkerAccept failed") == true, "\(Self.findings(close))")
    }

    @Test func aTombstoneKeepsWhatTheRulesReadOnALateEvent() throws {
        var state = RequestState(reqID: "R-1")
        state.clientId = "c-1"
        state.clientActor = TraceActor(.client, id: "c-1")
        state.postedAt = 10
        state.winner = "w-1"
        state.endedAt = 500
        state.endedLine = 42
        state.endedBy = .close
        state.applyEmissions = 1
        var winner = AppSide()
        winner.acceptOutcome = .success
        winner.acceptAnsweredLine = 30
        winner.endReceivedAt = 510
        winner.endReceivedLine = 44
        winner.offer = OfferState(receivedAt: 20, receivedLine: 12, payload: .null, viaNew: true, viaGetJobs: false, direct: false)
        winner.offer!.shownAt = 25
        var loser = AppSide()
        loser.acceptOutcome = .failure
        loser.acceptAnsweredLine = 31
        loser.offer = OfferState(receivedAt: 20, receivedLine: 13, payload: .null, viaNew: true, viaGetJobs: false, direct: false)
        loser.offer!.decision = .success(EligibilityDecision(failed: ["ELIG-3", "ELIG-5"], distanceKm: 1, showAt: 20))
        var client = AppSide()
        client.applyReceivedAt = 40
        client.endedByItself = true
        state.sides = [TraceActor(.worker, id: "w-1"): winner, TraceActor(.worker, id: "w-2"): loser, TraceActor(.client, id: "c-1"): client]

        var table = TombstoneTable()
        table.insert(RequestTombstone(state)!, for: "R-1")
        let long = String(repeating: "é", count: 200)
        var odd = RequestTombstone(state)!
        odd.clientActor = TraceActor(.client)
        odd.endedAt = 500 + 100 * 86_400_000
        table.insert(odd, for: long)
        let back = table["R-1"]!.restored("R-1")
        #expect(back.ended && back.endedBy == .close && back.endedLine == 42 && back.winner == "w-1" && back.clientId == "c-1" && back.exists)
        let w1 = back.sides[TraceActor(.worker, id: "w-1")]!
        #expect(w1.acceptOutcome == .success && w1.acceptAnsweredLine == 30 && w1.endReceivedLine == 44 && w1.offer?.shownLine == 12)
        let w2 = back.sides[TraceActor(.worker, id: "w-2")]!
        #expect(w2.acceptOutcome == .failure && w2.offer?.kitDecision?.failed == ["ELIG-3", "ELIG-5"] && w2.offer?.shownLine == nil)
        let c1 = back.sides[TraceActor(.client, id: "c-1")]!
        #expect(c1.applyReceivedAt != nil && c1.endedByItself && c1.endKnown)
        #expect(table[long]?.clientActor == TraceActor(.client) && table[long]?.endedAt == 500 + 100 * 86_400_000)
        #expect(table["R-2"] == nil)
    }

    @Test func aQuarterMillionTombstonesTakeAFewDozenBytesEach() {
        var table = TombstoneTable()
        let tombstone = RequestTombstone(
            endedAt: 1_767_225_600_000, endedLine: 7, endedBy: .cancel, winner: nil, clientId: "c-3", clientActor: nil, facts: [.posted, .newSeen], sides: [])
        for index in 0..<250_000 { table.insert(tombstone, for: "R-\(index)") }
        #expect(table.count == 250_000)
        #expect(table.bytes / table.count < 60, "\(table.bytes / table.count) bytes per tombstone")
        #expect(table["R-249999"]?.clientId == "c-3")
        #expect(table["R-250000"] == nil)
    }
}
