import Foundation
import Logging
import NIOCore
import NIOPosix
import SocketIOWire

/// A Socket.IO v5 client over Engine.IO v4 on SwiftNIO: polling, WebSocket and upgrade; namespaces, acks, binary.
///
/// Speaks socket.io-protocol v5 and engine.io-protocol v4 as the official JavaScript client
/// does (see ``SocketIOClientConfiguration`` for the transports). Server pings are answered at
/// once. Each namespace is joined with ``connect(namespace:auth:)``; events arrive at the
/// handlers given to ``on(_:namespace:handler:)`` and in the streams of
/// ``events(namespace:)``, on the client's event loop, in order. ``disconnect()`` leaves every
/// namespace (`41`), then closes the session (`1`, then the transport).
///
/// ```swift
/// let client = try SocketIOClient(url: URL(string: "http://127.0.0.1:3000")!)
/// try await client.connect(auth: ["token": "123"])
/// let answer = try await client.emitWithAck("message-with-ack", 1, "2")
/// await client.disconnect()
/// ```
public final class SocketIOClient: Sendable {
    /// The configuration the client was made with.
    public let configuration: SocketIOClientConfiguration
    /// The event loop every I/O, timer and handler of this client runs on.
    public let eventLoop: any EventLoop
    private let session: NIOLoopBoundBox<ClientSession>

