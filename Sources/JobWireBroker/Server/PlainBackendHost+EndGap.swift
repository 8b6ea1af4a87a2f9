import Foundation
import JobWire

/// The end race faults (``BackendFaults/endRaces``): a cancel or close decided on the request as
/// it was read, then written back after one yield, as a backend that reads a row, awaits, and
/// saves the row it computed does. Only here, on the real server: the backend itself and the
/// scenario engine stay atomic.
extension PlainBackendHost {
    /// A cancel or close run as read, yield, write, for the fault that splits it; nil for every
    /// other call, with no end race fault on, or when the read half refuses it (decided again atomically).
    func splitEnd(_ request: RESTRequest) async -> (BackendReply, order: Int)? {
        let (faults, profile) = backend.withLock { ($0.faults, $0.profile) }
        guard !faults.isDisjoint(with: .endRaces) else { return nil }
        let split: RESTCallKind? = faults.contains(.closeFromStaleRead) ? .close : faults.isDisjoint(with: [.cancelFromStaleRead, .timeoutCancelFromStaleRead]) ? nil : .cancel
        guard let split, let reqID = BackendRouter.match(request, profile.routes[split]) else { return nil }
        // The timeout fault splits only the client's timeout cancel.
        if split == .cancel, !faults.contains(.cancelFromStaleRead) {
            guard case .success(let body) = BackendRouter.parseBody(request.body), body?["reason"]?.stringValue == "timeout" else { return nil }
        }
        // The read half: the whole call decided on a copy of the backend as it is now.
        var copy = backend.withLock { $0 }
        let reply = BackendRouter.handle(request, backend: &copy, now: clock.now())
        guard (200..<300).contains(reply.status), let written = copy.requests[reqID] else { return nil }
        await Task.yield()
        return decide(request) { _ in
            backend.withLock { $0.overwrite(reqID, with: written) }
            return reply
        }
    }
}
