import SocketIOWire

/// What ``ClientEngineStateMachine`` asks its driver to do; the driver carries bytes, nothing more.
enum ClientEngineAction<Instant: InstantProtocol>: Equatable, Sendable {
    /// Send a polling GET: the handshake when `sid` is nil, a (long) poll otherwise.
    case poll(sid: String?)
    /// Send a polling POST carrying this payload.
    case post(sid: String, payload: EngineIOPayload)
    /// Open WebSocket `id`: a WebSocket-only handshake when `sid` is nil, an upgrade probe otherwise.
    case openWebSocket(id: Int, sid: String?)
    /// Write these packets on WebSocket `id`, one frame each, in order.
    case write(id: Int, packets: [EngineIOPacket])
    /// Close WebSocket `id`: a close frame, then the connection.
    case closeWebSocket(id: Int)
    /// Call ``ClientEngineStateMachine/tick(now:)`` at this deadline; it replaces earlier requests, and is
    /// stale when it no longer equals ``ClientEngineStateMachine/earliestDeadline`` as it is carried out.
    case schedule(at: Instant)
    /// The session is open (engine.io-protocol §Handshake).
    case opened(EngineIOHandshake)
    /// The session moved from polling to the WebSocket (engine.io-protocol §Upgrade).
    case upgraded
    /// A message for the Socket.IO layer.
    case deliver(EngineIOPacket)
    /// The session ended; the driver stops every transport it still holds.
    case closed(ClientEngineCloseReason)
}

/// Why an Engine.IO client session ended.
enum ClientEngineCloseReason: Equatable, Sendable, CustomStringConvertible {
    /// The client closed it (`1`, then the transport).
    case clientClosed
    /// The server sent a close packet `1` or closed the WebSocket.
    case serverClosed
    /// No ping came within pingInterval + pingTimeout.
    case pingTimeout
    /// The handshake did not finish within the connect timeout.
    case connectTimeout
    /// A request failed, or answered with a status other than 200.
    case transportFailed(String)
    /// The server broke a protocol rule.
    case protocolViolation(String)

    /// A short sentence for logs and errors.
    var description: String {
        switch self {
        case .clientClosed: "closed by the client"
        case .serverClosed: "closed by the server"
        case .pingTimeout: "ping timeout"
        case .connectTimeout: "the Engine.IO handshake timed out"
        case .transportFailed(let reason): "transport failed: \(reason)"
        case .protocolViolation(let reason): "protocol violation: \(reason)"
        }
    }
}

/// Why a polling request or a WebSocket did not deliver, as the driver reports it.
struct ClientTransportFailure: Error, Equatable, Sendable {
    /// What went wrong, e.g. `GET answered 400`.
    var reason: String

    /// Wraps a reason.
    init(_ reason: String) { self.reason = reason }
}
