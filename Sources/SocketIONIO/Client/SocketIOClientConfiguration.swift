import NIOCore
import SocketIOWire

/// How a ``SocketIOClient`` reaches its server: transports, path, auth and time limits.
///
/// The defaults are those of the official JavaScript client (engine.io-client): polling first,
/// then an upgrade to WebSocket when the server offers one, on the path `/socket.io/`.
public struct SocketIOClientConfiguration: Sendable {
    /// An Engine.IO transport the client may use.
    public enum Transport: String, Sendable, Hashable, CaseIterable {
        /// HTTP long-polling: a held GET for server packets, a POST for client packets.
        case polling
        /// One WebSocket carrying one packet per frame.
        case websocket
    }

    /// The transports in order of use.
    ///
    /// `[.polling, .websocket]` opens with a polling handshake and upgrades to WebSocket when the
    /// server lists `websocket` in `upgrades`; `[.websocket]` opens a WebSocket at once;
    /// `[.polling]` never upgrades.
    public var transports: [Transport]
    /// The Engine.IO path, `/socket.io/` by default; it is used as given.
    public var path: String
    /// The CONNECT payload sent per namespace (`40/admin,{...}`) when ``SocketIOClient/connect(namespace:auth:)`` gets none.
    public var auth: [String: JSONObject]
    /// Extra query parameters added to every Engine.IO request, after `EIO` and `transport`.
    public var query: [(name: String, value: String)]
    /// The longest wait for the Engine.IO handshake and then for the namespace's CONNECT reply.
    public var connectTimeout: TimeAmount
    /// The default time ``SocketIOClient/emitWithAck(_:_:namespace:timeout:)`` waits for an ACK.
    public var ackTimeout: TimeAmount
    /// The longest time an upgrade probe may take before the client gives it up and keeps polling.
    public var upgradeTimeout: TimeAmount
    /// The largest WebSocket message accepted from the server, in bytes (a frame, or the
    /// fragments of one message joined); 16 MiB by default.
    ///
    /// A larger one closes the connection (status 1009) and the client fails with
    /// ``SocketIOClientError/Code/transportFailed``, naming the server and this limit: a backend
    /// that floods the kit cannot make it hold an unbounded message.
    public var maximumFrameSize: Int
    /// The largest HTTP response body accepted from the server, in bytes (a polling answer);
    /// 16 MiB by default, as ``maximumFrameSize``.
    ///
    /// The kit's server accepts 1 MB per message (`maxPayload`) but a polling answer batches
    /// several packets, so the client's limit is the WebSocket one rather than the server's. A
    /// larger body closes the connection as soon as the limit is passed (the rest is never held)
    /// and the client fails with ``SocketIOClientError/Code/transportFailed`` naming the server
    /// and this limit.
    public var maximumHTTPBodySize: Int
    /// The most events one ``SocketIOClient/events(namespace:)`` stream holds that its consumer
    /// has not read yet; 10 000 by default.
    ///
    /// A consumer slower than a server that floods it would otherwise make the stream grow without
    /// bound. Past the limit the client closes the connection, records why (naming the server and
    /// this limit) for ``SocketIOClient/endReason(namespace:)``, and the stream ends after the
    /// events it holds. Ten thousand is thousands of times what an app of this protocol is sent
    /// in a second and, at the kit's largest ordinary event (a `new` of about 10 KB), about 100 MB.
    /// Handlers given to ``SocketIOClient/on(_:namespace:handler:)`` hold nothing and are not limited.
    public var maximumUnreadEvents: Int

    /// The default of ``maximumFrameSize`` and ``maximumHTTPBodySize``: 16 MiB.
    public static let defaultMaximumMessageSize = 1 << 24
    /// The default of ``maximumUnreadEvents``: 10 000.
    public static let defaultMaximumUnreadEvents = 10_000

    /// Creates a configuration; every argument has the reference client's default.
    public init(
        transports: [Transport] = [.polling, .websocket],
        path: String = "/socket.io/",
        auth: [String: JSONObject] = [:],
        query: [(name: String, value: String)] = [],
        connectTimeout: TimeAmount = .seconds(10),
        ackTimeout: TimeAmount = .seconds(10),
        upgradeTimeout: TimeAmount = .seconds(10),
        maximumFrameSize: Int = defaultMaximumMessageSize,
        maximumHTTPBodySize: Int = defaultMaximumMessageSize,
        maximumUnreadEvents: Int = defaultMaximumUnreadEvents
    ) {
        self.transports = transports
        self.path = path
        self.auth = auth
        self.query = query
        self.connectTimeout = connectTimeout
        self.ackTimeout = ackTimeout
        self.upgradeTimeout = upgradeTimeout
        self.maximumFrameSize = maximumFrameSize
        self.maximumHTTPBodySize = maximumHTTPBodySize
        self.maximumUnreadEvents = max(1, maximumUnreadEvents)
    }
}
