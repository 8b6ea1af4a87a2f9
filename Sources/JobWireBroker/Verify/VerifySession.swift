import Foundation
import JobWire
import SocketIOWire
import Synchronization

/// What one case drives the backend with: apps that connect, REST calls that are recorded, the
/// test fixtures, and the ids it made up. Every id it hands out is unique to the run and case.
public final class VerifySession: Sendable {
    public let caseID: String
    public let profile: ProtocolProfile
    public let recorder: VerifyRecorder
    public let clock: any VerifyClock
    /// The client's timeout in force (announced, given, or PROTOCOL.md's).
    public let timeoutMs: Int64
    /// How long the backend may take to emit an event after its answer (Docs/TRACE.md).
    public let emitToleranceMs: Int64
    /// The kit's own scheduling lag, shared by the run's cases.
    let lag: KitLag
    let base: URL
    let http: VerifyHTTP
    /// Racers and rounds of the race cases.
    public let race: RaceOptions
    private let prefix: String
    private let state = Mutex(State())

    struct State {
        var apps: [VerifyApp] = []
        var requests: Set<String> = []
        var unknownRequests: Set<String> = []
        var unknownWorkers: Set<String> = []
        var rounds: [RaceRoundRecord] = []
    }

    init(caseID: String, runTag: String, base: URL, profile: ProtocolProfile, clock: any VerifyClock, timeoutMs: Int64, emitToleranceMs: Int64, lag: KitLag = KitLag(), race: RaceOptions = RaceOptions()) {
        self.lag = lag
        self.race = race
        self.caseID = caseID
        self.profile = profile
        self.clock = clock
        self.timeoutMs = timeoutMs
        self.emitToleranceMs = emitToleranceMs
        self.base = base
        prefix = "\(runTag)-\(caseID)"
        recorder = VerifyRecorder(clock: clock)
        http = VerifyHTTP(base: base, recorder: recorder, xidPrefix: prefix)
    }

    /// A user id unique to this run and case.
    public func id(_ name: String) -> String { "\(prefix)-\(name)" }

    /// The requests this case posted, and the ids it made up.
    var requests: Set<String> { state.withLock { $0.requests } }
    var unknownRequests: Set<String> { state.withLock { $0.unknownRequests } }
    var unknownWorkers: Set<String> { state.withLock { $0.unknownWorkers } }
    /// The race rounds this case ran, as observed.
    var rounds: [RaceRoundRecord] { state.withLock { $0.rounds } }

    /// Notes a race round for the report.
    func noteRound(_ round: RaceRoundRecord) { state.withLock { $0.rounds.append(round) } }
    // MARK: - Apps

    /// A client app, connected.
    public func client(_ name: String) async throws -> VerifyApp {
        try await connect(TraceActor(.client, id: id(name)))
    }

    /// A worker app, its record set through the worker fixture when `profile` is given, connected.
    public func worker(_ name: String, _ profile: WorkerSetup? = .nearby) async throws -> VerifyApp {
        let actor = TraceActor(.worker, id: id(name))
        if let profile, self.profile.routes[.workerFixture] != nil { try await putWorker(actor.id!, profile.json(userID: actor.id!), rating: profile.rating) }
        return try await connect(actor)
    }

    /// An app connecting as `actor` with the handshake `auth` (by default `actor`'s own identity), or
    /// nil when the backend refuses it (MSG-2, MSG-16): a refused connection records nothing, and an
    /// accepted one its `io.connected` with the auth sent, which the checker judges.
    public func tryConnect(_ actor: TraceActor, auth: JSONObject? = nil) async -> VerifyApp? {
        try? await connect(actor, auth: auth)
    }

    private func connect(_ actor: TraceActor, auth: JSONObject? = nil) async throws -> VerifyApp {
        do {
            let app = try await VerifyApp.connect(actor, auth: auth, base: base, profile: profile, recorder: recorder)
            state.withLock { $0.apps.append(app) }
            return app
        } catch {
            throw VerifyStepError("\(actor) could not connect: \(error)")
        }
    }

    /// Disconnects every app, each recording `app.terminated`.
    func disconnectAll() async {
        for app in state.withLock({ $0.apps }) {
            recorder.record(app.actor, .lifecycle(.terminated, stored: StoredState()))
            await app.disconnect()
        }
    }

