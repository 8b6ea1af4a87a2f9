import JobWire
import SocketIOWire

/// A scenario as a pure state machine over time: the scenario's steps, the reference backend
/// (``JobDispatchBackend``), the kit's own apps (``ReferenceClientApp``, ``ReferenceWorkerApp``) and
/// what the app under test does, in; capture lines and inputs for the app under test, out.
///
/// It has no clock and no I/O. ``ScenarioRunner`` drives it in virtual time against an adapter
/// (the 10-minute timeout takes milliseconds); ``BrokerSession`` drives it in real time over real
/// sockets. Both write the same capture, judged by the same ``TraceChecker``.
public struct ScenarioEngine: Sendable {
    /// The scenario being run.
    public let scenario: Scenario
    /// Whether the engine records the app's `io.in` itself (virtual time), or its driver records
    /// what really reached the app's socket (live).
    public let recordsAppReceipts: Bool
    /// The backend's state.
    public internal(set) var backend: JobDispatchBackend
    /// The engine's current time, ms since the epoch.
    public internal(set) var now: Int64
    /// True once the scenario has ended.
    public internal(set) var finished = false

    let startedAt: Int64
    let appID: String
    var kit: [String: KitApp] = [:]
    var kitWakes: [String: Set<Int64>] = [:]
    var appWakes: Set<Int64> = []
    var stepsDone: [Bool]
    /// When each moment (`r1.posted`, `r1.shown@w-2` ...) happened.
    var moments: [String: Int64] = [:]
    var aliases: [String: String] = [:]
    var aliasOf: [String: String] = [:]
    /// Aliases waiting for an actor's next successful post.
    var pendingPosts: [String: [String]] = [:]
    var nextXid = 1
    /// Trace xid of each call in flight: who made it and under which xid of its own.
    var calls: [String: (actor: String, localXid: String)] = [:]
    var failures: [FailRule] = []
    var drops: [(event: String, to: String)] = []
    var delays: [(event: String, to: String, ms: Int64)] = []
    var timed: [(at: Int64, delivery: Delivery)] = []
    /// The app under test's connection (virtual time; live, the driver sees the real socket).
    var link = AppLink()
    var duplicates: [(event: String, to: String)] = []
    var queue: [Delivery] = []
    var outputs: [ScenarioOutput] = []
    var lastActivity: Int64
    /// Deadlines of requests still waiting for their `apply` (TIME-2), by ReqID.
    var openDeadlines: [String: Int64] = [:]
    /// The latest time an obligation the engine foresaw falls due (a Delay's showAt).
    var horizon: Int64
    var endRequested = false

    /// A kit app: the reference model of its role.
    enum KitApp: Sendable {
        case client(ReferenceClientApp)
        case worker(ReferenceWorkerApp)

        mutating func launch(now: Int64) -> [AppAction] {
            switch self {
            case .client(var app): defer { self = .client(app) }; return app.launch(now: now)
            case .worker(var app): defer { self = .worker(app) }; return app.launch(now: now)
            }
        }

        mutating func handle(_ input: AppInput, now: Int64) -> [AppAction] {
            switch self {
            case .client(var app): defer { self = .client(app) }; return app.handle(input, now: now)
            case .worker(var app): defer { self = .worker(app) }; return app.handle(input, now: now)
            }
        }
    }

    /// An input on its way to an actor; `traceXid` for an HTTP answer.
    struct Delivery: Sendable {
        var to: String
        var input: AppInput
        var traceXid: String?
    }

    /// A scripted answer (`fail`, `lose-answer`, `hang`, `malformed-answer` step), used once.
    struct FailRule: Sendable {
        var call: RESTCallKind
        var answer: Answer
        var alias: String?
        var from: String?
        var step: Int

        /// A REST-7 failure instead of running the call, or a transport fault.
        enum Answer: Sendable {
            case failure(BackendError.Code)
            case fault(AnswerFault)
        }
    }

