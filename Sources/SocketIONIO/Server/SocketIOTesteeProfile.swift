import Logging
import NIOCore
import NIOPosix
import SocketIOWire

/// The server the official conformance suites expect to test, ready to start.
///
/// Follows the "Test suite" sections of socketio/socket.io-protocol and
/// socketio/engine.io-protocol: pingInterval 300 ms, pingTimeout 200 ms, maxPayload 1 000 000,
/// connectTimeout 1000 ms, CORS `*`. The Socket.IO profile serves `/socket.io/`: on `/` and
/// `/custom` each new socket gets `auth` with its CONNECT payload; on `/`, `message` is answered
/// with `message-back` and the same arguments and `message-with-ack` is acked with its
/// arguments; every other namespace is refused with `{"message":"Invalid namespace"}`. The
/// Engine.IO profile serves `/engine.io/` with Engine.IO alone and echoes every message.
///
/// The `auth` event goes out ``authDelay`` after the CONNECT reply instead of right behind it:
/// the suites' `waitFor` helper attaches its listener only after the previous frame was
/// handled, and the `ws` client emits every frame of one TCP read synchronously, so a frame
/// that shares a read with the one before is lost to the test. The wire order is unchanged.
public enum SocketIOTesteeProfile {
    /// How long after the CONNECT reply the `auth` event is sent.
    public static let authDelay: Duration = .milliseconds(10)

    /// The suites' pong deadline: a session whose ping gets no pong within it is closed.
    public static let pingTimeout: Duration = .milliseconds(200)

    /// The suites' connect deadline: a session that joins no namespace within it is closed.
    public static let connectTimeout: Duration = .milliseconds(1000)

    /// The suites' configuration: Socket.IO at `/socket.io/`, or Engine.IO alone at `/engine.io/`.
    /// `pingTimeout` and `connectTimeout` are the suites' unless a caller relaxes them (a test of
    /// the pings themselves on a busy machine, where 200 ms is shorter than the stalls of the
    /// client answering them, and three ping rounds can outlast 1000 ms).
    public static func configuration(
        engineIOOnly: Bool,
        logger: Logger,
        pingTimeout: Duration = pingTimeout,
        connectTimeout: Duration = connectTimeout,
        outboundLimit: SocketIOServer.OutboundLimit? = .standard,
        maxConnections: Int? = nil,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) -> SocketIOServer.Configuration {
        SocketIOServer.Configuration(
            logger: logger,
            path: engineIOOnly ? "/engine.io/" : "/socket.io/",
            mode: engineIOOnly ? .engineIO : .socketIO,
            pingInterval: .milliseconds(300),
            pingTimeout: pingTimeout,
            connectTimeout: connectTimeout,
            maxPayload: 1_000_000,
            outboundLimit: outboundLimit,
            maxConnections: maxConnections,
            cors: .init(origin: .any),
            eventLoopGroup: eventLoopGroup
        )
    }

    /// A server with the suites' configuration and application behaviour, not started yet.
    public static func makeServer(
        engineIOOnly: Bool = false,
        logger: Logger,
        pingTimeout: Duration = pingTimeout,
        connectTimeout: Duration = connectTimeout,
        outboundLimit: SocketIOServer.OutboundLimit? = .standard,
        maxConnections: Int? = nil,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) -> SocketIOServer {
        let server = SocketIOServer(
            configuration: configuration(
                engineIOOnly: engineIOOnly, logger: logger, pingTimeout: pingTimeout, connectTimeout: connectTimeout, outboundLimit: outboundLimit, maxConnections: maxConnections, eventLoopGroup: eventLoopGroup))
        if engineIOOnly {
            server.onEngineIOConnection { connection in
                connection.onMessage { message in connection.send(message) }
            }
            return server
        }
        server.namespace("/").onConnection { socket in
            emitAuth(socket)
            socket.on("message") { arguments, _ in
                socket.emit("message-back", arguments: arguments)
            }
            socket.on("message-with-ack") { arguments, ack in
                ack?.send(arguments)
            }
        }
        server.namespace("/custom").onConnection { socket in
            emitAuth(socket)
        }
        return server
    }

    /// Emits `auth` with the CONNECT payload, ``authDelay`` after the CONNECT reply.
    private static func emitAuth(_ socket: SocketIOServerSocket) {
        Task {
            try? await Task.sleep(for: authDelay)
            socket.emit("auth", SocketIOValue(.object(socket.auth)))
        }
    }
}
