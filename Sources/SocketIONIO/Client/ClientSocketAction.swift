import SocketIOWire

/// What ``ClientSocketStateMachine`` asks its driver to do.
enum ClientSocketAction<Instant: InstantProtocol>: Equatable, Sendable {
    /// Start an Engine.IO session; ``ClientSocketStateMachine/engineOpened(now:)`` follows.
    case openEngine
    /// Hand these Engine.IO messages to the engine, in order.
    case send([EngineIOPacket])
    /// Close the Engine.IO session (after any `41` already handed over).
    case closeEngine
    /// The server granted the namespace with this Socket.IO sid.
    case connected(namespace: String, sid: String)
    /// Joining the namespace failed: refused, timed out, or the connection went away.
    case connectFailed(namespace: String, SocketIOClientError)
    /// A connected namespace ended.
    case disconnected(namespace: String, reason: ClientSocketDisconnectReason)
    /// An event from the server; answer `ackID` with ``ClientSocketStateMachine/acknowledge(namespace:id:arguments:)``.
    case deliverEvent(namespace: String, name: String, arguments: [SocketIOValue], ackID: Int?)
    /// The ACK for one of the client's events arrived.
    case resolveAck(id: Int, arguments: [SocketIOValue])
    /// The ACK for one of the client's events will not come.
    case failAck(id: Int, SocketIOClientError)
    /// Call ``ClientSocketStateMachine/tick(now:)`` at this deadline; it replaces earlier requests, and is
    /// stale when it no longer equals ``ClientSocketStateMachine/earliestDeadline`` as it is carried out.
    case schedule(at: Instant)
}

/// Why a connected namespace ended.
enum ClientSocketDisconnectReason: Equatable, Sendable, CustomStringConvertible {
    /// The client sent DISCONNECT.
    case clientDisconnect
    /// The server sent DISCONNECT for the namespace.
    case serverDisconnect
    /// The Engine.IO session ended.
    case engineClosed(ClientEngineCloseReason)
    /// The server broke a Socket.IO rule, so the client closed the connection.
    case protocolViolation(String)

    /// A short sentence for logs.
    var description: String {
        switch self {
        case .clientDisconnect: "client disconnect"
        case .serverDisconnect: "server disconnect"
        case .engineClosed(let reason): "connection closed: \(reason)"
        case .protocolViolation(let reason): "protocol violation: \(reason)"
        }
    }
}
