import Testing
@testable import JobWire

/// The obligations waiting to be judged: every one given out once, by its time or by its actor's
/// clock, whichever comes first, and the count and latest time of those still waiting.
struct ObligationQueueTests {
    static let worker = TraceActor(.worker, id: "w-1")

    static func obligation(_ due: Int64, _ req: String, clock: TraceActor? = nil) -> Obligation {
        Obligation(due: due, rule: 0, req: req, actor: nil, clock: clock, tag: 0, line: 1, sequence: 0)
    }

    @Test func eachObligationIsGivenOutOnceByWhicheverHeapComesFirst() {
        var queue = ObligationQueue()
        queue.push(Self.obligation(100, "a", clock: .backend))
        queue.push(Self.obligation(200, "b", clock: Self.worker))
        queue.push(Self.obligation(150, "c"))
        #expect(queue.count == 3 && queue.latestDue == 200)
        // The backend's clock passes 100: only its own obligation is given out.
        #expect(queue.popDue(before: 101, clock: .backend)?.req == "a")
        #expect(queue.popDue(before: 1_000, clock: .backend) == nil)
        #expect(queue.count == 2 && queue.latestDue == 200)
        // The trace's horizon passes everything: "a" is not given out again.
        var byHorizon: [String] = []
        while let next = queue.popDue(before: 1_000) { byHorizon.append(next.req) }
        #expect(byHorizon == ["c", "b"])
        #expect(queue.popDue(before: 1_000, clock: Self.worker) == nil, "given out by the horizon already")
        #expect(queue.count == 0 && queue.latestDue == nil)
        #expect(!queue.hasClocked)
    }

    /// An actor that writes no more lines never drains its clock's heap; once enough of its
    /// obligations were judged by the horizon the heap drops them, and keeps those still waiting.
    @Test func obligationsJudgedByTheHorizonLeaveTheirClocksHeap() {
        var queue = ObligationQueue()
        let judged = ObligationQueue.compactionThreshold
        for index in 0..<judged { queue.push(Self.obligation(Int64(index), "old-\(index)", clock: Self.worker)) }
        queue.push(Self.obligation(1_000_000, "later", clock: Self.worker))
        var given = 0
        while queue.popDue(before: 500_000) != nil { given += 1 }
        #expect(given == judged)
        #expect(queue.count == 1)
        #expect(queue.clockHeapEntries == 1, "the judged ones dropped, the waiting one kept")
        #expect(queue.popDue(before: 2_000_000, clock: Self.worker)?.req == "later")
        #expect(queue.popDue(before: 2_000_000) == nil, "given out by its clock already")
        #expect(!queue.hasClocked)
    }
}
