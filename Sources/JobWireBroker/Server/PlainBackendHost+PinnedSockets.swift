import JobWire
import SocketIONIO
import SocketIOWire

/// The reconnection fault (``BackendFaults/socketsPinnedAtPost``): a backend that stores the
/// sockets a request's users have when it is posted and later sends the request's events to those
/// sockets rather than to the users' rooms. Nothing shows until a user connects again (a new
/// Socket.IO session) between the post and the event: its new socket is in its room, the stored
/// one is gone, and the event reaches nobody.
extension PlainBackendHost {
    /// Sends `emission` as that backend does and returns true, or returns false for the caller to
    /// send it to its room: with the fault off, for a `new` (whose room's sockets it stores), and
    /// for an event to a room the request stored nothing for (a channel request's winner).
    func emitPinned(_ emission: Emission, server: ReferenceBackendServer) -> Bool {
        guard backend.withLock({ $0.faults.contains(.socketsPinnedAtPost) }), let event = server.profile.event(named: emission.event),
            let req = emission.payload["ReqID"].flatMap({ CanonicalID(json: $0)?.text })
        else { return false }
        guard event != .new else {
            // The post: the client's sockets, and the addressed worker's for a direct request, as they are now.
            var rooms = backend.withLock { $0.requests[req].map { [$0.client.text] } ?? [] }
            if emission.room != server.profile.channelRoom { rooms.append(emission.room) }
            let sockets = Dictionary(rooms.map { ($0, server.sockets(in: $0)) }, uniquingKeysWith: { first, _ in first })
            pinnedSockets.withLock { $0[req] = sockets }
            return false
        }
        guard let sockets = pinnedSockets.withLock({ $0[req]?[emission.room] }) else { return false }
        for socket in sockets { socket.emit(emission.event, arguments: [SocketIOValue(emission.payload)]) }
        return true
    }
}
