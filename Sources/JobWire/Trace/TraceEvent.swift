import SocketIOWire

/// One line of a trace after the header: when (ms since the epoch, on the writer's clock),
/// who wrote it, what happened, and the line it came from, so every violation can name it.
///
/// All but the line live in one shared, immutable storage: an event crosses from the thread
/// that decodes it to the one that judges it and is handed down through the checker, and a copy
/// is then one reference instead of the whole body, field by field (issue 15, item 7). Changing
/// `ts`, `actor` or `body` makes a new storage, so a copy never sees another's change.
public struct TraceEvent: Sendable {
    /// The 1-based line in the trace file.
    public var line: Int
    private var storage: Storage

    /// `ts`: milliseconds since the Unix epoch on the actor's own clock (TIME-10).
    public var ts: Int64 {
        get { storage.ts }
        set { storage = Storage(ts: newValue, actor: storage.actor, body: storage.body) }
    }
    /// `actor` and `id`: who wrote the event.
    public var actor: TraceActor {
        _read { yield storage.actor }
        set { storage = Storage(ts: storage.ts, actor: newValue, body: storage.body) }
    }
    /// `kind` and its fields.
    public var body: TraceEventBody {
        _read { yield storage.body }
        set { storage = Storage(ts: storage.ts, actor: storage.actor, body: newValue) }
    }
    /// What the checker derives from the event and its trace's header alone, when the reader that
    /// decoded it worked that out (``TraceEventFacts``); nil for an event made in memory, and
    /// dropped when its time, actor or body changes, so facts never outlive what they describe.
    var facts: TraceEventFacts? {
        get { storage.facts }
        set {
            if !isKnownUniquelyReferenced(&storage) {
                storage = Storage(ts: storage.ts, actor: storage.actor, body: storage.body)
            }
            storage.facts = newValue
        }
    }

    /// An event of `actor` at `ts`.
    public init(line: Int, ts: Int64, actor: TraceActor, body: TraceEventBody) {
        self.line = line
        storage = Storage(ts: ts, actor: actor, body: body)
    }

    /// An event about to be written: its line is 0 until a writer gives it its place.
    public init(ts: Int64, actor: TraceActor, body: TraceEventBody) {
        self.init(line: 0, ts: ts, actor: actor, body: body)
    }

    /// The event's kind.
    public var kind: TraceEventKind { body.kind }

    /// An event's time, actor and body, shared by its copies; facts are set only while one
    /// event holds it (``TraceEvent/facts``), so no thread sees them change.
    private final class Storage: @unchecked Sendable {
        let ts: Int64
        let actor: TraceActor
        let body: TraceEventBody
        var facts: TraceEventFacts?

        init(ts: Int64, actor: TraceActor, body: TraceEventBody) {
            self.ts = ts
            self.actor = actor
            self.body = body
        }
    }
}

/// The `kind` of a trace event, by its wire name (Docs/TRACE.md lists the fields of each).
public enum TraceEventKind: String, Sendable, Hashable, CaseIterable {
    /// A Socket.IO event sent.
    case socketOut = "io.out"
    /// A Socket.IO event received.
    case socketIn = "io.in"
    /// A Socket.IO connection to the namespace was accepted (MSG-2, MSG-16, STATE-8).
    case socketConnected = "io.connected"
    /// A Socket.IO connection ended (STATE-8, STATE-9).
    case socketDisconnected = "io.disconnected"
    /// An app began an attempt to connect, accepted or not (STATE-9).
    case socketConnecting = "io.connecting"
    /// A REST request sent by an app or received by the backend.
    case httpRequest = "http.request"
    /// A REST response, or an app's transport error.
    case httpResponse = "http.response"
    /// A view on screen.
    case viewShown = "view.shown"
    /// An alert shown.
    case alertShown = "alert.shown"
    /// An alert closed by the user.
    case alertDismissed = "alert.dismissed"
    /// An offer a worker app took in.
    case offerReceived = "offer.received"
    /// A worker app's own eligibility decision.
    case offerDecided = "offer.decided"
    /// An offer shown to the worker.
    case offerShown = "offer.shown"
    /// An offer the worker discarded.
    case offerDiscarded = "offer.discarded"
    /// An offer left the worker's screen (VIEW-15).
    case offerRemoved = "offer.removed"
    /// A timer started or resumed.
    case timerStarted = "timer.started"
    /// A timer fired.
    case timerFired = "timer.fired"
    /// The app was launched.
    case appLaunched = "app.launched"
    /// The app went to the background.
    case appBackgrounded = "app.backgrounded"
    /// The app came back to the foreground.
    case appForegrounded = "app.foregrounded"
    /// The app was terminated.
    case appTerminated = "app.terminated"
    /// The app restored its saved state.
    case appRestored = "app.restored"
    /// Connectivity came back.
    case netOnline = "net.online"
    /// Connectivity was lost.
    case netOffline = "net.offline"
    /// The request queue changed.
    case queueChanged = "queue.changed"
    /// A worker's profile or position changed.
    case profileUpdated = "profile.updated"
    /// The recorder stopped.
    case traceEnd = "trace.end"
    /// The user pressed something the rules read: an alert's OK, Work Information, a Close Request choice (VIEW-11, VIEW-12).
    case userInput = "user.input"
}

