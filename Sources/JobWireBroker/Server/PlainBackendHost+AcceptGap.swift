import Foundation
import JobWire
import SocketIOWire

/// The race faults (``BackendFaults/acceptRaces``): a WorkerAccept split into its read and write
/// halves with a gap between them, as a backend that awaits its database between the two does.
/// Only here, on the real server: the backend's own ``JobDispatchBackend/workerAccept(reqID:body:now:)``
/// and the scenario engine stay atomic.
extension PlainBackendHost {
    /// The wait between the halves and what the write half reads again, for the fault that is on.
    enum AcceptGap {
        case timer(milliseconds: Int)
        case yield
        case queueHop

        func pass() async {
            switch self {
            case .timer(let milliseconds): try? await Task.sleep(for: .milliseconds(milliseconds))
            case .yield: await Task.yield()
            case .queueHop: await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in DispatchQueue.global().async { done.resume() } }
            }
        }
    }

    /// The gap and recheck of the race fault that is on, if any.
    func acceptGap() -> (gap: AcceptGap, recheck: AcceptRecheck)? {
        let faults = backend.withLock { $0.faults }
        if faults.contains(.acceptGapTimer) { return (.timer(milliseconds: 5), .ended) }
        if faults.contains(.acceptGapYield) { return (.yield, .ended) }
        if faults.contains(.acceptLockSplit) { return (.queueHop, .ended) }
        if faults.contains(.cancelLosesToAccept) { return (.yield, .winner) }
        return nil
    }

    /// A WorkerAccept run in two steps around the fault's gap; nil for every other call, or with no race fault on.
    func splitAccept(_ request: RESTRequest) async -> (BackendReply, order: Int)? {
        guard let (gap, recheck) = acceptGap() else { return nil }
        let profile = backend.withLock { $0.profile }
        guard let reqID = BackendRouter.match(request, profile.routes[.workerAccept]) else { return nil }
        let body: JSONValue?
        switch BackendRouter.parseBody(request.body) {
        case .success(let parsed): body = parsed
        case .failure: return nil
        }
        let claim = backend.withLock { $0.claimAccept(reqID: reqID, body: body, now: clock.now()) }
        guard case .success(let claimed) = claim else { return nil }  // a refusal is decided again, atomically
        await gap.pass()
        return decide(request) { _ in backend.withLock { $0.commitAccept(claimed, recheck: recheck) } }
    }
}
