import Foundation
import JobWire
import Logging
import NIOCore
import SocketIONIO
import SocketIOWire

/// The reference backend on the wire: a Socket.IO server and REST paths (the job flow's and the
/// task API's) on one loopback port. Apps identify themselves in the handshake and join their rooms
/// (MSG-2); a malformed identity gets a connect error (MSG-16). What REST calls answer and what the
/// apps' events mean is up to its ``BrokerHost``: the plain reference backend (``PlainBackendHost``)
/// or a scenario (``BrokerSession``). An app that does not take what is sent to it is dropped as a
/// slow consumer past the outbound limit (Docs/BROKER.md, "Slow consumers"): a warning names it
/// and its host records the drop.
public final class ReferenceBackendServer: Sendable {
    private let server: SocketIOServer
    private let namespace: SocketIONamespace
    private let host: any BrokerHost
    /// The event names, namespace and rooms in force.
    public let profile: ProtocolProfile

    /// A server around `backend` and the task API `tasks`; `observer` sees every Socket.IO packet (for captures).
    public convenience init(
        backend: JobDispatchBackend,
        tasks: TaskBackend = TaskBackend(),
        clock: any BrokerClock = SystemBrokerClock(),
        logger: Logger,
        observer: (@Sendable (SocketIOPacketRecord) -> Void)? = nil
    ) {
        self.init(host: PlainBackendHost(backend: backend, tasks: tasks, clock: clock), profile: backend.profile, logger: logger, observer: observer)
    }

    /// A server whose REST calls, connections and packets go to `host`; `outboundLimit` bounds
    /// what may wait for one app, `maxConnections` how many connections may be open (nil: no limit).
    /// `heartbeat` replaces Engine.IO's ping interval and timeout (nil: the server's defaults); a
    /// test of an app that never reads lengthens them, so only the limit under test can drop it.
    public init(
        host: any BrokerHost, profile: ProtocolProfile = .standard, logger: Logger,
        outboundLimit: SocketIOServer.OutboundLimit? = .standard, maxConnections: Int? = nil,
        heartbeat: (interval: Duration, timeout: Duration)? = nil,
        observer: (@Sendable (SocketIOPacketRecord) -> Void)? = nil
    ) {
        self.host = host
        self.profile = profile
        var configuration = SocketIOServer.Configuration(logger: logger, outboundLimit: outboundLimit, maxConnections: maxConnections)
        if let heartbeat { (configuration.pingInterval, configuration.pingTimeout) = heartbeat }
        configuration.observer = { record in
            host.observed(record)
            observer?(record)
        }
        configuration.httpHandler = { request in await host.handle(request) }
        server = SocketIOServer(configuration: configuration)
        namespace = server.namespace(profile.namespace)
        namespace.authorize { handshake in
            guard let problem = HandshakeIdentity.problem(in: .object(handshake.auth)), host.checksIdentity else {
                if let identity = HandshakeIdentity(auth: .object(handshake.auth)), let refusal = host.refusesConnection(userID: identity.userID.text) {
                    return .refuse(message: refusal)
                }
                return .accept
            }
            return .refuse(message: problem)
        }
        let channel = profile.channelRoom
        namespace.onConnection { socket in
            Self.reportSlowConsumer(socket, host: host, logger: logger)
            // Only a host that does not check identities (a mutant) lets a malformed one in: no rooms.
            guard let identity = HandshakeIdentity(auth: .object(socket.auth)) else {
                host.connectedUnidentified(socket)
                return
            }
            socket.join(identity.userID.text)
            if identity.role == .worker { socket.join(channel) }
            host.connected(socket, userID: identity.userID.text, role: identity.role)
        }
        host.attach(self)
    }

    /// When `socket`'s connection is dropped as a slow consumer: a warning with the user, the
    /// session and the bytes that waited, and the host records the drop.
    private static func reportSlowConsumer(_ socket: SocketIOServerSocket, host: any BrokerHost, logger: Logger) {
        socket.onDisconnect { reason in
            guard reason == .slowConsumer else { return }
            let identity = HandshakeIdentity(auth: .object(socket.auth))
            logger.warning(
                "dropped a slow consumer",
                metadata: [
                    "user": "\(identity.map { "\($0.role.rawValue) \($0.userID.text)" } ?? "unidentified")",
                    "sid": "\(socket.handshake.engineIOSessionID)", "socket": "\(socket.id)",
                    "queuedBytes": "\(reason.queuedBytes.map(String.init) ?? "?")",
                ])
            host.droppedSlowConsumer(
                ConnectionRecord(namespace: socket.namespace, auth: .object(socket.auth), reason: .slow, queued: reason.queuedBytes.map(Int64.init)))
        }
    }

    /// Starts listening; port 0 picks a free port. Returns the bound address.
    public func start(host: String = "127.0.0.1", port: Int = 0) async throws -> SocketAddress {
        try await server.start(host: host, port: port)
    }

    /// Stops accepting and closes every session.
    public func shutdown() async { await server.shutdown() }

    /// Runs `body` on the backend's state, e.g. to register workers before a session. Only for a
    /// server around the plain backend (``init(backend:tasks:clock:logger:observer:)`` or a ``PlainBackendHost``).
    public func withBackend<Result: Sendable>(_ body: (inout JobDispatchBackend) -> Result) -> Result {
        plainHost.withBackend(body)
    }

    /// Runs `body` on the task API's state. Only for a server around the plain backend.
    public func withTaskBackend<Result: Sendable>(_ body: (inout TaskBackend) -> Result) -> Result {
        plainHost.withTaskBackend(body)
    }

    /// Handles one REST call as the HTTP handler does and emits its events; for scripted roles.
    /// Only for a server around the plain backend.
    public func call(_ request: RESTRequest) -> BackendReply { plainHost.call(request) }

    private var plainHost: PlainBackendHost {
        guard let plain = host as? PlainBackendHost else {
            preconditionFailure("withBackend and call need a ReferenceBackendServer around the plain backend, not a \(type(of: host))")
        }
        return plain
    }

    /// Emits `event` with its one JSON argument (MSG-1) to every socket in `room`.
    public func emit(_ event: String, _ payload: JSONValue, to room: String) {
        namespace.to(room).emit(event, SocketIOValue(payload))
    }

    /// The sockets now in `room`, such as a user's own room.
    public func sockets(in room: String) -> [SocketIOServerSocket] { namespace.sockets(in: room) }

}
