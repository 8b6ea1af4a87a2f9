import Logging
import NIOCore
import NIOPosix

extension SocketIOServer {
    /// Everything a ``SocketIOServer`` needs to know before it starts.
    ///
    /// The defaults are the reference server's (engine.io `server.ts`, socket.io `index.ts`):
    /// path `/socket.io/`, pingInterval 25 s, pingTimeout 20 s, upgradeTimeout 10 s, maxPayload
    /// 1 000 000 bytes, connectTimeout 45 s, both transports with upgrades, no CORS; and, where the
    /// reference has no limit, ``OutboundLimit/standard`` for what may wait for one client.
    public struct Configuration: Sendable {
        /// Which protocol layers the server runs.
        public enum Mode: Sendable, Hashable {
            /// Engine.IO with Socket.IO on top: namespaces, events, acks, rooms.
            case socketIO
            /// Engine.IO alone; ``SocketIOServer/onEngineIOConnection(_:)`` receives each session.
            case engineIO
        }

        /// An Engine.IO transport.
        public enum Transport: String, Sendable, Hashable, CaseIterable {
            /// HTTP long-polling (`transport=polling`).
            case polling
            /// WebSocket (`transport=websocket`).
            case webSocket = "websocket"
        }

        /// Where log messages go; the library never builds a logger of its own.
        public var logger: Logger
        /// The request path the server answers, with its trailing slash, e.g. `/socket.io/`.
        public var path: String
        /// Socket.IO on Engine.IO, or Engine.IO alone.
        public var mode: Mode
        /// Time from the open packet, or from the last pong, to the server's next ping.
        public var pingInterval: Duration
        /// Time the server waits for a pong before it closes the session.
        public var pingTimeout: Duration
        /// Time a probing WebSocket has to complete the upgrade.
        public var upgradeTimeout: Duration
        /// Time a Socket.IO connection has to join a namespace before it is closed.
        public var connectTimeout: Duration
        /// The largest polling body and WebSocket message accepted, in bytes; advertised as `maxPayload`.
        public var maxPayload: Int
        /// What may wait to be sent to one client before it is dropped as a slow consumer; nil for no limit.
        public var outboundLimit: OutboundLimit?
        /// The most connections (polling or WebSocket) open at once; past it a new one is answered
        /// 503 and closed (``EngineIOOverloadHandler``). nil for no limit.
        public var maxConnections: Int?
        /// The transports clients may use.
        public var transports: Set<Transport>
        /// Whether a polling session may upgrade to WebSocket (`upgrades: ["websocket"]`).
        public var allowUpgrades: Bool
        /// The CORS headers to add to HTTP answers; nil adds none and treats OPTIONS as a bad request.
        public var cors: CORS?
        /// Called with every Socket.IO packet received or sent, for capture and tests.
        public var observer: (@Sendable (SocketIOPacketRecord) -> Void)?
        /// The event loops that run the server.
        public var eventLoopGroup: any EventLoopGroup
        /// Answers HTTP requests outside ``path``; nil answers them 404.
        public var httpHandler: (@Sendable (SocketIOHTTPRequest) async -> SocketIOHTTPResponse)?

        /// A configuration with the reference defaults; only the logger is required.
        public init(
            logger: Logger,
            path: String = "/socket.io/",
            mode: Mode = .socketIO,
            pingInterval: Duration = .seconds(25),
            pingTimeout: Duration = .seconds(20),
            upgradeTimeout: Duration = .seconds(10),
            connectTimeout: Duration = .seconds(45),
            maxPayload: Int = 1_000_000,
            outboundLimit: OutboundLimit? = .standard,
            maxConnections: Int? = nil,
            transports: Set<Transport> = [.polling, .webSocket],
            allowUpgrades: Bool = true,
            cors: CORS? = nil,
            observer: (@Sendable (SocketIOPacketRecord) -> Void)? = nil,
            eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
            httpHandler: (@Sendable (SocketIOHTTPRequest) async -> SocketIOHTTPResponse)? = nil
        ) {
            self.httpHandler = httpHandler
            self.logger = logger
            self.path = path
            self.mode = mode
            self.pingInterval = pingInterval
            self.pingTimeout = pingTimeout
            self.upgradeTimeout = upgradeTimeout
            self.connectTimeout = connectTimeout
            self.maxPayload = maxPayload
            self.outboundLimit = outboundLimit
            self.maxConnections = maxConnections
            self.transports = transports
            self.allowUpgrades = allowUpgrades
            self.cors = cors
            self.observer = observer
            self.eventLoopGroup = eventLoopGroup
        }
    }
}
