import SocketIOWire

/// The checker's model of a session as the trace unfolds: actors, requests and REST exchanges,
/// updated after the rules have seen each event.
///
/// Nothing a rule can still need is forgotten. `retainMs` after a request was cancelled or
/// closed its full ``RequestState`` is reduced to a ``RequestTombstone`` of a few dozen bytes
/// (``TombstoneTable``), which ``request(_:)`` reads back, so a late event is judged as if the
/// full state were kept; an event that changes a tombstoned request brings its state back until
/// it retires again. A REST exchange is kept until every recorded party answered or gave up.
/// Memory grows with the requests a trace shows (about 50 bytes each
/// once ended) and the calls never answered, not with its length.
struct TraceSession: Sendable {
    let header: TraceHeader
    /// The backend recorded its own events; otherwise backend facts come from the apps (``BackendFact``).
    let backendRecorded: Bool
    /// The latest timestamp of any actor: the trace's clock.
    var now: Int64 = .min
    /// Each actor's state, from its first event on; read in place (``ActorStore``).
    var actors = ActorStore()
    /// The requests whose full state is kept: open ones, and ended ones until `retainMs` after their last event.
    var requests = RequestStore()
    /// What is kept of each request retired since.
    var tombstones = TombstoneTable()
    /// Per app, the retired requests it still held when they retired (it had not learnt they
    /// ended), so a return long after still retakes them (STATE-1, STATE-2); rare by nature.
    var heldRetired: [TraceActor: Set<String>] = [:]
    /// Per worker app, the request and payload of the last `new` it received (`io.in`): the offer
    /// the kit decides when the app's next `offer.received` is that request's, whatever copy of it
    /// the app writes (ELIG-1 ... ELIG-6, TIME-8). One per app, so it stays bounded by the apps.
    var lastNewReceived: [TraceActor: (req: String, payload: JSONValue)] = [:]
    var exchanges: [String: ExchangeState] = [:]
    /// The latest known profile of each worker (header, worker app, backend record).
    var profiles: [String: JSONValue]
    /// Profiles and the latest job as the kit's eligibility decision parsed them.
    var eligibilityInputs = EligibilityInputs()
    /// Each app's offline workflow: connectivity, request queue, ids, renders, logins (OFFL, AUTH).
    var workflow: [TraceActor: WorkflowState] = [:]
    /// The backend's records as the trace shows them: workers' and clients' fixtures and reported
    /// positions (FIX-1, FIX-2, REST-17, REST-18, MSG-14).
    var workerRecords: [String: WorkerRecordFact] = [:]
    /// What each worker's record held before its last fixtures and position reports, for the
    /// meProfile reads in flight with them (REST-17).
    var replacedWorkerRecords: [String: ReplacedVersions<WorkerRecordFact>] = [:]
    /// The backend's own meProfile answers since each worker's last fixture, with the positions
    /// reported after them: the record it said it holds, which `apply` and getJobs use (MSG-9, ELIG-8).
    var statedRecords: [String: WorkerRecordFact] = [:]
    var clientRecords: [String: ClientRecordFact] = [:]
    /// The apps record their own connections (`io.connected`): then an app without one has no
    /// socket an event could reach; in a trace that records none, every app counts as connected.
    var recordsConnections = false
    /// The task API's accounts, tokens and tasks as the trace shows them (TASK area).
    var tasks: TaskLedger
    private var retirements = FIFOQueue<(Int64, String)>()
    private var delayedRetirements = FIFOQueue<(Int64, String)>()
    /// Ended requests touched by an event since their end (or brought back from their tombstones),
    /// with when: each retires `retainMs` after its last event, not before, so an obligation an
    /// event after the end schedules is judged on the full state.
    private var touchedAfterEnd: [String: Int64] = [:]

    init(header: TraceHeader) {
        self.header = header
        backendRecorded = header.roles.contains(.backend)
        profiles = header.profiles
        tasks = TaskLedger(header: header)
    }

    /// The rooms an app is in (MSG-2): a worker in the channel and its own room, a client in its own.
    func rooms(of actor: TraceActor, for request: RequestState?) -> Set<String> {
        var rooms: Set<String> = []
        if let id = actor.id { rooms.insert(id) }
        switch actor.role {
        case .worker: rooms.insert(header.profile.channelRoom)
        case .client: if let request, request.clientActor == actor, let clientId = request.clientId { rooms.insert(clientId) }
        case .backend: break
        }
        return rooms
    }

    /// Whether `room` is one of ``rooms(of:for:)`` (`channelRoom` is the header's), for a request
    /// whose posting client is `clientActor` with id `clientId`, without building the set: TIME-10
    /// asks it of every receipt. Static, so that a closure reading a request in place can call it
    /// without capturing the session (which would copy it whole for the call).
    static func isRoom(_ room: String, of actor: TraceActor, channelRoom: String, clientActor: TraceActor?, clientId: String?) -> Bool {
        if let id = actor.id, id == room { return true }
        switch actor.role {
        case .worker: return room == channelRoom
        case .client: return clientActor == actor && clientId == room
        case .backend: return false
        }
    }

