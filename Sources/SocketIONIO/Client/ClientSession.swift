import Logging
import NIOCore
import SocketIOWire

/// The driver behind a ``SocketIOClient``: feeds the two state machines and carries out their actions.
///
/// Confined to one event loop; every channel it opens lives on that loop, so NIO callbacks
/// reach it without locks. It holds no protocol rule of its own: ``ClientEngineStateMachine``
/// and ``ClientSocketStateMachine`` decide, this class sends bytes, runs timers and completes
/// the callers' promises. It is the machines' clock too: they run on `ContinuousClock`, and the
/// configuration's NIO time amounts become durations here, at the edge.
final class ClientSession {
    typealias Handler = @Sendable ([SocketIOValue], SocketIOAcknowledgement?) -> Void

    let eventLoop: any EventLoop
    let endpoint: ClientEndpoint
    let configuration: SocketIOClientConfiguration
    let logger: Logger

    let clock = ContinuousClock()
    var engine: ClientEngineStateMachine<ContinuousClock.Instant>
    var socket: ClientSocketStateMachine<ContinuousClock.Instant>

    // Transports of the current Engine.IO session.
    var pollLane: ClientHTTPConnection?
    var postLane: ClientHTTPConnection?
    var webSockets: [Int: any Channel] = [:]
    var engineTimer: Scheduled<Void>?
    var socketTimer: Scheduled<Void>?

    // Callers waiting for results.
    var connectWaiters: [String: [EventLoopPromise<Void>]] = [:]
    var ackWaiters: [Int: EventLoopPromise<[SocketIOValue]>] = [:]
    var closeWaiters: [EventLoopPromise<Void>] = []

    // Where events go.
    var handlers: [String: [String: [Handler]]] = [:]
    var streams: [String: [Int: AsyncStream<SocketIOEvent>.Continuation]] = [:]
    var nextStreamID = 0
    /// Why each namespace's last connection ended, for ``SocketIOClient/endReason(namespace:)``.
    var endReasons: [String: SocketIOClientError] = [:]
    /// Set once an events stream overflowed, until the session it closed has ended.
    var closingForUnreadEvents = false
    private var handle: ClientSessionHandle?

    /// Creates an idle session; nothing happens until the first ``connect(namespace:auth:promise:)``.
    init(eventLoop: any EventLoop, endpoint: ClientEndpoint, configuration: SocketIOClientConfiguration, logger: Logger) {
        self.eventLoop = eventLoop
        self.endpoint = endpoint
        self.configuration = configuration
        self.logger = logger
        self.engine = ClientEngineStateMachine(configuration: .init(
            transports: configuration.transports,
            connectTimeout: Duration(configuration.connectTimeout),
            upgradeTimeout: Duration(configuration.upgradeTimeout)
        ))
        self.socket = ClientSocketStateMachine(connectTimeout: Duration(configuration.connectTimeout))
    }

    deinit {
        engineTimer?.cancel()
        socketTimer?.cancel()
        for channel in webSockets.values { channel.close(promise: nil) }
    }

    /// A weak, Sendable reference to this session for callbacks from channels and timers.
    var weakHandle: ClientSessionHandle {
        if let handle { return handle }
        let made = ClientSessionHandle(self)
        handle = made
        return made
    }

    // MARK: Calls from SocketIOClient (on the event loop)

    func connect(namespace: String, auth: JSONObject?, promise: EventLoopPromise<Void>) {
        connectWaiters[namespace, default: []].append(promise)
        run(socket.connect(namespace: namespace, auth: auth ?? configuration.auth[namespace], now: clock.now))
    }

    func emit(namespace: String, event: String, arguments: [SocketIOValue]) throws(SocketIOClientError) {
        run(try socket.emit(namespace: namespace, event: event, arguments: arguments, now: clock.now))
    }

    func emitWithAck(namespace: String, event: String, arguments: [SocketIOValue], timeout: TimeAmount, promise: EventLoopPromise<[SocketIOValue]>) {
        do {
            let (id, actions) = try socket.emitWithAck(
                namespace: namespace, event: event, arguments: arguments, timeout: Duration(timeout), now: clock.now
            )
            ackWaiters[id] = promise
            run(actions)
        } catch {
            promise.fail(error)
        }
    }

    func acknowledge(namespace: String, id: Int, arguments: [SocketIOValue]) {
        run(socket.acknowledge(namespace: namespace, id: id, arguments: arguments))
    }

    func disconnect(namespace: String) {
        run(socket.disconnect(namespace: namespace))
    }

    func disconnectAll(promise: EventLoopPromise<Void>?) {
        if let promise { closeWaiters.append(promise) }
        run(socket.disconnectAll())
        if !engine.isActive { completeCloseWaiters() }
    }

    func on(_ event: String, namespace: String, handler: @escaping Handler) {
        handlers[namespace, default: [:]][event, default: []].append(handler)
    }

    func addStream(namespace: String, continuation: AsyncStream<SocketIOEvent>.Continuation) {
        let id = nextStreamID
        nextStreamID += 1
        streams[namespace, default: [:]][id] = continuation
        let handle = weakHandle
        continuation.onTermination = { _ in
            handle.run { session in session.streams[namespace]?[id] = nil }
        }
    }

    /// Server pings answered so far in the current Engine.IO session.
    var pingsAnswered: Int { engine.pingsAnswered }

    /// The transport the Engine.IO session runs on now, if one is open.
    var currentTransport: SocketIOClientConfiguration.Transport? {
        switch engine.transport {
        case .polling?: .polling
        case .websocket?: .websocket
        case nil: nil
        }
    }

    func completeCloseWaiters() {
        let waiters = closeWaiters
        closeWaiters = []
        for waiter in waiters { waiter.succeed(()) }
    }
}

/// A weak, Sendable reference to a ``ClientSession``, dereferenced only on its event loop.
struct ClientSessionHandle: Sendable {
    private final class Box {
        weak var session: ClientSession?
        init(_ session: ClientSession) { self.session = session }
    }

    private let box: NIOLoopBound<Box>

    /// Makes a handle; call on the session's event loop.
    init(_ session: ClientSession) {
        box = NIOLoopBound(Box(session), eventLoop: session.eventLoop)
    }

    /// Runs `body` on the session's event loop, if the session still exists.
    func run(_ body: @escaping @Sendable (ClientSession) -> Void) {
        let box = self.box
        if box.eventLoop.inEventLoop {
            if let session = box.value.session { body(session) }
        } else {
            box.eventLoop.execute {
                if let session = box.value.session { body(session) }
            }
        }
    }
}