/// What a trace event records; one case per family of kinds.
public enum TraceEventBody: Sendable {
    /// `io.out`: a Socket.IO event the actor sent.
    case socketOut(SocketMessage)
    /// `io.in`: a Socket.IO event the actor received.
    case socketIn(SocketMessage)
    /// `io.connected`: a connection was accepted; an app writes it for its own, the backend for each app's.
    case connected(ConnectionRecord)
    /// `io.disconnected`: a connection ended, and why.
    case disconnected(ConnectionRecord)
    /// `io.connecting`: an app sent a handshake, an attempt to connect the backend may refuse (STATE-9).
    case connecting(ConnectionRecord)
    /// `http.request`: sent by an app, or received by the backend.
    case httpRequest(HTTPRequestRecord)
    /// `http.response`: received by an app (or a transport error), or sent by the backend.
    case httpResponse(HTTPResponseRecord)
    /// `view.shown`: the app changed to, or showed again, a view.
    case viewShown(ViewRecord)
    /// `alert.shown`: the app showed an alert.
    case alertShown(AlertRecord)
    /// `alert.dismissed`: the user closed an alert.
    case alertDismissed(alert: String, req: String?)
    /// `offer.received`: a worker app took in an offer from a `new` or a getJobs job.
    case offerReceived(req: String, via: OfferSource, offer: JSONValue)
    /// `offer.decided`: the worker app's own eligibility decision for a channel offer (ELIG-9, ELIG-11).
    case offerDecided(OfferDecisionReport)
    /// `offer.shown`: the offer appeared in the worker's view.
    case offerShown(req: String)
    /// `offer.discarded`: the worker discarded the offer; `stored` is the app's stored discard list after it.
    case offerDiscarded(req: String, stored: [String]?)
    /// `offer.removed`: the offer left the worker's screen, and why (VIEW-15).
    case offerRemoved(req: String, why: OfferRemoval)
    /// `timer.started`: the client's timeout or a worker's Delay wait started (or resumed) with its original start.
    case timerStarted(timer: TimerKind, req: String, startedAt: Int64)
    /// `timer.fired`: that timer fired.
    case timerFired(timer: TimerKind, req: String)
    /// `app.*`: a lifecycle change; `stored` is what a launch or restore read back from the device
    /// (a worker's discard list, the JWT cache, the request queue).
    case lifecycle(LifecycleChange, stored: StoredState)
    /// `net.online` / `net.offline`.
    case connectivity(online: Bool)
    /// `queue.changed`: the app's request queue now holds `length` calls; `op` and `entry` say how (OFFL).
    case queueChanged(QueueChange)
    /// `profile.updated`: a worker's profile and position, as the worker app (or the backend's record) has it.
    case profileUpdated(worker: String?, profile: JSONValue)
    /// `trace.end`: the recorder stopped; its time tells the checker how far the trace reaches.
    case end
    /// `user.input`: the user pressed something (VIEW-11, VIEW-12).
    case userInput(UserInputRecord)

    /// The kind of this body.
    public var kind: TraceEventKind {
        switch self {
        case .socketOut: return .socketOut
        case .socketIn: return .socketIn
        case .connected: return .socketConnected
        case .disconnected: return .socketDisconnected
        case .connecting: return .socketConnecting
        case .httpRequest: return .httpRequest
        case .httpResponse: return .httpResponse
        case .viewShown: return .viewShown
        case .alertShown: return .alertShown
        case .alertDismissed: return .alertDismissed
        case .offerReceived: return .offerReceived
        case .offerDecided: return .offerDecided
        case .offerShown: return .offerShown
        case .offerDiscarded: return .offerDiscarded
        case .offerRemoved: return .offerRemoved
        case .timerStarted: return .timerStarted
        case .timerFired: return .timerFired
        case .lifecycle(let change, _): return change.kind
        case .connectivity(let online): return online ? .netOnline : .netOffline
        case .queueChanged: return .queueChanged
        case .profileUpdated: return .profileUpdated
        case .end: return .traceEnd
        case .userInput: return .userInput
        }
    }
}

