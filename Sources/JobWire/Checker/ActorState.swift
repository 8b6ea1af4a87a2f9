import SocketIOWire

/// What the checker knows about one actor at the current point of a trace: its lifecycle,
/// the view it shows, and the per-actor lists rules need (TIME-6, ALERT-1, DISC-3, VIEW-4).
struct ActorState: Sendable {
    /// The actor's latest timestamp, to notice a clock that goes back (TIME-10).
    var lastTs: Int64
    /// The most the actor's timestamps have gone back so far (TIME-10 allows up to
    /// clockSkewToleranceMs): an obligation on its clock waits that much past its time, since a
    /// line that meets it may still come (``Obligation/clock``).
    var mostWentBack: Int64 = 0
    /// Launched and not terminated. An actor whose first event is not `app.launched` counts as running.
    var running = true
    /// In the foreground (running and not backgrounded).
    var foreground = true
    /// The trace shows the app's launch, so it is known to be connected while running (MSG-3).
    var launchedSeen = false
    /// The app's own `io.connected` is recorded and no `io.disconnected` since (FLOW-8, FLOW-9).
    var socketConnected = false
    /// When its latest `io.connected` and `io.disconnected` were recorded: an app that let its socket go or lost
    /// it may have missed what the backend sent meanwhile (FLOW-4, FLOW-8, FLOW-9; ``TraceSession/reachable(_:since:)``).
    var connectedAt: Int64?
    var disconnectedAt: Int64?
    /// The line of the app's latest launch after a termination: what it discarded on an earlier
    /// line, it discarded before a relaunch (DISC-3 rather than DISC-2). A line, not a count of
    /// launches, so that a discard read back from a retired request's tombstone, which keeps its
    /// line, is told apart the same way.
    var lastLaunchLine: Int?
    /// The last launch, restore or return to the foreground (TIME-6).
    var lastRestoreAt: Int64?
    /// The last time the app went to the background or was terminated.
    var lastAwayAt: Int64?
    /// The view on screen and its request.
    var view: String?
    var viewReq: String?
    /// Since when the app has been able to show offers: foreground and not in Work in Progress (VIEW-4).
    var availableSince: Int64
    /// Requests whose failed WorkerAccept still waits for its failure alert (ALERT-1, ALERT-3).
    var pendingFailures: Set<String> = []
    /// Requests this worker discarded and the checker still remembers in full (DISC-3); a retired
    /// one leaves the set, and its tombstone keeps the discard (``TraceSession/wasDiscarded(_:by:)``).
    var discarded: Set<String> = []
    /// Whether this worker ever discarded an offer: only then can a call or an emit of it be about
    /// a request it discarded (DISC-4).
    var hasDiscarded = false
    /// Requests whose `cancel` or `close` arrived while their view was on screen (ALERT-11).
    var movedByEnd: Set<String> = []

    init(firstTs: Int64) {
        lastTs = firstTs
        availableSince = firstTs
    }

    /// Foreground, running, and not in Work in Progress: the worker can see offers now (VIEW-4).
    var available: Bool { running && foreground && view != TraceViews.workInProgress }
}

/// The view and alert names of Docs/TRACE.md that rules compare against.
enum TraceViews {
    static let home = "home"
    static let waiting = "waiting"
    static let workInProgress = "workInProgress"
    /// Seed 002's screens (AUTH, OFFL-1): the main list, the login and PIN screens, and HOME.
    static let contacts = "contacts"
    static let login = "login"
    static let pin = "pin"
    static let pinHome = "home"
    /// The alert of OFFL-5.
    static let notification = "notification"
    /// The worker's alert for a failed WorkerAccept (ALERT-3, ALERT-9).
    static let acceptFailure = "acceptFailure"
}

/// A REST exchange (`xid`) as the app that sent it and the backend that answered it recorded it,
/// classified against the header's paths (REST-2 ... REST-6, REST-15 ... REST-18, FIX-1, FIX-2).
struct ExchangeState: Sendable {
    var call: RESTCallKind?
    /// The `{ReqID}` of the path, or the body's `ReqID`.
    var req: String?
    /// The worker the call is about: the `{workerId}` of the path, the body's `workerId`, or the sending worker.
    var worker: String?
    /// The user the call is about: the `{userId}` of a history read (REST-16) or the `{clientId}` of a client fixture (FIX-2).
    var user: String?
    var requestBody: JSONValue?
    /// The first malformed member of the call's request (REST-13), as ``PayloadShape/malformedField(_:body:worker:user:)`` finds it.
    var malformed: ShapeProblem?
    /// The key STATE-3 remembers the call by once it is answered, for the calls it names.
    var repeatKey: STATE3NoRepeatedCall.CallKey?
    /// The task API's call it is, with the path's placeholders and its bearer token (TASK area).
    var task: TaskCallKind?
    var taskCaptures: [String: String] = [:]
    var bearer: String?
    /// The app that sent it, its send time and line.
    var app: TraceActor?
    var appSentAt: Int64?
    var appSentLine: Int?
    /// The backend's receipt and answer.
    var backendReceivedAt: Int64?
    var backendReceivedLine: Int?
    var backendAnsweredAt: Int64?
    /// The app's receipt of the answer; never set by a transport error, which is the app's own
    /// give-up (`appGaveUpAt`), not a receipt.
    var appReceivedAt: Int64?
    var appGaveUpAt: Int64?

    /// True once the app that sent it (if recorded) received an answer or gave up, and the backend
    /// (if it records) answered or never received it before the app gave up.
    func isFinished(backendRecorded: Bool) -> Bool {
        let appDone = app == nil || appReceivedAt != nil || appGaveUpAt != nil
        let backendDone = !backendRecorded || backendAnsweredAt != nil || (appGaveUpAt != nil && backendReceivedAt == nil)
        return appDone && backendDone
    }
}

