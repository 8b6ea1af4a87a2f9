import JobWire
import SocketIOWire

/// What the backend knows of a worker: the eligibility profile and the fields of `apply` (MSG-9).
public struct WorkerRecord: Sendable, Hashable {
    /// The worker's id, its room name and its `workerId` (MSG-2).
    public var id: CanonicalID
    public var name: String
    public var avatar: String
    /// Mean rating from 0 to 5, or nil for a new worker ("New Worker", ALERT-7).
    public var rating: Double?
    /// The eligibility profile and last known position (REST-9, ELIG-8).
    public var profile: WorkerProfile

    public init(id: CanonicalID, name: String, avatar: String, rating: Double?, profile: WorkerProfile) {
        self.id = id
        self.name = name
        self.avatar = avatar
        self.rating = rating
        self.profile = profile
    }
}

/// What the backend knows of a client: the workers it banned, which fill `BlockedXP` (MSG-5).
public struct ClientRecord: Sendable, Hashable {
    public var id: CanonicalID
    public var blockedWorkers: [CanonicalID]
    /// Seconds of penalisation written as `Delay` into the client's requests (MSG-6).
    public var offerDelaySeconds: Int64

    public init(id: CanonicalID, blockedWorkers: [CanonicalID] = [], offerDelaySeconds: Int64 = 0) {
        self.id = id
        self.blockedWorkers = blockedWorkers
        self.offerDelaySeconds = offerDelaySeconds
    }
}

/// Where a request's `new` went (MSG-3).
public enum RequestTarget: Sendable, Hashable {
    case channel
    case worker(CanonicalID)
}

/// The life of a request on the backend: open, won by one worker, then cancelled or closed.
public enum RequestState: Sendable, Hashable {
    case open
    case won(by: CanonicalID)
    case cancelled(winner: CanonicalID?)
    case closed(winner: CanonicalID)

    /// The winner, if a WorkerAccept succeeded (FLOW-3).
    public var winner: CanonicalID? {
        switch self {
        case .open: return nil
        case .won(let worker), .closed(let worker): return worker
        case .cancelled(let worker): return worker
        }
    }
}

/// One posted request: its `new` payload, who posted it, where it went and where it stands.
public struct RequestRecord: Sendable, Hashable {
    public var reqID: String
    public var client: CanonicalID
    public var target: RequestTarget
    /// The payload of its `new` (MSG-4 ... MSG-8), also listed by getJobs (REST-4).
    public var newPayload: JSONValue
    /// The offer as the eligibility rules read it.
    public var offer: JobOffer
    public var createdAtMs: Int64
    public var state: RequestState
    /// The payload of its `apply`, and of its `cancel` or `close`, as emitted: what a state read
    /// repeats (REST-15).
    public var applyPayload: JSONValue?
    public var endPayload: JSONValue?
}
