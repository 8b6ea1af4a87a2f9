import Foundation
import JobWire

/// The bounded hand-over between ``TracePipeline``'s two threads: batches of decoded trace
/// items in line order, then the end of the stream with the reading error that ended it, if any.
///
/// `push` waits while `depth` batches wait and `next` waits while none does, so memory holds at
/// most `depth` batches besides the two being filled and judged. The judging side can stop early
/// (``cancel()``): the reading side's next `push` then says so. Both sides wait on one condition
/// variable; nothing spins.
final class TraceBatchQueue: @unchecked Sendable {
    // @unchecked: every stored property is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private var batches: [[TraceReader.Item]] = []
    /// Batches the judging side is done with, for the reading side to free and refill.
    private var spent: [[TraceReader.Item]] = []
    private let depth: Int
    private var closed = false
    private var cancelled = false
    private var failure: InputError?

    /// A queue holding at most `depth` batches at a time.
    init(depth: Int) {
        precondition(depth > 0, "a queue must hold a batch")
        self.depth = depth
    }

    /// Hands a batch over, waiting while the queue is full; false when the judging side stopped,
    /// so the reading side can stop too.
    func push(_ batch: [TraceReader.Item]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= depth && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    /// The reading side's last word: no more batches will come, and `failure` ended the stream
    /// (nil when the trace was read to its end).
    func close(failure: InputError?) {
        condition.lock()
        closed = true
        self.failure = failure
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting while none is queued; nil after the last, or the error that ended
    /// the stream, if one did.
    func next() throws(InputError) -> [TraceReader.Item]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !closed { condition.wait() }
        guard batches.isEmpty else {
            condition.broadcast()
            return batches.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// The judging side hands back a batch it has judged, so that its events are freed on the
    /// reading side, which allocated them, and its array is refilled there: freeing them on the
    /// judging thread, the one that sets the pace, was a share of its time.
    func giveBack(_ batch: [TraceReader.Item]) {
        condition.lock()
        spent.append(batch)
        condition.unlock()
    }

    /// The batches handed back since the last call, for the reading side to free outside the lock.
    func takeSpent() -> [[TraceReader.Item]] {
        condition.lock()
        defer { condition.unlock() }
        var taken: [[TraceReader.Item]] = []
        swap(&taken, &spent)
        return taken
    }

    /// The judging side stops early: queued batches are dropped, the reading side's next `push`
    /// returns false, and this waits until it closed the queue, so nothing it reads outlives the call.
    func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        while !closed { condition.wait() }
        condition.unlock()
    }
}
