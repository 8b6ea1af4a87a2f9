import Foundation
import JobWire
import SocketIONIO
import SocketIOWire
import Synchronization

/// The backend of a capture, served to apps under test (`jobwire broker --replay`): each REST
/// call and emit of an app is matched to the recording (``ReplayMatcher``) and answered as
/// recorded, its timestamps moved to the session's clock (``RecordedTimes``), and the events the
/// recording sent the apps after that step go, after the answer, to the rooms they went to
/// (``RecordedRooms``). What the recording never saw is answered `500 server_error` naming the call
/// and the nearest recorded step, and fails the session.
///
/// The session is captured as any broker session is (``servedHeader(recording:script:file:)``):
/// the backend's REST exchanges, connections and emissions, and each app's own side, its calls,
/// connections, the events that really left for its socket and the UI events it reports with
/// `jobwire:trace`, so the checker judges the apps under test.
public final class RecordedBackendHost: BrokerHost {
    private let matcher: Mutex<ReplayMatcher>
    private let mismatches = Mutex<[ReplayMismatch]>([])
    private let openingSent = Mutex<Set<TraceActor>>([])
    let server = Mutex<ReferenceBackendServer?>(nil)
    /// The apps' sockets now connected, by socket id.
    let sockets = Mutex<[String: TraceActor]>([:])
    private let log: @Sendable (String) -> Void
    private let finished: @Sendable () -> Void
    let recorder: CaptureRecorder?
    let clock: any BrokerClock
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
        // The kit's own paths (Docs/BROKER.md) are not the recorded protocol: never matched.
        if request.target.hasPrefix("/jobwire/") {
            let why = "a served session takes an app's reports as jobwire:trace on its socket, which says whose they are"
            return .json(404, ["ok": false, "error": ["code": "not_found", "message": .string(why)]])
        }
        let now = clock.now()
        let (response, caller) = answer(request, at: now)
        let xid = calls.withLock { count in
            count += 1
            return "x-\(count)"
        }
        let bearer = BearerToken.from(authorization: request.headers.first { $0.name.lowercased() == "authorization" }?.value)
        let call = HTTPRequestRecord(xid: xid, method: request.method, path: request.target, body: try? JSONParser.parse(request.body), bearer: bearer)
        let answer = HTTPResponseRecord(xid: xid, status: Int64(response.status), body: try? JSONParser.parse(response.body))
        // The app that made a matched call is the recorded step's; an unmatched one has no known caller.
        if let caller { record(TraceEvent(ts: now, actor: caller, body: .httpRequest(call))) }
        record(TraceEvent(ts: now, actor: .backend, body: .httpRequest(call)))
        record(TraceEvent(ts: now, actor: .backend, body: .httpResponse(answer)))
        if let caller { record(TraceEvent(ts: now, actor: caller, body: .httpResponse(answer))) }
        return response
    }

    /// The recorded answer to a call, re-stamped for `now`, with the app that made it on the recording.
    private func answer(_ request: SocketIOHTTPRequest, at now: Int64) -> (SocketIOHTTPResponse, TraceActor?) {
        let body = request.body.isEmpty ? nil : try? JSONParser.parse(request.body)
        let result = matcher.withLock { $0.call(method: request.method, path: request.target, body: body, from: nil) }
        switch result {
        case .success(let answer):
            let done = matcher.withLock { $0.remaining.isEmpty }
            let offset = now - answer.step.ts
            let pushes: @Sendable () -> Void = { [self] in send(answer.pushes, shiftedBy: offset, done: done) }
            guard let status = answer.status else {
                let refusal: JSONValue = ["ok": false, "error": ["code": "server_error", "message": .string("the recording holds no answer to this call (line \(answer.step.line))")]]
                return (.json(502, refusal, afterSend: pushes), answer.step.actor)
            }
            return (.json(Int(status), RecordedTimes.shifted(answer.body ?? .null, by: offset), afterSend: pushes), answer.step.actor)
        case .failure(let mismatch):
            return (.json(500, ["ok": false, "error": ["code": "server_error", "message": .string(refuse(mismatch))]]), nil)
        }
    }

    public func connected(_ socket: SocketIOServerSocket, userID: String, role: TraceRole) {
        let actor = TraceActor(role, id: userID)
        let now = clock.now()
        recordConnection(of: socket, as: actor, at: now)
        let opening = openingSent.withLock { $0.insert(actor).inserted } ? matcher.withLock { $0.script.opening.filter { $0.to == userID } } : []
        let answer = matcher.withLock { $0.connect(actor) }
        let done = matcher.withLock { $0.remaining.isEmpty }
        send(opening + (answer?.pushes ?? []), shiftedBy: answer.map { now - $0.step.ts } ?? 0, done: done)
        socket.onAny { [self] event, arguments, ack in
            // The kit's own report channel (Docs/BROKER.md) is not the recorded protocol: taken, not matched.
            if event.hasPrefix("jobwire:") {
                let problems = event == "jobwire:trace" ? accept(arguments.first?.jsonValue ?? .null, from: actor) : []
                for problem in problems { log("jobwire broker: report of \(actor) refused: \(problem)") }
                ack?.send([SocketIOValue(problems.isEmpty ? ["ok": true] : ["ok": false, "error": .string(problems.joined(separator: "; "))])])
                return
            }
            let payload = arguments.first?.jsonValue
            let now = clock.now()
            record(TraceEvent(ts: now, actor: actor, body: .socketOut(SocketMessage(event: event, payload: payload, namespace: socket.namespace))))
            switch matcher.withLock({ $0.emit(event: event, payload: payload, from: actor) }) {
            case .success(let answer): send(answer.pushes, shiftedBy: now - answer.step.ts, done: matcher.withLock { $0.remaining.isEmpty })
            case .failure(let mismatch): _ = refuse(mismatch)
            }
        }
    }

    /// One of `actor`'s connections closed: the recorded disconnect it stands for is done, and
    /// with it every report the app sent on that connection is in (Docs/RECORD.md, "The end").
    func departed(_ actor: TraceActor) {
        guard let answer = matcher.withLock({ $0.disconnect(actor) }) else { return }
        send(answer.pushes, shiftedBy: clock.now() - answer.step.ts, done: matcher.withLock { $0.remaining.isEmpty })
    }

    /// True while an app under test holds a connection: it may still send something.
    public var appsConnected: Bool { !sockets.withLock { $0.isEmpty } }

    /// The verdict so far: the mismatches, and the recorded steps the app has not done.
    public var outcome: (mismatches: [ReplayMismatch], remaining: [RecordedScript.Step]) {
        (mismatches.withLock { $0 }, matcher.withLock { $0.remaining })
    }

    private func refuse(_ mismatch: ReplayMismatch) -> String {
        mismatches.withLock { $0.append(mismatch) }
        log("jobwire broker: \(mismatch)")
        return mismatch.description
    }

    /// Sends `pushes` to their rooms, their timestamps moved by `offset`: an event the recording
    /// sent to the channel once, however many apps received it there.
    private func send(_ pushes: [RecordedScript.Push], shiftedBy offset: Int64, done: Bool) {
        if let server = server.withLock({ $0 }) {
            var sent: [RecordedScript.Push] = []
            for push in pushes {
                if push.room != push.to, sent.contains(where: { $0.room == push.room && $0.event == push.event && $0.payload == push.payload }) { continue }
                sent.append(push)
                let payload = RecordedTimes.shifted(push.payload, by: offset)
                record(TraceEvent(ts: clock.now(), actor: .backend, body: .socketOut(SocketMessage(event: push.event, payload: payload, namespace: server.profile.namespace, room: push.room))))
                server.emit(push.event, payload, to: push.room)
            }
        }
        if done { finished() }
    }
}
