import Foundation
import JobWire
import SocketIONIO
import SocketIOWire
import Synchronization

/// The backend of a capture, served to an app under test (`jobwire broker --replay`): each REST
/// call and emit of the app is matched to the recording (``ReplayMatcher``) and answered as
/// recorded, and the events the recording sent the apps after that step go to their rooms after
/// the answer. What the recording never saw is answered `500 server_error` naming the call and
/// the nearest recorded step, and fails the session. With a recorder, the session is captured as
/// the backend saw it (connections, REST exchanges, emissions), for the checker's verdict.
public final class RecordedBackendHost: BrokerHost {
    private let matcher: Mutex<ReplayMatcher>
    private let mismatches = Mutex<[ReplayMismatch]>([])
    private let openingSent = Mutex<Set<TraceActor>>([])
    private let server = Mutex<ReferenceBackendServer?>(nil)
    private let log: @Sendable (String) -> Void
    private let finished: @Sendable () -> Void
    private let recorder: CaptureRecorder?
    private let clock: any BrokerClock
    private let calls = Mutex(0)

    /// A host serving `script`, capturing the session into `recorder` when given; `log` gets
    /// every mismatch as it happens, and `finished` is called once every recorded step was matched.
    public init(
        script: RecordedScript, volatile: VolatileMembers = VolatileMembers(), recorder: CaptureRecorder? = nil, clock: any BrokerClock = SystemBrokerClock(),
        log: @escaping @Sendable (String) -> Void = { _ in }, finished: @escaping @Sendable () -> Void = {}
    ) {
        matcher = Mutex(ReplayMatcher(script: script, volatile: volatile))
        self.recorder = recorder
        self.clock = clock
        self.log = log
        self.finished = finished
    }

    public func attach(_ server: ReferenceBackendServer) { self.server.withLock { $0 = server } }

    public func handle(_ request: SocketIOHTTPRequest) async -> SocketIOHTTPResponse {
        let response = answer(request)
        if let recorder {
            let xid = calls.withLock { count in
                count += 1
                return "x-\(count)"
            }
            let now = clock.now()
            let body = try? JSONParser.parse(request.body)
            let bearer = BearerToken.from(authorization: request.headers.first { $0.name.lowercased() == "authorization" }?.value)
            try? recorder.record(TraceEvent(ts: now, actor: .backend, body: .httpRequest(HTTPRequestRecord(xid: xid, method: request.method, path: request.target, body: body, bearer: bearer))))
            try? recorder.record(TraceEvent(ts: now, actor: .backend, body: .httpResponse(HTTPResponseRecord(xid: xid, status: Int64(response.status), body: try? JSONParser.parse(response.body)))))
        }
        return response
    }

    private func answer(_ request: SocketIOHTTPRequest) -> SocketIOHTTPResponse {
        let body = request.body.isEmpty ? nil : try? JSONParser.parse(request.body)
        let result = matcher.withLock { $0.call(method: request.method, path: request.target, body: body, from: nil) }
        switch result {
        case .success(let answer):
            let done = matcher.withLock { $0.remaining.isEmpty }
            guard let status = answer.status else {
                return .json(502, ["ok": false, "error": ["code": "server_error", "message": .string("the recording holds no answer to this call (line \(answer.step.line))")]], afterSend: { [self] in send(answer.pushes, done: done) })
            }
            return .json(Int(status), answer.body ?? .null, afterSend: { [self] in send(answer.pushes, done: done) })
        case .failure(let mismatch):
            return .json(500, ["ok": false, "error": ["code": "server_error", "message": .string(refuse(mismatch))]])
        }
    }

    public func connected(_ socket: SocketIOServerSocket, userID: String, role: TraceRole) {
        let actor = TraceActor(role, id: userID)
        let namespace = server.withLock { $0?.profile.namespace } ?? ProtocolProfile.standard.namespace
        try? recorder?.record(TraceEvent(ts: clock.now(), actor: .backend, body: .connected(ConnectionRecord(namespace: namespace, auth: .object(socket.auth)))))
        let opening = openingSent.withLock { $0.insert(actor).inserted } ? matcher.withLock { $0.script.opening.filter { $0.to == userID } } : []
        let answer = matcher.withLock { $0.connect(actor) }
        let done = matcher.withLock { $0.remaining.isEmpty }
        send(opening + (answer?.pushes ?? []), done: done)
        socket.onAny { [self] event, arguments, ack in
            // The kit's own report channel (Docs/BROKER.md) is not the recorded protocol: taken, not matched.
            if event.hasPrefix("jobwire:") {
                ack?.send([SocketIOValue(["ok": true])])
                return
            }
            let payload = arguments.first?.jsonValue
            switch matcher.withLock({ $0.emit(event: event, payload: payload, from: actor) }) {
            case .success(let answer): send(answer.pushes, done: matcher.withLock { $0.remaining.isEmpty })
            case .failure(let mismatch): _ = refuse(mismatch)
            }
        }
    }

    /// The verdict so far: the mismatches, and the recorded steps the app has not done.
    public var outcome: (mismatches: [ReplayMismatch], remaining: [RecordedScript.Step]) {
        (mismatches.withLock { $0 }, matcher.withLock { $0.remaining })
    }

    private func refuse(_ mismatch: ReplayMismatch) -> String {
        mismatches.withLock { $0.append(mismatch) }
        log("jobwire broker: \(mismatch)")
        return mismatch.description
    }

    private func send(_ pushes: [RecordedScript.Push], done: Bool) {
        if let server = server.withLock({ $0 }) {
            for push in pushes {
                try? recorder?.record(TraceEvent(ts: clock.now(), actor: .backend, body: .socketOut(SocketMessage(event: push.event, payload: push.payload, namespace: server.profile.namespace, room: push.to))))
                server.emit(push.event, push.payload, to: push.to)
            }
        }
        if done { finished() }
    }
}