/// A Socket.IO event as sent or received (`io.out`, `io.in`).
public struct SocketMessage: Sendable {
    /// The wire event name, e.g. `new`.
    public var event: String
    /// The single argument, usually an object (MSG-1); nil when there was none.
    public var payload: JSONValue?
    /// `nsp`: the namespace, the header's `namespace` when not given.
    public var namespace: String
    /// `to`: the room or socket id the backend sent to.
    public var room: String?
    /// `from`: the sender, when the receiver knows it.
    public var from: String?

    /// A message named `event` carrying `payload`.
    public init(event: String, payload: JSONValue?, namespace: String = "/", room: String? = nil, from: String? = nil) {
        self.event = event
        self.payload = payload
        self.namespace = namespace
        self.room = room
        self.from = from
    }

    /// The payload's `ReqID` as canonical text, when it has one.
    public var reqID: String? { payload?["ReqID"].flatMap(\.idText) }
}

/// A Socket.IO connection as `io.connected` and `io.disconnected` record it (MSG-2, STATE-8).
public struct ConnectionRecord: Sendable {
    /// `nsp`: the namespace, the header's `namespace` when not given.
    public var namespace: String
    /// `auth`: the handshake's auth exactly as recorded, nil when the line has none (an app's own
    /// connection may leave it out). Read it through ``identity`` or ``HandshakeIdentity/problem(in:)``.
    public var auth: JSONValue?
    /// `reason` of an `io.disconnected`: client, server, transport, ping or slow.
    public var reason: DisconnectReason?
    /// `queued` of a backend's `io.disconnected` with reason `slow`: the bytes that waited for the app when it was dropped.
    public var queued: Int64?

    /// A connection in `namespace`.
    public init(namespace: String, auth: JSONValue? = nil, reason: DisconnectReason? = nil, queued: Int64? = nil) {
        self.namespace = namespace
        self.auth = auth
        self.reason = reason
        self.queued = queued
    }

    /// The identity `auth` claims, when it is well formed (MSG-16).
    public var identity: HandshakeIdentity? { HandshakeIdentity(auth: auth) }
}

/// Why a connection ended (`io.disconnected` `reason`, STATE-9).
public enum DisconnectReason: String, Sendable, Hashable, CaseIterable {
    /// The app closed it.
    case client
    /// The backend sent a disconnect.
    case server
    /// The connection dropped.
    case transport
    /// A heartbeat was missed.
    case ping
    /// The backend dropped the connection: the app did not take what was sent to it, past the
    /// backend's outbound limit (a slow consumer). Only the backend records it; the app sees a drop.
    case slow
}

/// Why an offer left the worker's screen (`offer.removed` `why`, VIEW-15).
public enum OfferRemoval: String, Sendable, Hashable, CaseIterable {
    /// The worker discarded it.
    case discarded
    /// The request's `cancel` arrived.
    case cancelled
    /// The request's `close` arrived.
    case closed
    /// Another worker won it.
    case taken
}

/// An HTTP request (`http.request`); `xid` pairs it with its response.
public struct HTTPRequestRecord: Sendable {
    /// The exchange id both sides of the call write.
    public var xid: String
    /// The method, e.g. `POST`.
    public var method: String
    /// The path with its query, e.g. `/api/jobs?workerId=w-1`.
    public var path: String
    /// The JSON body, if any.
    public var body: JSONValue?
    /// `call`: the offline workflow request this is (`seq`, `kind`, `id`; its data is the body), when the app says (OFFL, AUTH-4).
    public var call: OfflineRequest?
    /// `bearer`: the token of the `Authorization: Bearer` header, when the request had one (TASK-6).
    public var bearer: String?

    /// A request `xid` of `method` to `path` (with its query).
    public init(xid: String, method: String, path: String, body: JSONValue? = nil, call: OfflineRequest? = nil, bearer: String? = nil) {
        self.xid = xid
        self.method = method
        self.path = path
        self.body = body
        self.call = call
        self.bearer = bearer
    }
}

/// An HTTP response (`http.response`): a status and body, or a transport error (ALERT-3).
public struct HTTPResponseRecord: Sendable {
    /// The exchange id of the request it answers.
    public var xid: String
    /// The status code; nil when the call ended in a transport error.
    public var status: Int64?
    /// The JSON body, if any.
    public var body: JSONValue?
    /// A transport error: refused, reset, timeout (the app gave up waiting) ...
    public var error: String?
    /// The answer's `Content-Type` header as sent or received; nil when the recorder did not see it
    /// (REST-1 judges it only when present).
    public var contentType: String?

