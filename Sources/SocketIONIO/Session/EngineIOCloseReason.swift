/// Why an Engine.IO session ended.
///
/// The names follow the reference server's close reasons (engine.io `socket.ts`), which Socket.IO
/// passes on as the disconnect reason.
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
        }
    }
}
