import JobWire
import SocketIOWire

/// One scenario of `Vectors/scenarios/` (Docs/BROKER.md): the app under test, the actors the kit
/// plays around it, the timing parameters, and the steps that script the session. The same value
/// drives a live broker session and a virtual-time adapter run through ``ScenarioEngine``.
public struct Scenario: Sendable {
    /// `scenario`: the stable name, equal to the file name without `.json`.
    public var name: String
    /// `description`: one sentence about the path it follows.
    public var description: String
    /// The file it was read from, for messages.
    public var file: String
    /// `requirements`: the requirement ids the scenario exercises.
    public var requirements: [RequirementID]
    /// `settings`: the timeout and tolerances written into the capture header.
    public var settings: ScenarioSettings
    /// `app`: the app under test, played by an adapter, a real app or a fake one.
    public var app: ScenarioActor
    /// `kit`: the apps the kit plays itself, with the reference app models.
    public var kit: [ScenarioActor]
    /// `steps`: what happens and when.
    public var steps: [ScenarioStep]
    /// `horizon`: ms after the start by which the scenario ends whatever is still pending
    /// (Docs/BROKER.md, "The end"); nil keeps ``Scenario/defaultHorizonMs``.
    public var horizonMs: Int64?

    /// The horizon of a scenario that declares none: two hours, longer than the client's timeout
    /// plus the longest `Delay` wait the engine foresees (one hour), so it only stops an app whose
    /// timers never end.
    public static let defaultHorizonMs: Int64 = 7_200_000

    /// The role the broker plays for this scenario (`jobwire broker --play ROLE`): the client when a
    /// worker app is under test, the workers when a client app is.
    public var play: TraceRole { app.role == .worker ? .client : .worker }

    /// Every actor: the app under test first, then the kit's.
    public var actors: [ScenarioActor] { [app] + kit }

    /// The actor with this id.
    public func actor(_ id: String) -> ScenarioActor? { actors.first { $0.id == id } }

    /// The capture header: all three roles, the scenario's settings, the workers' profiles, and
    /// the app under test as its `subject`: the kit's own backend is scripted (it may answer a
    /// WorkerAccept with a failure on purpose), so only the app's rules are judged.
    public var header: TraceHeader {
        var header = TraceHeader(roles: [.client, .worker, .backend])
        header.subject = [app.role]
        header.timeoutMs = settings.timeoutMs
        header.cancelToleranceMs = settings.cancelToleranceMs
        header.clockSkewToleranceMs = settings.clockSkewToleranceMs
        header.emitToleranceMs = settings.emitToleranceMs
        header.reactionToleranceMs = settings.reactionToleranceMs
        header.description = "scenario \(name): \(description)"
        for actor in actors {
            if let profile = actor.profile { header.profiles[actor.id] = profile }
        }
        return header
    }
}

/// The timing parameters of a scenario, with the defaults of PROTOCOL.md's Configuration section.
public struct ScenarioSettings: Sendable, Hashable {
    /// The client's timeout (TIME-2).
    public var timeoutMs: Int64 = 600_000
    /// How late the timeout cancel may go (TIME-2, TIME-6).
    public var cancelToleranceMs: Int64 = 2_000
    /// How far actors' clocks may disagree (TIME-10).
    public var clockSkewToleranceMs: Int64 = 250
    /// How long the backend may take to emit what an answer announces (FLOW-4, FLOW-8, FLOW-9).
    public var emitToleranceMs: Int64 = 2_000
    /// How long an app may take to show the alert an answer or event calls for (ALERT-3, ALERT-10, ALERT-11).
    public var reactionToleranceMs: Int64 = 2_000

    /// The settings' JSON keys, in the order Docs/BROKER.md lists them.
    public static let keys = ["timeoutMs", "cancelToleranceMs", "clockSkewToleranceMs", "emitToleranceMs", "reactionToleranceMs"]

    /// PROTOCOL.md's defaults.
    public init() {}

    /// How long after the last activity a scenario waits before it ends: long enough for the
    /// checker to judge every obligation that activity can start.
    public var settleMs: Int64 {
        max(cancelToleranceMs, emitToleranceMs, reactionToleranceMs) + clockSkewToleranceMs + 50
    }
}

/// One app in a scenario: the app under test or one the kit plays (Docs/BROKER.md, `actors`).
public struct ScenarioActor: Sendable, Hashable {
    /// `id`: the user id, sent as `auth.userId` (MSG-2), the `clientId` or `workerId`.
    public var id: String
    /// `role`: client or worker.
    public var role: TraceRole
    /// `name`: the client's name in its requests, the worker's `workerName` (MSG-9).
    public var name: String
    /// `avatar`: the worker's `workerAvatar`.
    public var avatar: String
    /// `rating`: the worker's `workerRating`, nil for a new worker (ALERT-7).
    public var rating: Double?
    /// `profile`: a worker's eligibility profile and position, with `userID` filled in (ELIG-10).
    public var profile: JSONValue?
    /// `blockedWorkers`: a client's banned workers, the backend's `BlockedXP` (MSG-5).
    public var blockedWorkers: [String]
    /// `delaySeconds`: the `Delay` the backend writes into a client's requests (MSG-6).
    public var delaySeconds: Int64

    /// An actor of `role` running as user `id`.
    public init(id: String, role: TraceRole, name: String, avatar: String = "", rating: Double? = nil, profile: JSONValue? = nil, blockedWorkers: [String] = [], delaySeconds: Int64 = 0) {
        self.id = id
        self.role = role
        self.name = name
        self.avatar = avatar
        self.rating = rating
        self.profile = profile
        self.blockedWorkers = blockedWorkers
        self.delaySeconds = delaySeconds
    }

    /// What the app is told at launch (the adapter's `start`, the live broker's `/jobwire/session`).
    public func config(scenario: Scenario) -> AppConfig {
        AppConfig(scenario: scenario.name, role: role, id: id, name: name, profile: profile, timeoutMs: scenario.settings.timeoutMs)
    }
}