    // MARK: - Fixtures

    /// `PUT` a worker's record (FIX-1) and record its profile as the worker's `profile.updated`.
    public func putWorker(_ worker: String, _ profile: JSONValue, rating: Double? = 4.5) async throws {
        guard let route = self.profile.routes[.workerFixture] else { throw VerifyStepError("the profile names no workerFixture path") }
        let body: JSONValue = ["name": .string("Worker \(worker)"), "avatar": .string("https://verify.jobwire.test/\(worker).png"), "rating": rating.map { .double($0) } ?? .null, "profile": profile]
        let answer = try await http.call(TraceActor(.worker, id: worker), route.description, ["workerId": worker], body: .json(body))
        guard answer.succeeded else { throw VerifyStepError("the worker fixture for \(worker) answered \(answer.status) \(answer.body.map { String($0.compactText.prefix(160)) } ?? "")") }
        recorder.record(TraceActor(.worker, id: worker), .profileUpdated(worker: nil, profile: profile))
    }

    /// `PUT` a client's record (FIX-2): the workers it banned and its Delay.
    public func putClient(_ client: String, blocked: [JSONValue] = [], delay: JSONValue = 0) async throws {
        guard let route = profile.routes[.clientFixture] else { throw VerifyStepError("the profile names no clientFixture path") }
        let answer = try await http.call(TraceActor(.client, id: client), route.description, ["clientId": client], body: .json(["BlockedXP": .array(blocked), "Delay": delay]))
        guard answer.succeeded else { throw VerifyStepError("the client fixture for \(client) answered \(answer.status) \(answer.body.map { String($0.compactText.prefix(160)) } ?? "")") }
    }

    // MARK: - The protocol's calls

    /// Posts a request (REST-2) and returns its ReqID; `extra` adds or replaces body fields.
    @discardableResult
    public func post(_ client: VerifyApp, _ extra: JSONObject = [:]) async throws -> String {
        try await post(as: client.actor, extra)
    }

    /// Posts a request as `actor`, connected or not.
    @discardableResult
    public func post(as actor: TraceActor, _ extra: JSONObject = [:]) async throws -> String {
        var body: JSONObject = [
            "clientId": .string(actor.id ?? ""), "CatID": 7, "category": "Plumbing", "description": "Leaking kitchen tap (jobwire verify)",
            "clientName": "Ana", "address": "Calle Mayor 1", "lat": .double(WorkerSetup.job.lat), "lng": .double(WorkerSetup.job.lng),
        ]
        for member in extra.members { body[member.key] = member.value }
        let answer = try await http.call(actor, route(.postRequest), body: .json(.object(body)))
        guard answer.succeeded, let req = answer.body?["ReqID"].flatMap(VerifyApp.id) else {
            throw VerifyStepError("the post request answered \(answer.status) \(answer.body.map { String($0.compactText.prefix(160)) } ?? "with no body")")
        }
        state.withLock { _ = $0.requests.insert(req) }
        return req
    }

    /// WorkerAccept (REST-3) by `worker` for `req`.
    @discardableResult
    public func accept(_ worker: TraceActor, _ req: String, body: VerifyBody? = nil) async throws -> VerifyAnswer {
        try await http.call(worker, route(.workerAccept), ["ReqID": req], body: body ?? .json(["workerId": .string(worker.id ?? "")]))
    }

    /// getJobs (REST-4) for `worker`.
    @discardableResult
    public func getJobs(_ worker: TraceActor) async throws -> VerifyAnswer {
        try await http.call(worker, route(.getJobs), ["workerId": worker.id ?? ""])
    }

    /// Cancel (REST-5) of `req` by `client`, which names itself as `clientId` (REST-19).
    @discardableResult
    public func cancel(_ client: TraceActor, _ req: String, reason: String = "no longer needed") async throws -> VerifyAnswer {
        try await http.call(client, route(.cancel), ["ReqID": req], body: .json(["reason": .string(reason), "clientId": .string(client.id ?? "")]))
    }

    /// Close (REST-6) of `req` by `actor`, which names itself as `clientId` or `workerId` as `by` says (REST-19).
    @discardableResult
    public func close(_ actor: TraceActor, _ req: String, outcome: String = "happy") async throws -> VerifyAnswer {
        let by = actor.role == .worker ? "worker" : "client"
        let body: JSONValue = ["outcome": .string(outcome), "by": .string(by), by == "worker" ? "workerId" : "clientId": .string(actor.id ?? "")]
        return try await http.call(actor, route(.close), ["ReqID": req], body: .json(body))
    }