    /// The side of `actor` for request `req`, if the checker has one. Read in place: copying the
    /// whole request out to read one side was a measurable share of every event's cost.
    func side(_ actor: TraceActor, _ req: String) -> AppSide? {
        if let sides = requests.read(req, \.sides) { return sides[actor] }
        return tombstones[req]?.restoredSide(actor)
    }

    /// Whether `actor` discarded `req`: in the set of a request kept in full, or in the offer of
    /// its side, which a retired request's tombstone keeps (DISC-4 after `retainMs`).
    func wasDiscarded(_ req: String, by actor: TraceActor) -> Bool {
        actors[actor]?.discarded.contains(req) == true || side(actor, req)?.offer?.discardedAt != nil
    }

    /// Whether `req` is reduced to its tombstone now: what a rule kept of its own about it is gone
    /// (``TraceRule/forget(_:)``), and only the tombstone's facts answer for it.
    func isRetired(_ req: String) -> Bool { !requests.contains(req) && tombstones.contains(req) }

    /// The request as the rules read it: its full state, or what its tombstone keeps once it retired.
    func request(_ req: String) -> RequestState? { requests[req] ?? tombstones[req]?.restored(req) }

    /// What `body` reads from the request as ``request(_:)`` gives it (nil when there is none, as
    /// `request(req)?.member` would be), without copying a kept state out: for rules that read a
    /// member or two of it on every event.
    func readRequest<Value>(_ req: String, _ body: (borrowing RequestState) -> Value?) -> Value? {
        if requests.contains(req) { return requests.read(req, body) }
        return tombstones[req].flatMap { body($0.restored(req)) }
    }

    /// Whether `req` was cancelled or closed, as `request(req)?.ended == true` says, without
    /// rebuilding a retired request's state from its tombstone: only ended requests retire.
    /// Obligations fall due long after most requests retired (TIME-2's is `timeoutMs` after the
    /// post), and restoring the whole state to read this one fact was most of their cost.
    func isEnded(_ req: String) -> Bool {
        if let endedAt = requests.read(req, \.endedAt) { return endedAt != nil }
        return tombstones.contains(req)
    }

    /// Advances the clock to `ts` and returns the requests to forget now.
    mutating func advance(to ts: Int64) -> [String] {
        if ts > now { now = ts }
        var retired: [String] = []
        while true {
            // Two queues in time order: retirements from the end, and those put off by a later event.
            let fromEnd = retirements.first.map { $0.0 < now } ?? false
            let fromDelay = delayedRetirements.first.map { $0.0 < now } ?? false
            guard fromEnd || fromDelay else { break }
            let useEnd = fromEnd && (!fromDelay || retirements.first!.0 <= delayedRetirements.first!.0)
            let (expiry, req) = useEnd ? retirements.removeFirst() : delayedRetirements.removeFirst()
            if let touched = touchedAfterEnd.removeValue(forKey: req), touched + header.retainMs > expiry {
                touchedAfterEnd[req] = touched
                delayedRetirements.append((touched + header.retainMs, req))
                continue
            }
            guard let request = requests.removeValue(forKey: req) else { continue }
            if let tombstone = RequestTombstone(request) { tombstones.insert(tombstone, for: req) }
            retired.append(req)
            for (key, side) in request.sides where side.held(as: key.role) != nil { heldRetired[key, default: []].insert(req) }
            // Only apps with a side of the request can hold it in their lists.
            for key in request.sides.keys where actors[key] != nil {
                actors[key]!.discarded.remove(req)
                actors[key]!.pendingFailures.remove(req)
                actors[key]!.movedByEnd.remove(req)
            }
        }
        return retired
    }

    /// Marks the request ended (the first cancel or close), so it is reduced to its tombstone `retainMs` later.
    mutating func end(_ req: String, by event: ProtocolEvent, at ts: Int64, line: Int) {
        guard requests[req] != nil, requests[req]!.endedAt == nil else { return }
        requests[req]!.endedAt = ts
        requests[req]!.endedLine = line
        requests[req]!.endedBy = event
        requests[req]!.winnerAtEnd = requests[req]!.winner
        retirements.append((ts + header.retainMs, req))
    }

    /// The request's state, created on first mention, or brought back from its tombstone (to
    /// retire again `retainMs` after the last event that touches it).
    mutating func touch(_ req: String) {
        if let endedAt = requests.read(req, \.endedAt) {
            if endedAt != nil { touchedAfterEnd[req] = now }
            return
        }
        if let tombstone = tombstones[req] {
            requests[req] = tombstone.restored(req)
            touchedAfterEnd[req] = now
            retirements.append((now + header.retainMs, req))
        } else {
            requests[req] = RequestState(reqID: req)
        }
    }

    /// Stores the exchange until every recorded party has answered or given up: the rules have
    /// judged its last event by then.
    mutating func store(exchange: ExchangeState, xid: String) {
        exchanges[xid] = exchange.isFinished(backendRecorded: backendRecorded) ? nil : exchange
    }
}
