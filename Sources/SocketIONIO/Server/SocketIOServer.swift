import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A Socket.IO v5 server over Engine.IO v4, on SwiftNIO: long-polling, WebSocket and the upgrade
/// between them, namespaces, rooms, events and acks in both directions, binary data.
///
/// ```swift
/// let server = SocketIOServer(configuration: .init(logger: logger))
/// server.namespace("/").onConnection { socket in
///     socket.on("ping") { arguments, ack in ack?.send(arguments) }
/// }
/// let address = try await server.start(host: "127.0.0.1", port: 0)
/// // ...
/// await server.shutdown()
/// ```
///
/// Each connection runs in its own child task and each Engine.IO session on one event loop;
/// a client that breaks the protocol loses its own session and nothing else. The protocol
/// behaviour lives in two state machines (`EngineIOSessionStateMachine` and
/// `SocketIOConnectionStateMachine`, internal), which the NIO handlers only feed.
public final class SocketIOServer: Sendable {
    /// The configuration the server was made with.
    public let configuration: Configuration

    let engine: EngineIOServerCore
    private let registry: SocketIONamespaceRegistry
    private let engineIOConnectionHandler: NIOLockedValueBox<(@Sendable (EngineIOServerConnection) -> Void)?>
    private let lifecycle = NIOLockedValueBox(Lifecycle.idle)
    private let connections = SocketIOConnectionTracker()
    let connectionLimit: SocketIOConnectionLimit

    private enum Lifecycle {
        case idle
        case starting
        case running(channel: any Channel, task: Task<Void, Never>, address: SocketAddress)
        case stopped
    }

    /// A server that is not listening yet; configure namespaces, then call ``start(host:port:)``.
    public init(configuration: Configuration) {
        let registry = SocketIONamespaceRegistry()
        let handler = NIOLockedValueBox<(@Sendable (EngineIOServerConnection) -> Void)?>(nil)
        self.configuration = configuration
        self.registry = registry
        self.engineIOConnectionHandler = handler
        self.connectionLimit = SocketIOConnectionLimit(maximum: configuration.maxConnections)
        self.engine = EngineIOServerCore(configuration: configuration) { session in
            switch configuration.mode {
            case .socketIO:
                SocketIOConnection(session: session, registry: registry, configuration: configuration)
            case .engineIO:
                EngineIOApplicationBridge(session: session, connectionHandler: handler.withLockedValue { $0 })
            }
        }
    }

    /// The namespace `name` (`/` is the main one), created on first call; clients may join only namespaces created here.
    public func namespace(_ name: String = "/") -> SocketIONamespace {
        registry.namespace(name.hasPrefix("/") ? name : "/" + name)
    }

    /// Receives each Engine.IO session when the server runs in ``Configuration/Mode/engineIO`` mode.
    public func onEngineIOConnection(_ handler: @escaping @Sendable (EngineIOServerConnection) -> Void) {
        engineIOConnectionHandler.withLockedValue { $0 = handler }
    }

    /// The address the server listens on, once started.
    public var localAddress: SocketAddress? {
        lifecycle.withLockedValue { state in
            if case .running(_, _, let address) = state { return address }
            return nil
        }
    }

