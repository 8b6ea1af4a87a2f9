import Foundation
import JobWire
import SocketIONIO
import SocketIOWire
import Synchronization

/// The reference backend for any app, without a scenario (`jobwire broker` alone): REST calls run
/// ``JobDispatchBackend`` (or the task API's ``TaskBackend``) and their emissions go to their rooms. A worker that connects and is not
/// known yet is registered with its id; its `profile.updated` reports (`jobwire:trace`) become the
/// backend's record of it, which getJobs and WorkerAccept decide eligibility with (ELIG-8,
/// REST-9). One user may connect in both roles (MSG-2). With a recorder, every
/// accepted connection, REST exchange, emission and report is captured.
public final class PlainBackendHost: BrokerHost {
    let backend: Mutex<JobDispatchBackend>
    let tasks: Mutex<TaskBackend>
    private let server = Mutex<ReferenceBackendServer?>(nil)
    let clock: any BrokerClock
    private let recorder: CaptureRecorder?
    /// The calls' order: each takes the next xid, and one runs at a time (``decide(_:_:)``).
    private let callOrder = Mutex(0)
    /// Emissions waiting for those of earlier calls: the events go out in the order the calls were
    /// decided in, whichever connection's answer is written first (no `apply` after the `cancel`
    /// of a cancel decided later, FLOW-7).
    private let emissionOrder = Mutex((next: 1, ready: [Int: [Emission]]()))
    /// The sockets each request's users had when it was posted, by request and room: only with
    /// ``BackendFaults/socketsPinnedAtPost`` (``emitPinned(_:server:)``).
    let pinnedSockets = Mutex([String: [String: [SocketIOServerSocket]]]())
    /// Where problems with reports go, e.g. standard error.
    private let log: @Sendable (String) -> Void

    /// The plain backend around `backend`, recording into `recorder` when given; `log` gets refused reports.
    public init(backend: JobDispatchBackend, tasks: TaskBackend = TaskBackend(), clock: any BrokerClock, recorder: CaptureRecorder? = nil, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.backend = Mutex(backend)
        self.tasks = Mutex(tasks)
        self.clock = clock
        self.recorder = recorder
        self.log = log
    }

    public func attach(_ server: ReferenceBackendServer) { self.server.withLock { $0 = server } }

    /// Runs `body` on the backend's state, e.g. to register workers before a session.
    public func withBackend<Result: Sendable>(_ body: (inout JobDispatchBackend) -> Result) -> Result {
        backend.withLock { body(&$0) }
    }

    /// Runs `body` on the task API's state.
    public func withTaskBackend<Result: Sendable>(_ body: (inout TaskBackend) -> Result) -> Result {
        tasks.withLock { body(&$0) }
    }