    /// The state of `req` (REST-15), read by `actor`.
    @discardableResult
    public func readRequest(_ actor: TraceActor, _ req: String) async throws -> VerifyAnswer {
        try await http.call(actor, route(.getRequest), ["ReqID": req])
    }

    /// The requests `actor` posted or won (REST-16), read by itself.
    @discardableResult
    public func history(_ actor: TraceActor) async throws -> VerifyAnswer {
        try await http.call(actor, route(.listRequests), ["userId": actor.id ?? ""])
    }

    /// The meProfile of `worker` (REST-17), read by itself.
    @discardableResult
    public func meProfile(_ worker: TraceActor) async throws -> VerifyAnswer {
        try await http.call(worker, route(.meProfile), ["workerId": worker.id ?? ""])
    }

    /// `worker` reports it is now at `position` (REST-18), recording the move as its `profile.updated`.
    @discardableResult
    public func move(_ worker: TraceActor, to position: GeoPoint, _ setup: WorkerSetup = .nearby) async throws -> VerifyAnswer {
        var moved = setup
        moved.position = position
        recorder.record(worker, .profileUpdated(worker: nil, profile: moved.json(userID: worker.id ?? "")))
        return try await http.call(worker, route(.position), ["workerId": worker.id ?? ""], body: .json(["lat": .double(position.lat), "lng": .double(position.lng)]))
    }

    /// Any call of the protocol with a body of the case's choosing (REST-13).
    @discardableResult
    public func call(_ actor: TraceActor, _ kind: RESTCallKind, _ values: [String: String] = [:], body: VerifyBody?) async throws -> VerifyAnswer {
        var template = try route(kind)
        if values["workerId"] == nil, values["userId"] == nil, let query = template.firstIndex(of: "?") { template = String(template[..<query]) }
        return try await http.call(actor, template, values, body: body)
    }

    /// The route of a call, `METHOD /path`, from the profile.
    func route(_ kind: RESTCallKind) throws -> String {
        guard let route = profile.routes[kind] else { throw VerifyStepError("the profile names no \(kind.rawValue) path") }
        return route.description
    }

    // MARK: - Made-up ids and time

    /// A bearer token no backend issued: the cases send it to see it refused (TASK-6), and every
    /// trace header lists it under `unknown.tokens` so the checker knows it was made up.
    public static let forgedToken = "jobwire-verify-forged-token"
    /// An email no account has: the cases ask for it (TASK-1), listed under `unknown.emails`.
    public static let ghostEmail = "ghost@unknown.jobwire.test"

    /// A request id the backend cannot know, listed in the trace header (REST-11).
    public func unknownRequest(_ name: String) -> String {
        let req = "\(id(name))-\(UUID().uuidString.prefix(8))"
        state.withLock { _ = $0.unknownRequests.insert(req) }
        return req
    }

    /// A worker id the backend cannot know, listed in the trace header (REST-11).
    public func unknownWorker(_ name: String) -> String {
        let worker = "\(id(name))-\(UUID().uuidString.prefix(8))"
        state.withLock { _ = $0.unknownWorkers.insert(worker) }
        return worker
    }

    /// Waits until `app` got `event` for `req`, at most the emit tolerance of the kit's running
    /// time; the checker judges a miss or a late arrival.
    public func expect(_ app: VerifyApp, _ event: ProtocolEvent, _ req: String) async {
        await wait(app, event, req, runningMs: emitToleranceMs)
    }

    /// Waits for each of `expected` as ``expect(_:_:_:)`` does, all at once: a backend that sends
    /// none of a round's events costs one emit tolerance, not one per event.
    public func expect(all expected: [(app: VerifyApp, event: ProtocolEvent, req: String)]) async {
        await waitAll(expected, runningMs: emitToleranceMs)
    }

    /// Waits until `event` has reached `app` before the case acts on it, for as long as a loaded
    /// machine may need (at least 10 s); the checker still judges its timing against emitToleranceMs.
    /// REST answers are judged by the request's state as the trace shows it, so a case must not
    /// call about a request its app has not yet seen.
    public func awaitDelivery(_ app: VerifyApp, _ event: ProtocolEvent, _ req: String) async {
        await wait(app, event, req, runningMs: deliveryWaitMs)
    }