    /// Starts listening and returns the bound address; port 0 picks a free port. Throws
    /// ``SocketIOServerError/badConfiguration(_:)`` for an outbound limit or a maximum number of
    /// connections that cannot be used.
    public func start(host: String = "127.0.0.1", port: Int = 0) async throws -> SocketAddress {
        if let problem = configuration.outboundLimit?.problem { throw SocketIOServerError.badConfiguration(problem) }
        if let maximum = configuration.maxConnections, maximum < 1 { throw SocketIOServerError.badConfiguration("the maximum number of connections must be at least 1") }
        try lifecycle.withLockedValue { state in
            guard case .idle = state else { throw SocketIOServerError.alreadyStarted }
            state = .starting
        }
        let engine = self.engine
        let limit = connectionLimit
        let logger = configuration.logger
        let serverChannel: NIOAsyncChannel<SocketIOAcceptedConnection, Never>
        do {
            serverChannel = try await ServerBootstrap(group: configuration.eventLoopGroup)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelOption(.writeBufferWaterMark, value: Self.waterMark(for: configuration.outboundLimit))
                .bind(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        guard limit.admit(channel) else {
                            let maximum = limit.maximum ?? 0
                            logger.notice("connection refused: too many connections", metadata: ["maximum": "\(maximum)", "remote": "\(channel.remoteAddress?.description ?? "?")"])
                            return SocketIOAcceptedConnection(channel: channel, kind: try EngineIOPipeline.refuse(channel, maximum: maximum))
                        }
                        return SocketIOAcceptedConnection(channel: channel, kind: try EngineIOPipeline.configure(channel, core: engine))
                    }
                }
        } catch {
            lifecycle.withLockedValue { $0 = .idle }
            throw error
        }
        let address = serverChannel.channel.localAddress!
        let task = Task { [connections, logger = configuration.logger] in
            await withDiscardingTaskGroup { group in
                do {
                    try await serverChannel.executeThenClose { inbound in
                        for try await connection in inbound {
                            group.addTask { await connections.serve(connection, logger: logger) }
                        }
                    }
                } catch {
                    logger.error("socket.io server stopped accepting", metadata: ["error": "\(error)"])
                }
            }
        }
        lifecycle.withLockedValue { $0 = .running(channel: serverChannel.channel, task: task, address: address) }
        configuration.logger.info("socket.io server listening", metadata: ["address": "\(address)", "path": "\(configuration.path)"])
        return address
    }

    /// The writability watermarks of each connection: a WebSocket turns unwritable past the soft
    /// outbound limit and writable again under half of it, which tells its session when the
    /// limit's clock starts and stops; NIO's own (32 KiB and 64 KiB) without a limit.
    static func waterMark(for limit: OutboundLimit?) -> ChannelOptions.Types.WriteBufferWaterMark {
        guard let limit else { return .init(low: 32 << 10, high: 64 << 10) }
        return .init(low: limit.softBytes / 2, high: limit.softBytes)
    }

    /// Stops the server gracefully: no new connections or sessions, every socket gets DISCONNECT
    /// and every session a close; sessions still open after `gracePeriod` are ended at once,
    /// then every connection is closed.
    public func shutdown(gracePeriod: Duration = .seconds(2)) async {
        let running = lifecycle.withLockedValue { state -> (channel: any Channel, task: Task<Void, Never>)? in
            defer { state = .stopped }
            if case .running(let channel, let task, _) = state { return (channel, task) }
            return nil
        }
        guard let running else { return }
        try? await running.channel.close()
        for session in engine.stopAccepting() { session.shutDown() }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: gracePeriod)
        while clock.now < deadline, !engine.sessions.isEmpty {
            try? await Task.sleep(for: .milliseconds(10))
        }
        for session in engine.sessions { session.terminate() }
        connections.closeAll()
        await running.task.value
        configuration.logger.info("socket.io server stopped")
    }
}

/// A connection the server accepted, with the future that says what it became.
struct SocketIOAcceptedConnection: Sendable {
    /// The connection.
    var channel: any Channel
    /// Completed after the first request: polling or WebSocket.
    var kind: EventLoopFuture<EngineIOConnectionKind>
}

/// The open connections of a server, each served by one child task until it closes.
final class SocketIOConnectionTracker: Sendable {
    private let channels = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])

    /// Serves one connection until it closes; a failed setup closes this connection only.
    func serve(_ connection: SocketIOAcceptedConnection, logger: Logger) async {
        let channel = connection.channel
        let key = ObjectIdentifier(channel)
        channels.withLockedValue { $0[key] = channel }
        defer { _ = channels.withLockedValue { $0.removeValue(forKey: key) } }
        connection.kind.whenFailure { error in
            logger.debug("connection setup failed", metadata: ["error": "\(error)"])
            channel.close(promise: nil)
        }
        do {
            try await channel.closeFuture.get()
        } catch {
            logger.debug("connection ended with an error", metadata: ["error": "\(error)"])
        }
    }

    /// Closes every open connection.
    func closeAll() {
        for channel in channels.withLockedValue({ Array($0.values) }) {
            channel.close(promise: nil)
        }
    }
}
