import NIOCore

/// The deliveries that the receivers on one event loop saw, per burst; touched only on that loop.
///
/// Each receiving handler records into its loop's recorder without locks; the generator reads
/// the figures by submitting a task to the loop.
final class FanoutLoopRecorder: @unchecked Sendable {
    /// The loop that owns the recorder.
    let eventLoop: any EventLoop
    private var phases: [Int: FanoutDeliveries] = [:]

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Records one delivery of burst `phase`; on the loop.
    func record(phase: Int, sent: UInt64, received: UInt64) {
        phases[phase, default: FanoutDeliveries()].record(sent: sent, received: received)
    }

    /// How many deliveries of `phase` arrived so far.
    func count(phase: Int) -> EventLoopFuture<Int> {
        eventLoop.submit { self.phases[phase]?.count ?? 0 }
    }

    /// The deliveries of `phase` so far.
    func deliveries(phase: Int) -> EventLoopFuture<FanoutDeliveries> {
        eventLoop.submit { self.phases[phase] ?? FanoutDeliveries() }
    }
}