    /// An engine for `scenario` starting at `start` (ms since the epoch).
    public init(scenario: Scenario, start: Int64, recordsAppReceipts: Bool = true) {
        self.scenario = scenario
        self.recordsAppReceipts = recordsAppReceipts
        self.startedAt = start
        self.now = start
        self.lastActivity = start
        self.horizon = start
        appID = scenario.app.id
        stepsDone = Array(repeating: false, count: scenario.steps.count)
        var backend = JobDispatchBackend()
        for actor in scenario.actors {
            switch actor.role {
            case .worker:
                if let profile = try? WorkerProfile(json: actor.profile) {
                    backend.register(WorkerRecord(id: CanonicalID(actor.id), name: actor.name, avatar: actor.avatar, rating: actor.rating, profile: profile))
                }
            default:
                backend.register(ClientRecord(id: CanonicalID(actor.id), blockedWorkers: actor.blockedWorkers.map(CanonicalID.init), offerDelaySeconds: actor.delaySeconds))
            }
        }
        self.backend = backend
        for actor in scenario.kit {
            let config = actor.config(scenario: scenario)
            kit[actor.id] = actor.role == .worker ? .worker(ReferenceWorkerApp(config: config)) : .client(ReferenceClientApp(config: config))
        }
    }

    /// The kit's apps launch; then whatever is due at the start runs.
    public mutating func begin() -> [ScenarioOutput] {
        for actor in scenario.kit {
            perform(kit[actor.id]!.launch(now: now), by: actor.id)
        }
        drain()
        return advance(to: now)
    }

    /// Moves time to `time` and runs everything due by then: delayed deliveries, timers of the
    /// app and of the kit's apps, steps; then ends the scenario if it is over.
    public mutating func advance(to time: Int64) -> [ScenarioOutput] {
        guard !finished else { return takeOutputs() }
        if time > now { now = time }
        var progressed = true
        while progressed && !finished {
            progressed = false
            while let index = timed.indices.filter({ timed[$0].at <= now }).min(by: { timed[$0].at < timed[$1].at }) {
                let item = timed.remove(at: index)
                deliver(item.delivery)
                progressed = true
            }
            if appWakes.contains(where: { $0 <= now }) {
                appWakes = appWakes.filter { $0 > now }
                queue.append(Delivery(to: appID, input: .clock))
                progressed = true
            }
            if reconnectIfDue() { progressed = true }
            for id in kitWakes.keys.sorted() where kitWakes[id]!.contains(where: { $0 <= now }) {
                kitWakes[id] = kitWakes[id]!.filter { $0 > now }
                queue.append(Delivery(to: id, input: .clock))
                progressed = true
            }
            for step in scenario.steps where !stepsDone[step.index] {
                guard let at = fireTime(step), at <= now else { continue }
                stepsDone[step.index] = true
                run(step)
                progressed = true
            }
            drain()
        }
        finishIfOver()
        return takeOutputs()
    }

    /// What the app under test did at `time`: its answer to an input, or (live) a REST call, an
    /// emitted event or a reported UI event.
    public mutating func appDid(_ actions: [AppAction], at time: Int64) -> [ScenarioOutput] {
        guard !finished else { return takeOutputs() }
        if time > now { now = time }
        perform(actions, by: appID)
        drain()
        return advance(to: now)
    }

    /// Records what the app received on its socket (live drivers call this as the packet goes out).
    public mutating func appReceived(event: String, payload: JSONValue?, at time: Int64) -> [ScenarioOutput] {
        guard !finished else { return takeOutputs() }
        if time > now { now = time }
        record(appActor, .socketIn(SocketMessage(event: event, payload: payload, namespace: backend.profile.namespace)))
        return takeOutputs()
    }

    /// The next time something is due, or nil once finished.
    public var nextWake: Int64? {
        guard !finished else { return nil }
        let due = dueTimes
        let next = due.isEmpty ? endAt : due.min()!
        return max(now, min(next, horizonAt))
    }

    /// The actor the app under test records as.
    public var appActor: TraceActor { TraceActor(scenario.app.role, id: appID) }

    /// Ends the scenario at once, as a driver does when the app under test broke the protocol.
    public mutating func stop(_ reason: String) -> [ScenarioOutput] {
        guard !finished else { return takeOutputs() }
        outputs.append(.note(reason))
        finish(judgingSteps: false)
        return takeOutputs()
    }

    mutating func takeOutputs() -> [ScenarioOutput] {
        defer { outputs = [] }
        return outputs
    }

    /// Writes one capture event of `actor`, at `ts` or now.
    mutating func record(_ actor: TraceActor, _ body: TraceEventBody, ts: Int64? = nil) {
        record(TraceEvent(ts: ts ?? now, actor: actor, body: body))
    }

    /// Writes one capture event.
    mutating func record(_ event: TraceEvent) {
        outputs.append(.record(event))
        if event.ts > lastActivity { lastActivity = event.ts }
    }

    func traceActor(_ id: String) -> TraceActor {
        TraceActor(scenario.actor(id)?.role ?? .client, id: id)
    }
}
