import NIOCore

/// Something with writes waiting for a flush on its event loop.
protocol EngineIOFlushable: AnyObject {
    /// Flushes the waiting writes; on the loop.
    func flushPendingWrites()
}

/// Flushes, once per pass of one event loop, every WebSocket that was written to in that pass.
///
/// Writers write without flushing and enqueue themselves once; the batcher runs one task that
/// flushes them all. A broadcast thus costs one task per loop instead of one per socket, several
/// events for one socket leave in one `writev`, and no flush (whose failure closes a channel and
/// calls back into its session) runs in the middle of a session's state-machine step.
/// Touched only on its loop.
final class EngineIOFlushBatcher: @unchecked Sendable {
    /// The loop the batcher serves.
    let eventLoop: any EventLoop
    private var pending: [any EngineIOFlushable] = []
    private var scheduled = false

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Flushes `writer` when the loop is done with its current tasks; on the loop.
    func flushSoon(_ writer: any EngineIOFlushable) {
        eventLoop.assertInEventLoop()
        pending.append(writer)
        guard !scheduled else { return }
        scheduled = true
        eventLoop.execute { self.flushAll() }
    }

    private func flushAll() {
        scheduled = false
        var writers: [any EngineIOFlushable] = []
        swap(&writers, &pending)
        for writer in writers { writer.flushPendingWrites() }
        // Keep the storage for the next pass unless a flush enqueued writers meanwhile.
        if pending.isEmpty {
            writers.removeAll(keepingCapacity: true)
            pending = writers
        }
    }
}