    public func handle(_ request: SocketIOHTTPRequest) async -> SocketIOHTTPResponse {
        let headers = Dictionary(request.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        let rest = RESTRequest(method: request.method, target: request.target, body: request.body, headers: headers)
        var split = await splitAccept(rest)
        if split == nil { split = await splitEnd(rest) }
        let (reply, order) = split ?? decide(rest)
        return .json(reply.status, reply.body, contentType: reply.contentType, afterSend: { [self] in emit(reply.emissions, order: order) })
    }

    /// Runs one call and records it; the caller emits. One call at a time, from reading the clock
    /// to recording the answer: the capture shows calls in the order the backend decided them and
    /// with the times it decided them at, however many race (a loser's `race_lost` never before the
    /// winner's call, REST-8).
    func decide(_ request: RESTRequest) -> (BackendReply, order: Int) {
        decide(request) { now in
            // The server's own fixtures first, then the task API's paths (it emits nothing); everything else is the job flow's.
            let profile = backend.withLock { $0.profile }
            return serverFixture(request, profile: profile)
                ?? tasks.withLock({ TaskRouter.handle(request, profile: profile, backend: &$0, now: now) })
                ?? backend.withLock { BackendRouter.handle(request, backend: &$0, now: now) }
        }
    }

    /// Takes the next xid, reads the clock, lets `body` decide the call and records it, all in one
    /// step; the call's place in the order goes to ``emit(_:order:)``.
    func decide(_ request: RESTRequest, _ body: (Int64) -> BackendReply) -> (BackendReply, order: Int) {
        callOrder.withLock { counter in
            counter += 1
            let xid = "x-\(counter)"
            let now = clock.now()
            let reply = body(now)
            if let recorder {
                let target = request.query.isEmpty ? request.path : "\(request.path)?" + request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
                let body = try? JSONParser.parse(request.body)
                try? recorder.record(TraceEvent(ts: now, actor: .backend, body: .httpRequest(HTTPRequestRecord(xid: xid, method: request.method, path: target, body: body))))
                try? recorder.record(TraceEvent(ts: now, actor: .backend, body: .httpResponse(HTTPResponseRecord(xid: xid, status: Int64(reply.status), body: reply.body, contentType: reply.contentType))))
            }
            return (reply, counter)
        }
    }

    /// Sends the emissions of the call decided `order`th once those of every earlier call went out.
    /// Every decided call passes here exactly once, with or without emissions.
    func emit(_ emissions: [Emission], order: Int) {
        emissionOrder.withLock { queue in
            queue.ready[order] = emissions
            while let batch = queue.ready.removeValue(forKey: queue.next) {
                emit(batch)
                queue.next += 1
            }
        }
    }

    /// Sends emissions to their rooms, in order, recording each.
    private func emit(_ emissions: [Emission]) {
        guard let server = server.withLock({ $0 }) else { return }
        for emission in emissions {
            try? recorder?.record(TraceEvent(ts: clock.now(), actor: .backend, body: emission.sent(in: server.profile.namespace)))
            if emitPinned(emission, server: server) { continue }
            server.emit(emission.event, emission.payload, to: emission.room)
        }
    }

    /// Handles one call as the HTTP handler does and emits its events; for scripted callers.
    public func call(_ request: RESTRequest) -> BackendReply {
        let (reply, order) = decide(request)
        emit(reply.emissions, order: order)
        return reply
    }

    /// Refuses malformed identities (MSG-16) unless the backend carries the `identityNotChecked` fault.
    public var checksIdentity: Bool {
        backend.withLock { !$0.faults.contains(.identityNotChecked) }
    }

    /// Records the accepted connection with the handshake's auth as received.
    public func connectedUnidentified(_ socket: SocketIOServerSocket) {
        recordConnection(socket)
    }

    public func connected(_ socket: SocketIOServerSocket, userID: String, role: TraceRole) {
        recordConnection(socket)
        if role == .worker {
            backend.withLock { backend in
                guard backend.workers[CanonicalID(userID)] == nil else { return }
                let profile = WorkerProfile(userID: CanonicalID(userID), expertActive: true, expertSource: nil, categories: [], maxKms: 0, position: GeoPoint(lat: 0, lng: 0))
                backend.register(WorkerRecord(id: CanonicalID(userID), name: userID, avatar: "", rating: nil, profile: profile))
            }
        }
        let actor = TraceActor(role, id: userID)
        socket.on("jobwire:trace") { [self] arguments, ack in
            let report = arguments.first?.jsonValue ?? .null
            let problem = accept(report, from: actor)
            if let problem { log("jobwire: \(actor): trace report refused: \(problem)") }
            ack?.send([SocketIOValue(problem.map { ["ok": false, "error": .string($0)] } ?? ["ok": true])])
        }
    }

    /// Records the drop: the backend's `io.disconnected` with reason `slow`.
    public func droppedSlowConsumer(_ record: ConnectionRecord) {
        try? recorder?.record(TraceEvent(ts: clock.now(), actor: .backend, body: .disconnected(record)))
    }

    private func recordConnection(_ socket: SocketIOServerSocket) {
        let namespace = server.withLock { $0?.profile.namespace } ?? ProtocolProfile.standard.namespace
        try? recorder?.record(TraceEvent(ts: clock.now(), actor: .backend, body: .connected(ConnectionRecord(namespace: namespace, auth: .object(socket.auth)))))
    }

    /// Records an app's report; a worker's `profile.updated` updates the backend's record of it.
    private func accept(_ report: JSONValue, from actor: TraceActor) -> String? {
        let action: AppAction
        do {
            action = try AppAction(json: report)
        } catch {
            return error.message
        }
        guard case .trace(let kind, let fields, let ts) = action else { return "a report is a trace event with kind" }
        // Read as `jobwire check` reads a line, so a malformed report is refused, recorder or not.
        let header = recorder?.header ?? TraceHeader(roles: Set(TraceRole.allCases))
        let event: TraceEvent
        do {
            event = try TraceEvent(reported: fields, kind: kind, ts: ts ?? clock.now(), actor: actor, header: header, file: recorder?.name ?? "report", line: (recorder?.lineCount ?? 0) + 1)
        } catch {
            return error.description
        }
        if case .profileUpdated(_, let reported) = event.body, actor.role == .worker, let profile = try? WorkerProfile(json: reported), profile.userID.text == actor.id {
            backend.withLock { backend in
                if var record = backend.workers[profile.userID] {
                    record.profile = profile
                    backend.register(record)
                }
            }
        }
        do {
            try recorder?.record(event)
        } catch {
            return error.description
        }
        return nil
    }
}
