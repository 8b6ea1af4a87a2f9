/// Why a server-side Socket.IO socket left its namespace.
///
/// The descriptions are the reference server's reason strings (socket.io `socket.ts`,
/// `DisconnectReason`), so logs and captures read the same as with the Node server, but for
/// ``slowConsumer``, this server's own. New reasons may be added later. Two reasons are equal when
/// they are the same reason, whatever their details (``queuedBytes``).
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
        case slowConsumer = "slow consumer"
    }

    private let base: Base
    /// For ``slowConsumer``: the bytes that waited for the client when it was dropped.
    public let queuedBytes: Int?

    private init(base: Base, queuedBytes: Int? = nil) {
        self.base = base
        self.queuedBytes = queuedBytes
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }
    public func hash(into hasher: inout Hasher) { hasher.combine(base) }

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
    /// The server dropped the connection: the client did not take what was sent to it, past the
    /// server's ``SocketIOServer/OutboundLimit``. Not a reference reason.
    public static let slowConsumer = Self(base: .slowConsumer)

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
        case .slowConsumer(let queued, _): self = Self(base: .slowConsumer, queuedBytes: queued)
        }
    }
}
