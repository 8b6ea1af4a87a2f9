import Foundation
import JobWire

/// Reads a trace file in two stages on two threads: one reads its lines, parses their JSON and
/// decodes their events (``TraceReader``), the other judges them (`body`), so a checker runs at
/// the speed of the slower stage rather than of both together.
///
/// The caller sees exactly what ``TraceReader/read(path:displayPath:_:)`` would give it: the
/// header, then each event in line order, then the error of a bad or incomplete line (with its
/// file, line and field) after every event before it, or the error `body` threw. Batches of
/// ``batchSize`` items go through a ``TraceBatchQueue`` at most ``depth`` deep, so memory stays
/// bounded whatever the trace's length.
///
/// It lives here rather than in JobWire, which starts no threads (Scripts/check_module_promises.py):
/// `jobwire check` hands it to ``TraceChecker/check(file:keep:read:)`` as the way to read a file.
public enum TracePipeline {
    /// Items per batch: enough that handing a batch over (a lock and a wake-up, a batch's
    /// worth of decoding apart) costs nothing measurable, few enough that the batches in flight
    /// (filled, queued, judged and handed back) stay well under 1 MB: 512 items four deep took
    /// `bench check --requests 1000000` past its 64 MB bound, 256 two deep to 63.3 MB.
    public static let batchSize = 128
    /// Batches that may wait between the stages.
    public static let depth = 2
    /// The reading thread's stack: room for ``JSONParser``'s deepest nesting, as on the main thread.
    static let stackSize = 8 << 20

    /// Reads the trace file at `path` on a second thread and hands `body` its items on this one;
    /// `displayPath` names it in messages.
    public static func read(path: String, displayPath: String? = nil, _ body: (TraceReader.Item) throws(InputError) -> Void) throws(InputError) {
        let queue = TraceBatchQueue(depth: depth)
        let reader = Thread {
            var batch: [TraceReader.Item] = []
            batch.reserveCapacity(batchSize)
            do throws(InputError) {
                try TraceReader.read(path: path, displayPath: displayPath) { (item: TraceReader.Item) throws(InputError) in
                    batch.append(item)
                    guard batch.count == batchSize else { return }
                    // The judging side threw: stop reading; its error is the one reported.
                    guard queue.push(batch) else { throw InputError(file: displayPath ?? path, message: "reading stopped") }
                    // The judged batches are freed here, and one of their arrays is filled again.
                    var spent = queue.takeSpent()
                    batch = spent.popLast() ?? []
                    batch.removeAll(keepingCapacity: true)
                    batch.reserveCapacity(batchSize)
                    spent.removeAll()
                }
                if !batch.isEmpty { _ = queue.push(batch) }
                queue.close(failure: nil)
            } catch {
                // The events before the bad line are judged before its error is reported.
                if !batch.isEmpty { _ = queue.push(batch) }
                queue.close(failure: error)
            }
        }
        reader.stackSize = stackSize
        reader.start()
        while let batch = try queue.next() {
            // Lent to `body` where they lie: reversing the batch to pop each item off its end
            // moved every item twice on the judging thread, the one that sets the pace.
            try batch.withUnsafeBufferPointer { (items: UnsafeBufferPointer<TraceReader.Item>) throws(InputError) in
                for index in items.indices {
                    do throws(InputError) {
                        try body(items[index])
                    } catch {
                        queue.cancel()
                        throw error
                    }
                }
            }
            queue.giveBack(batch)
        }
    }
}