    /// Waits for each of `expected` as ``awaitDelivery(_:_:_:)`` does, all at once: a backend that
    /// sends none of them costs one wait, not one per event.
    public func awaitDelivery(all expected: [(app: VerifyApp, event: ProtocolEvent, req: String)]) async {
        await waitAll(expected, runningMs: deliveryWaitMs)
    }

    /// How long ``awaitDelivery(_:_:_:)`` waits: what a loaded machine may need, at least 10 s.
    private var deliveryWaitMs: Int64 { max(emitToleranceMs, 10_000) }

    /// ``wait(_:_:_:runningMs:)`` for each of `expected`, side by side.
    private func waitAll(_ expected: [(app: VerifyApp, event: ProtocolEvent, req: String)], runningMs: Int64) async {
        await withTaskGroup(of: Void.self) { group in
            for item in expected { group.addTask { await self.wait(item.app, item.event, item.req, runningMs: runningMs) } }
        }
    }

    /// Returns as soon as the event is there; else after `runningMs` of time in which the kit ran
    /// (its stalls are not the backend's time), closed by a fence so that nothing the backend sent
    /// in that window is still unread.
    private func wait(_ app: VerifyApp, _ event: ProtocolEvent, _ req: String, runningMs: Int64) async {
        let since = ContinuousClock.now
        var deadline = lag.runningDeadline(runningMs, since: since)
        while await !app.waitFor(event, req: req, until: deadline) {
            let owed = lag.runningDeadline(runningMs, since: since)
            guard owed > deadline else {
                await app.fence()
                return
            }
            deadline = owed
        }
    }

    /// Lets what the backend still owes arrive before the trace is judged: `milliseconds` of the
    /// kit's running time, then a fence on every app's connection, so an absence is proven by
    /// something that had to come later on the same connection and not by a sleep alone.
    /// A case without apps has nothing in flight to wait for: its REST answers are all in.
    func settle(_ milliseconds: Int64) async {
        guard !state.withLock({ $0.apps.isEmpty }) else { return }
        await lag.waitRunning(milliseconds)
        await fenceApps()
    }

    /// Fences every app's connection (``VerifyApp/fence()``): all the backend sent them so far is recorded.
    func fenceApps() async {
        for app in state.withLock({ $0.apps }) { await app.fence() }
    }

    /// Waits a little real time, so that a late call is late beyond the clock skew tolerance
    /// and the checker can tell it came after what it follows (FLOW-7).
    public func pause() async { try? await Task.sleep(for: .milliseconds(400)) }

    /// Lets the client's timeout pass: on the backend's clock through its clock fixture (FIX-4),
    /// which takes no real time; without the fixture, a step of the embedded backend's clock or real time.
    public func letTimeoutPass() async throws {
        if profile.clockFixture != nil {
            try await advanceClock(by: timeoutMs)
            return
        }
        await fenceApps()
        await clock.pass(timeoutMs)
    }
}

/// A worker's profile for a case: where it is and what it takes (ELIG-10), and its rating.
public struct WorkerSetup: Sendable {
    public var active = true
    public var categories: [JSONValue] = ["7"]
    public var maxKms = 10.0
    public var position = WorkerSetup.home
    public var rating: Double? = 4.5

    /// The case's job, and a worker position 0.8 km from it.
    public static let job = GeoPoint(lat: 19.44, lng: -99.1332)
    public static let home = GeoPoint(lat: 19.4326, lng: -99.1332)

    /// A worker eligible for the cases' job.
    public static let nearby = WorkerSetup()

    public init(active: Bool = true, categories: [JSONValue] = ["7"], maxKms: Double = 10, position: GeoPoint = WorkerSetup.home, rating: Double? = 4.5) {
        self.active = active
        self.categories = categories
        self.maxKms = maxKms
        self.position = position
        self.rating = rating
    }

    func json(userID: String) -> JSONValue {
        [
            "userID": .string(userID), "expertActive": .bool(active), "expertSource": .null, "categories": .array(categories),
            "maxKms": .double(maxKms), "lat": .double(position.lat), "lng": .double(position.lng),
        ]
    }
}
