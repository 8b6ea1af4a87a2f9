import SocketIOWire

/// The checker's model of a session as the trace unfolds: actors, requests and REST exchanges,
/// updated after the rules have seen each event, and forgotten once no rule can need them.
///
/// Memory stays bounded on traces of any length: a request is forgotten `retainMs` after it was
/// cancelled or closed, a REST exchange `retainMs` after it began.
struct TraceSession: Sendable {
    let header: TraceHeader
    /// The backend recorded its own events; otherwise backend facts come from the apps (``BackendFact``).
    let backendRecorded: Bool
    /// The latest timestamp of any actor: the trace's clock.
    var now: Int64 = .min
    var actors: [TraceActor: ActorState] = [:]
    var requests: [String: RequestState] = [:]
    var exchanges: [String: ExchangeState] = [:]
    /// The latest known profile of each worker (header, worker app, backend record).
    var profiles: [String: JSONValue]
    /// Each app's offline workflow: connectivity, request queue, ids, renders, logins (OFFL, AUTH).
    var workflow: [TraceActor: WorkflowState] = [:]
    /// The backend's records as the trace shows them: workers' and clients' fixtures and reported
    /// positions (FIX-1, FIX-2, REST-17, REST-18, MSG-14).
    var workerRecords: [String: WorkerRecordFact] = [:]
    var clientRecords: [String: ClientRecordFact] = [:]
    /// The apps record their own connections (`io.connected`): then an app without one has no
    /// socket an event could reach; in a trace that records none, every app counts as connected.
    var recordsConnections = false
    /// The task API's accounts, tokens and tasks as the trace shows them (TASK area).
    var tasks: TaskLedger
    private var exchangeExpiry = FIFOQueue<(Int64, String)>()
    private var retirements = FIFOQueue<(Int64, String)>()

    init(header: TraceHeader) {
        self.header = header
        backendRecorded = header.roles.contains(.backend)
        profiles = header.profiles
        tasks = TaskLedger(header: header)
    }

    /// The skew to allow between two facts when they may come from different actors' clocks.
    var factSkew: Int64 { backendRecorded ? 0 : header.clockSkewToleranceMs }

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

    /// The side of `actor` for request `req`, if the checker has one.
    func side(_ actor: TraceActor, _ req: String) -> AppSide? { requests[req]?.sides[actor] }

    /// The actor's state, created on its first event.
    func actor(_ actor: TraceActor) -> ActorState? { actors[actor] }

    /// Advances the clock to `ts` and returns the requests to forget now.
    mutating func advance(to ts: Int64) -> [String] {
        if ts > now { now = ts }
        while let (expiry, xid) = exchangeExpiry.first, expiry < now {
            _ = exchangeExpiry.removeFirst()
            if let exchange = exchanges[xid], exchange.firstSeen + header.retainMs <= expiry { exchanges[xid] = nil }
        }
        var retired: [String] = []
        while let (expiry, req) = retirements.first, expiry < now {
            _ = retirements.removeFirst()
            guard let request = requests.removeValue(forKey: req) else { continue }
            retired.append(req)
            // Only apps with a side of the request can hold it in their lists.
            for key in request.sides.keys where actors[key] != nil {
                actors[key]!.discarded.remove(req)
                actors[key]!.pendingFailures.remove(req)
                actors[key]!.movedByEnd.remove(req)
            }
        }
        return retired
    }

    /// Marks the request ended (the first cancel or close), so it is forgotten `retainMs` later.
    mutating func end(_ req: String, by event: ProtocolEvent, at ts: Int64, line: Int) {
        guard requests[req] != nil, requests[req]!.endedAt == nil else { return }
        requests[req]!.endedAt = ts
        requests[req]!.endedLine = line
        requests[req]!.endedBy = event
        requests[req]!.winnerAtEnd = requests[req]!.winner
        retirements.append((ts + header.retainMs, req))
    }

    /// The request's state, created on first mention.
    mutating func touch(_ req: String) {
        if requests[req] == nil { requests[req] = RequestState(reqID: req) }
    }

    /// Records a REST exchange seen for the first time.
    mutating func remember(exchange: ExchangeState, xid: String) {
        exchanges[xid] = exchange
        exchangeExpiry.append((exchange.firstSeen + header.retainMs, xid))
    }
}