    /// The answer to `xid`: a `status` and its `body` (with its `contentType` when known), or a
    /// transport `error` instead.
    public init(xid: String, status: Int64? = nil, body: JSONValue? = nil, error: String? = nil, contentType: String? = nil) {
        self.xid = xid
        self.status = status
        self.body = body
        self.error = error
        self.contentType = contentType
    }

    /// True for a 2xx status whose body does not say `"ok": false` (REST-1).
    public var succeeded: Bool {
        guard let status, (200..<300).contains(status) else { return false }
        return body?["ok"] != .bool(false)
    }
}

/// A view the app shows (`view.shown`): its name, the request it is about, and its elements.
public struct ViewRecord: Sendable {
    /// `view`: `home`, `waiting`, `workInProgress`, `login` ... (Docs/TRACE.md).
    public var view: String
    /// `req`: the request the view is about.
    public var req: String?
    /// `elements`: element name to the value it presents (VIEW-5).
    public var elements: JSONObject?

    /// True for the views that present one request, `waiting` and `workInProgress`: a trace must
    /// name it in `req`, or the rules could not tell which request the app shows.
    public static func presentsARequest(_ view: String) -> Bool { view == TraceViews.waiting || view == TraceViews.workInProgress }
}

/// An alert the app shows (`alert.shown`).
public struct AlertRecord: Sendable {
    /// `alert`: the alert's kind, e.g. `apply`, `acceptSuccess`, `acceptFailure`, `timeout`.
    public var alert: String
    /// `result`: success, failure or info.
    public var result: AlertResult
    /// `req`: the request the alert is about.
    public var req: String?
    /// `elements`: element name to the value it presents (ALERT-6 ... ALERT-10).
    public var elements: JSONObject
    /// `for` and `entity` of a `notification` alert (OFFL-5).
    public var notification = NotificationRecord()
}

/// Whether an alert reports a success, a failure, or neither (ALERT-1, ALERT-5).
public enum AlertResult: String, Sendable, Hashable, CaseIterable {
    /// A success alert: the apply alert, the WorkerAccept success alert.
    case success
    /// A failure alert: the WorkerAccept failure alert, the timeout alert.
    case failure
    /// Neither: a cancel or close notice, Work Information.
    case info
}

/// How a worker app got an offer (ELIG-7, ELIG-8).
public enum OfferSource: String, Sendable, Hashable, CaseIterable {
    /// A `new` event, broadcast to the channel or sent directly.
    case new
    /// A job of a getJobs response.
    case getJobs
}

/// The two timers of the protocol: the client's timeout (TIME-1) and a worker's Delay wait (TIME-9).
public enum TimerKind: String, Sendable, Hashable, CaseIterable {
    /// The client's wait for an `apply` (TIME-1).
    case timeout
    /// A worker's wait of an offer's `Delay` (TIME-9).
    case delay
}

/// An app lifecycle change (STATE, TIME-6, DISC-3).
public enum LifecycleChange: String, Sendable, Hashable, CaseIterable {
    /// Launched (after a termination, a restart).
    case launched
    /// Sent to the background.
    case backgrounded
    /// Back in the foreground.
    case foregrounded
    /// Terminated.
    case terminated
    /// Saved state restored.
    case restored

    /// The event kind that records this change.
    public var kind: TraceEventKind {
        switch self {
        case .launched: return .appLaunched
        case .backgrounded: return .appBackgrounded
        case .foregrounded: return .appForegrounded
        case .terminated: return .appTerminated
        case .restored: return .appRestored
        }
    }

    /// True when the app comes back and retakes state: launched, restored, foregrounded (TIME-6).
    public var isRestore: Bool { self == .launched || self == .restored || self == .foregrounded }
}

/// A worker app's own eligibility decision for one offer, as `offer.decided` reports it (ELIG-9, ELIG-11).
public struct OfferDecisionReport: Sendable {
    /// The request.
    public var req: String
    /// `eligible`, when given.
    public var eligible: Bool?
    /// `failed`: the rule ids the app found failed.
    public var failed: [String]?
    /// `distanceKm`: the ELIG-4 distance the app computed.
    public var distanceKm: Double?
    /// `showAt`: the ELIG-6 time the app computed.
    public var showAt: Int64?
    /// `invalid.field`: the field the app refused the offer for (ELIG-9); nil for a decision.
    public var invalidField: String?
    /// `profile`: the profile and position the app decided with (ELIG-10).
    public var profile: JSONValue?
}
