import Foundation
import JobWire
import Logging
import NIOCore
import SocketIONIO
import SocketIOWire
import Synchronization

/// The reference backend on the wire: ``JobDispatchBackend`` behind a Socket.IO server and its
/// REST paths on one loopback port, with the task API of ``TaskBackend`` beside it. Apps identify
/// themselves in the handshake and join their rooms (MSG-2); REST calls run the backend and its
/// emissions go out to their rooms.
public final class ReferenceBackendServer: Sendable {
    private let core: Core
    private let server: SocketIOServer

    /// A server around `backend` and the task API `tasks`; `observer` sees every Socket.IO packet (for captures).
    public init(
        backend: JobDispatchBackend,
        tasks: TaskBackend = TaskBackend(),
        clock: any BrokerClock = SystemBrokerClock(),
        logger: Logger,
        observer: (@Sendable (SocketIOPacketRecord) -> Void)? = nil
    ) {
        let core = Core(backend: backend, tasks: tasks, clock: clock)
        self.core = core
        var configuration = SocketIOServer.Configuration(logger: logger, observer: observer)
        configuration.httpHandler = { request in
            let headers = Dictionary(request.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
            let reply = core.handle(RESTRequest(method: request.method, target: request.target, body: request.body, headers: headers))
            return SocketIOHTTPResponse(
                status: reply.status, headers: [("Content-Type", "application/json")], body: reply.body.compactText,
                afterSend: { core.emit(reply.emissions) })
        }
        server = SocketIOServer(configuration: configuration)
        let profile = backend.profile
        let namespace = server.namespace(profile.namespace)
        core.attach(namespace)
        namespace.authorize { handshake in
            switch Self.identity(handshake.auth) {
            case .success: return .accept
            case .failure(let error): return .refuse(message: error.message)
            }
        }
        namespace.onConnection { socket in
            guard case .success(let (userID, role)) = Self.identity(socket.auth) else { return }
            socket.join(userID.text)
            if role == "worker" { socket.join(profile.channelRoom) }
        }
    }

    /// Starts listening; port 0 picks a free port. Returns the bound address.
    public func start(host: String = "127.0.0.1", port: Int = 0) async throws -> SocketAddress {
        try await server.start(host: host, port: port)
    }

    /// Stops accepting and closes every session.
    public func shutdown() async { await server.shutdown() }

    /// Runs `body` on the backend's state, e.g. to register workers before a session.
    public func withBackend<Result: Sendable>(_ body: (inout JobDispatchBackend) -> Result) -> Result {
        core.withBackend(body)
    }

    /// Runs `body` on the task API's state, e.g. to read what a verify case did.
    public func withTaskBackend<Result: Sendable>(_ body: (inout TaskBackend) -> Result) -> Result {
        core.withTasks(body)
    }

    /// Handles one REST call as the HTTP handler does and emits its events; for scripted roles.
    public func call(_ request: RESTRequest) -> BackendReply { core.call(request) }

    /// The handshake's `auth` as `(userId, role)` (MSG-2), or why it is refused.
    static func identity(_ auth: JSONObject) -> Result<(CanonicalID, String), IdentityError> {
        guard let rawID = auth["userId"], let userID = try? CanonicalID(json: rawID, field: "auth.userId", requirement: "MSG-2"), !userID.text.isEmpty else {
            return .failure(IdentityError(message: "auth.userId is required (MSG-2)"))
        }
        guard let role = auth["role"]?.stringValue, role == "client" || role == "worker" else {
            return .failure(IdentityError(message: "auth.role must be \"client\" or \"worker\" (MSG-2)"))
        }
        return .success((userID, role))
    }

    /// Why a handshake was refused.
    struct IdentityError: Error {
        var message: String
    }

    /// The backend state behind a lock, and the namespace its emissions go to.
    private final class Core: Sendable {
        private let backend: Mutex<JobDispatchBackend>
        private let tasks: Mutex<TaskBackend>
        private let namespace = Mutex<SocketIONamespace?>(nil)
        private let clock: any BrokerClock

        init(backend: JobDispatchBackend, tasks: TaskBackend, clock: any BrokerClock) {
            self.backend = Mutex(backend)
            self.tasks = Mutex(tasks)
            self.clock = clock
        }

        func attach(_ namespace: SocketIONamespace) { self.namespace.withLock { $0 = namespace } }

        func withBackend<Result: Sendable>(_ body: (inout JobDispatchBackend) -> Result) -> Result {
            backend.withLock { body(&$0) }
        }

        func withTasks<Result: Sendable>(_ body: (inout TaskBackend) -> Result) -> Result {
            tasks.withLock { body(&$0) }
        }

        /// Runs the call on the task API when it is one (it emits nothing), else on the job
        /// flow's backend; the caller emits the events when the answer is out.
        func handle(_ request: RESTRequest) -> BackendReply {
            let now = clock.now()
            if let reply = tasks.withLock({ TaskRouter.handle(request, backend: &$0, now: now) }) { return reply }
            return backend.withLock { BackendRouter.handle(request, backend: &$0, now: now) }
        }

        /// Sends emissions to their rooms, in order.
        func emit(_ emissions: [Emission]) {
            guard let namespace = namespace.withLock({ $0 }) else { return }
            for emission in emissions {
                namespace.to(emission.room).emit(emission.event, SocketIOValue(emission.payload))
            }
        }

        /// Handles the call and emits its events at once.
        func call(_ request: RESTRequest) -> BackendReply {
            let reply = handle(request)
            emit(reply.emissions)
            return reply
        }
    }
}
