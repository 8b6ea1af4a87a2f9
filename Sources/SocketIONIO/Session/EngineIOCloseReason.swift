/// Why an Engine.IO session ended.
///
/// The names follow the reference server's close reasons (engine.io `socket.ts`), which Socket.IO
/// passes on as the disconnect reason; ``slowConsumer(queuedBytes:limit:)`` is this server's own.
enum EngineIOCloseReason: Sendable, Hashable, CustomStringConvertible {
    /// The client sent a close packet (`1`).
    case clientClose
    /// The client's transport went away: the WebSocket closed or a held poll was aborted.
    case transportClose
    /// The client broke the transport's rules: an overlapping poll, a ping from the client.
    case transportError(String)
    /// The client sent bytes that are not Engine.IO (or, above it, not Socket.IO).
    case parseError(String)
    /// No pong arrived within pingTimeout of a ping.
    case pingTimeout
    /// No namespace was joined within connectTimeout (Socket.IO).
    case connectTimeout
    /// The application closed the session.
    case serverClose
    /// The server is shutting down.
    case serverShutdown
    /// The client did not take what was sent to it: `queuedBytes` waited, past `limit`
    /// (``SocketIOServer/OutboundLimit``).
    case slowConsumer(queuedBytes: Int, limit: SlowConsumerLimit)

    /// Which outbound limit a slow consumer passed.
    enum SlowConsumerLimit: Sendable, Hashable, CustomStringConvertible {
        /// More than this many bytes at once.
        case hard(Int)
        /// More than this many bytes for this long.
        case soft(Int, for: Duration)

        /// `hard limit 1048576 bytes`, `soft limit 262144 bytes for 20 s`.
        var description: String {
            switch self {
            case .hard(let bytes): "hard limit \(bytes) bytes"
            case .soft(let bytes, let duration): "soft limit \(bytes) bytes for \(duration.milliseconds) ms"
            }
        }
    }

    /// The reference's wording: `transport close`, `ping timeout`, `parse error`, ...
    var description: String {
        switch self {
        case .clientClose: "transport close"
        case .transportClose: "transport close"
        case .transportError(let detail): "transport error (\(detail))"
        case .parseError(let detail): "parse error (\(detail))"
        case .pingTimeout: "ping timeout"
        case .connectTimeout: "connect timeout"
        case .serverClose: "forced close"
        case .serverShutdown: "server shutting down"
        case .slowConsumer(let queued, let limit): "slow consumer (\(queued) bytes queued, \(limit))"
        }
    }
}
