/// Why a server-side Socket.IO socket left its namespace.
///
/// The descriptions are the reference server's reason strings (socket.io `socket.ts`,
/// `DisconnectReason`), so logs and captures read the same as with the Node server. New reasons
/// may be added later.
public struct SocketIODisconnectReason: Sendable, Hashable, CustomStringConvertible {
    private enum Base: String, Sendable, Hashable {
        case serverNamespaceDisconnect = "server namespace disconnect"
        case clientNamespaceDisconnect = "client namespace disconnect"
        case serverShuttingDown = "server shutting down"
        case pingTimeout = "ping timeout"
        case transportClose = "transport close"
        case transportError = "transport error"
        case parseError = "parse error"
        case forcedClose = "forced close"
        case forcedServerClose = "forced server close"
    }

    private let base: Base
    private init(base: Base) { self.base = base }

    /// The server called ``SocketIOServerSocket/disconnect(closingConnection:)``.
    public static let serverNamespaceDisconnect = Self(base: .serverNamespaceDisconnect)
    /// The client sent DISCONNECT (`41`) for the namespace.
    public static let clientNamespaceDisconnect = Self(base: .clientNamespaceDisconnect)
    /// ``SocketIOServer/shutdown(gracePeriod:)`` was called.
    public static let serverShuttingDown = Self(base: .serverShuttingDown)
    /// The client did not answer a ping within pingTimeout.
    public static let pingTimeout = Self(base: .pingTimeout)
    /// The client closed the connection or its WebSocket.
    public static let transportClose = Self(base: .transportClose)
    /// The client broke a transport rule, e.g. two polls at once.
    public static let transportError = Self(base: .transportError)
    /// The client sent something that is not Engine.IO or Socket.IO, or broke the namespace rules.
    public static let parseError = Self(base: .parseError)
    /// The connection was closed by the application.
    public static let forcedClose = Self(base: .forcedClose)
    /// The connection joined no namespace within connectTimeout.
    public static let forcedServerClose = Self(base: .forcedServerClose)

    /// The reference's reason string, e.g. `ping timeout`.
    public var description: String { base.rawValue }

    /// The reason a closed Engine.IO session gives each of its sockets.
    init(_ reason: EngineIOCloseReason) {
        switch reason {
        case .clientClose, .transportClose: self = .transportClose
        case .transportError: self = .transportError
        case .parseError: self = .parseError
        case .pingTimeout: self = .pingTimeout
        case .connectTimeout: self = .forcedServerClose
        case .serverClose: self = .forcedClose
        case .serverShutdown: self = .serverShuttingDown
        }
    }
}