    /// Creates a client for the server at `url` (`http://host:port` or `ws://host:port`); nothing is sent yet.
    ///
    /// The URL's path is ignored: the Engine.IO path is ``SocketIOClientConfiguration/path``.
    /// TLS (`https`, `wss`) is not supported. The client takes one loop of `eventLoopGroup`.
    public init(
        url: URL,
        configuration: SocketIOClientConfiguration = SocketIOClientConfiguration(),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "SocketIONIO.client", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(SocketIOClientError) {
        guard !configuration.transports.isEmpty else {
            throw SocketIOClientError(.invalidURL, "the configuration allows no transport")
        }
        let endpoint = try ClientEndpoint(url: url, path: configuration.path, query: configuration.query)
        let eventLoop = eventLoopGroup.next()
        self.configuration = configuration
        self.eventLoop = eventLoop
        self.session = NIOLoopBoundBox.makeBoxSendingValue(
            ClientSession(eventLoop: eventLoop, endpoint: endpoint, configuration: configuration, logger: logger),
            eventLoop: eventLoop
        )
    }

    deinit {
        let session = self.session
        eventLoop.execute { session.value.shutDown() }
    }

    /// Joins a namespace: opens the Engine.IO session if needed, sends CONNECT and waits for the answer.
    ///
    /// `auth` is the CONNECT payload (`40{"token":"123"}`); when nil, the configuration's
    /// ``SocketIOClientConfiguration/auth`` entry for the namespace is used, and without one the
    /// CONNECT carries no payload (`40`). Returns at once when the namespace is already joined.
    /// - Throws: ``SocketIOClientError`` with code `connectRefused` and the server's
    ///   ``SocketIOClientError/connectErrorPayload`` when the server answers CONNECT_ERROR;
    ///   `connectTimeout`, `transportFailed`, `protocolViolation` or `disconnected` otherwise.
    public func connect(namespace: String = "/", auth: JSONObject? = nil) async throws(SocketIOClientError) {
        let promise = eventLoop.makePromise(of: Void.self)
        let session = self.session
        eventLoop.execute { session.value.connect(namespace: namespace, auth: auth, promise: promise) }
        try await Self.wait(for: promise.futureResult)
    }

    /// Sends an event that wants no ACK; binary arguments become attachments.
    ///
    /// Returns once the packets are handed to the transport (queued for the next POST when polling).
    /// - Throws: ``SocketIOClientError`` `notConnected` when the namespace is not joined, or
    ///   `protocolViolation` for a reserved event name (`connect`, `disconnect`, ...).
    public func emit(_ event: String, _ arguments: SocketIOValue..., namespace: String = "/") async throws(SocketIOClientError) {
        try await emit(event, arguments: arguments, namespace: namespace)
    }

    /// Sends an event that wants no ACK, with the arguments as an array.
    public func emit(_ event: String, arguments: [SocketIOValue], namespace: String = "/") async throws(SocketIOClientError) {
        let session = self.session
        let future = eventLoop.submit { () throws -> Void in
            try session.value.emit(namespace: namespace, event: event, arguments: arguments)
        }
        try await Self.wait(for: future)
    }

    /// Sends an event with an ack id and returns the arguments of the server's ACK.
    ///
    /// - Parameter timeout: how long to wait; ``SocketIOClientConfiguration/ackTimeout`` when nil.
    /// - Throws: ``SocketIOClientError`` `ackTimeout` when no ACK came in time, `disconnected` when
    ///   the namespace or the connection ended first, `notConnected` when it was not joined.
    public func emitWithAck(
        _ event: String, _ arguments: SocketIOValue..., namespace: String = "/", timeout: TimeAmount? = nil
    ) async throws(SocketIOClientError) -> [SocketIOValue] {
        try await emitWithAck(event, arguments: arguments, namespace: namespace, timeout: timeout)
    }

    /// Sends an event with an ack id, with the arguments as an array, and returns the ACK's arguments.
    public func emitWithAck(
        _ event: String, arguments: [SocketIOValue], namespace: String = "/", timeout: TimeAmount? = nil
    ) async throws(SocketIOClientError) -> [SocketIOValue] {
        let promise = eventLoop.makePromise(of: [SocketIOValue].self)
        let session = self.session
        let limit = timeout ?? configuration.ackTimeout
        eventLoop.execute {
            session.value.emitWithAck(namespace: namespace, event: event, arguments: arguments, timeout: limit, promise: promise)
        }
        return try await Self.wait(for: promise.futureResult)
    }

    /// Calls `handler` for every `event` on `namespace`, on the client's event loop.
    ///
    /// The handler gets the arguments and, when the server asked for one, the acknowledgement to
    /// call (`ack?("ok")`). Handlers stay registered across reconnections and must not block.
    public func on(
        _ event: String, namespace: String = "/",
        handler: @escaping @Sendable (_ arguments: [SocketIOValue], _ ack: SocketIOAcknowledgement?) -> Void
    ) {
        let session = self.session
        eventLoop.execute { session.value.on(event, namespace: namespace, handler: handler) }
    }

    /// Every event that arrives on `namespace` from now on, in order; the stream ends when the namespace disconnects.
    ///
    /// Ask for the stream before ``connect(namespace:auth:)`` so that no early event is missed.
    /// The stream holds at most ``SocketIOClientConfiguration/maximumUnreadEvents`` events its
    /// consumer has not read: one more closes the connection, and the stream ends after the events
    /// it holds; ``endReason(namespace:)`` then says why, naming the server and the limit.
    public func events(namespace: String = "/") -> AsyncStream<SocketIOEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: SocketIOEvent.self, bufferingPolicy: .bufferingOldest(configuration.maximumUnreadEvents))
        let session = self.session
        eventLoop.execute { session.value.addStream(namespace: namespace, continuation: continuation) }
        return stream
    }

    /// Leaves one namespace with DISCONNECT (`41/admin,`); the connection stays open.
    public func disconnect(namespace: String) async {
        let session = self.session
        try? await eventLoop.submit { session.value.disconnect(namespace: namespace) }.get()
    }

    /// Leaves every namespace (`41`), closes the Engine.IO session (`1`) and its transport, and waits for that.
    public func disconnect() async {
        let promise = eventLoop.makePromise(of: Void.self)
        let session = self.session
        eventLoop.execute { session.value.disconnectAll(promise: promise) }
        try? await promise.futureResult.get()
    }

    /// Why `namespace`'s last connection ended, naming the server: the server's DISCONNECT, a
    /// closed or failed transport, a limit of the configuration passed (an oversize message, an
    /// ``events(namespace:)`` stream its consumer fell behind on), or ``disconnect()``; nil while
    /// the namespace is connected or was never connected.
    ///
    /// Read it when an ``events(namespace:)`` stream ends, to tell a flood from a clean end.
    public func endReason(namespace: String = "/") async -> SocketIOClientError? {
        let session = self.session
        return try? await eventLoop.submit { session.value.endReasons[namespace] }.get() ?? nil
    }

    /// The Socket.IO sid the server gave a connected namespace, or nil.
    public func sid(namespace: String = "/") async -> String? {
        let session = self.session
        return try? await eventLoop.submit { session.value.socket.sid(of: namespace) }.get()
    }

    /// The transport the Engine.IO session runs on now, or nil when no session is open.
    public var transport: SocketIOClientConfiguration.Transport? {
        get async {
            let session = self.session
            return try? await eventLoop.submit { session.value.currentTransport }.get()
        }
    }

    /// Server pings answered in the current Engine.IO session.
    public var pingsAnswered: Int {
        get async {
            let session = self.session
            return (try? await eventLoop.submit { session.value.pingsAnswered }.get()) ?? 0
        }
    }

    private static func wait<Value: Sendable>(for future: EventLoopFuture<Value>) async throws(SocketIOClientError) -> Value {
        do {
            return try await future.get()
        } catch let error as SocketIOClientError {
            throw error
        } catch {
            throw SocketIOClientError(.transportFailed, "\(error)")
        }
    }
}
