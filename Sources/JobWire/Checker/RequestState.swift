import SocketIOWire

/// Everything the checker knows about one request (`ReqID`) until, `retainMs` after the request
/// was cancelled or closed, it is reduced to its ``RequestTombstone``: what the backend did with
/// it (FLOW) and, per app, what that app saw and did (``AppSide``).
struct RequestState: Sendable {
    let reqID: String
    /// The posting client's id (the post request's `clientId`) and the client app that posted it.
    var clientId: String?
    var clientActor: TraceActor?
    /// The body of the successful post request and when its answer came (REST-2, MSG-3, MSG-8).
    var postBody: JSONValue?
    var postedAt: Int64?
    var postLine: Int?
    /// The first `new` payload seen, sent or received: the job as the backend describes it (REST-9).
    var newPayload: JSONValue?
    /// For a retired request's state, given back from its tombstone: the print of the payloads
    /// dropped with its full state, which REST-15 compares a late state read with.
    var retiredPayloads: RetiredPayloads?
    /// Who got a `new`, to tell a repeated one (MSG-3).
    var newReceivers: Set<DeliveryTarget> = []
    /// The bodies of the cancel and close calls sent for the request and not refused, by xid, whose
    /// `reason`, `outcome` and `by` the events must repeat (MSG-10, MSG-11); the last 8 are kept.
    var endCalls: [(xid: String, body: JSONValue)] = []
    var endCallBodies: [JSONValue] { endCalls.map(\.body) }
    /// How many cancel and close calls for the request the trace shows that were not refused
    /// (answered with success, or not yet): none means whatever ended it was the backend's own
    /// doing (FLOW-15).
    var endCallsSeen = 0
    /// The workers the trace shows sending a WorkerAccept for it (REST-16).
    var acceptedBy: Set<String> = []
    /// When the first WorkerAccept, cancel or close for it was sent or received, whatever its
    /// answer: from then on getJobs may leave it out (ELIG-8), since the backend may be settling it.
    var firstSettlingCallAt: Int64?

    // What the backend did, from its own events or else from what the apps received.
    /// Where the `new` went: rooms (backend events) or receiving apps (app events).
    var newTargets: [DeliveryTarget] = []
    var newAt: Int64?
    var newLine: Int?
    var acceptRequests = 0
    var acceptSuccesses = 0
    /// From app events: the workers whose WorkerAccept for it is sent and not yet answered, and,
    /// with when it was sent, those whose app gave up on it (a transport `error` other than
    /// `refused`). The backend may have taken a call whose answer never came, so its worker may be
    /// the winner no success in the trace shows (FLOW-4, FLOW-6, REST-8, REST-12).
    var acceptsAwaiting: Set<String> = []
    var acceptsGivenUp: [String: Int64] = [:]
    var firstSuccessLine: Int?
    var winner: String?
    var wonAt: Int64?
    var applyEmissions = 0
    var firstApplyLine: Int?
    /// When the first `apply` went out: a state read received after it must give it (REST-15).
    var firstApplyAt: Int64?
    /// Where each `apply` went; from app events one broadcast reaches several apps (FLOW-4).
    var applyTargets: [DeliveryTarget] = []
    /// The first `apply` payload, and the first `cancel` or `close` payload, sent or received:
    /// what a state read must repeat (REST-15).
    var applyPayload: JSONValue?
    var endPayload: JSONValue?
    var cancelTargets: [DeliveryTarget] = []
    var closeTargets: [DeliveryTarget] = []
    /// When and how the request ended: the backend's success answer to a cancel or close, or its first such event.
    var endedAt: Int64?
    var endedLine: Int?
    var endedBy: ProtocolEvent?
    /// The winner when the request ended (FLOW-8).
    var winnerAtEnd: String?

    /// Backend sends not yet matched with their receipts, and receipts seen before their send (TIME-10).
    var sends: [PairedMessage] = []
    var earlyReceipts: [PairedMessage] = []

    /// Per app: what it saw of this request and did with it.
    var sides: [TraceActor: AppSide] = [:]

    init(reqID: String) { self.reqID = reqID }

    var ended: Bool { endedAt != nil }

    /// True when the trace showed the request exist: its post succeeded or a `new` carried it.
    var exists: Bool { postedAt != nil || newPayload != nil || clientId != nil }

    /// A worker whose WorkerAccept, sent before `ts`, its app gave up on (``acceptsGivenUp``), other
    /// than `besides`: the winner, for all the trace shows; nil when there is none.
    func maybeWinner(before ts: Int64, besides: String?) -> String? {
        acceptsGivenUp.filter { $0.key != besides && $0.value < ts }.keys.min()
    }

    /// The worker a direct request was addressed to, from the post or its `new` (MSG-8).
    var addressee: String? {
        if let body = postBody { return body["workerId"].flatMap(\.idText) }
        return newPayload?["workerId"].flatMap(\.idText)
    }
}

/// Where the backend sent an event: a room, when the backend recorded it, or an app that received it.
enum DeliveryTarget: Sendable, Hashable, CustomStringConvertible {
    case room(String)
    case actor(TraceActor)

    var description: String {
        switch self {
        case .room(let room): return "room \(room)"
        case .actor(let actor): return actor.description
        }
    }
}

/// One Socket.IO message for pairing a receipt with its send (TIME-10).
struct PairedMessage: Sendable {
    var event: ProtocolEvent
    /// The room sent to, or the receiving actor.
    var room: String?
    var receiver: TraceActor?
    var ts: Int64
    var line: Int
}

/// One app's view of one request: the client's timer and cancel (TIME), a worker's offer
/// (ELIG, DISC, VIEW-4), WorkerAccept outcomes and alerts (ALERT), and received endings (ALERT-11).
struct AppSide: Sendable {
    // Client.
    /// When the post request's success answer arrived: the timer's true start (TIME-1).
    var postAnsweredAt: Int64?
    var postAnsweredLine: Int?
    /// The first `timer.started` of the timeout: its `startedAt` and line (TIME-1, TIME-7).
    var timerStartedAt: Int64?
    var timerLine: Int?
    var applyReceivedAt: Int64?
    var applyLine: Int?
    var applyPayload: JSONValue?
    var cancelSentAt: Int64?
    var cancelLine: Int?
    /// The timeout has been judged (TIME-2 / TIME-6), so a later cancel is not judged twice.
    var timeoutJudged = false
    /// The app was away at the deadline; it must cancel within the tolerance of this time (TIME-6).
    var restoreDeadline: Int64?
    /// A timeout cancel whose alert has not shown yet (ALERT-10).
    var timeoutAlertPendingLine: Int?
    /// The app itself sent a cancel or close for the request (ALERT-11).
    var endedByItself = false
    /// A success alert about the request has shown: the client's apply alert, the worker's success alert (ALERT-4, ALERT-5).
    var successAlertShown = false

    // Worker.
    var offer: OfferState?
    var acceptOutcome: AcceptOutcome = .none
    var acceptAnsweredLine: Int?
    var acceptAnsweredAt: Int64?
    /// The failure alert for the last failed WorkerAccept has shown (ALERT-1, ALERT-3).
    var failureAlertShown = false
    /// A view change after the failure, before its alert (ALERT-1).
    var viewChangeAfterFailureLine: Int?

    // Both.
    /// When the request's `cancel` or `close` arrived.
    var endReceivedAt: Int64?
    var endReceivedLine: Int?
    /// An alert about the request shown after its `cancel` or `close` arrived (ALERT-11).
    var alertAfterEnd = false
    /// The `status` of the app's latest successful state read (REST-15), its answer's time and
    /// line, and whether it named this worker the winner (STATE-7, STATE-10, TIME-6).
    var readStatus: String?
    var readAt: Int64?
    var readLine: Int?
    var readWon = false
    /// When the app last sent a state read of the request, and last showed its Work in Progress
    /// view (STATE-6, STATE-7, STATE-10).
    var readSentAt: Int64?
    var workInProgressShownAt: Int64?
}

/// The outcome of a worker's latest WorkerAccept for a request (ALERT-1 ... ALERT-5, FLOW-14).
enum AcceptOutcome: Sendable, Hashable {
    case none, pending, success, failure
}

/// A worker's offer: how and when it arrived, the kit's own decision for it, and what the app did.
struct OfferState: Sendable {
    var receivedAt: Int64
    var receivedLine: Int
    var payload: JSONValue
    /// First received in a `new` (channel or direct) rather than a getJobs job.
    var viaNew: Bool
    /// Also received as a getJobs job (ELIG-8: the backend decided).
    var viaGetJobs: Bool
    /// A `new` carrying `workerId`: sent directly, shown without filtering (ELIG-7).
    var direct: Bool
    /// The worker's profile at receipt (ELIG-10), if the trace gave one.
    var profileAtReceipt: JSONValue?
    /// The kit's decision at receipt, or the field it refuses (ELIG-9); nil without a profile.
    var decision: Result<EligibilityDecision, EligibilityInputError>?
    /// The app's own `offer.decided`, and whether it used another profile than the one at receipt (ELIG-10).
    var appDecision: OfferDecisionReport?
    var appUsedOtherProfile = false
    var shownAt: Int64?
    var shownLine: Int?
    var discardedAt: Int64?
    var discardedLine: Int?

    /// ELIG-6: receipt plus `Delay`; receipt itself for direct offers and getJobs jobs.
    var showAt: Int64 {
        guard viaNew, !direct else { return receivedAt }
        if case .success(let decision)? = decision { return decision.showAt }
        let delay = payload["Delay"]?.integerValue ?? 0
        return receivedAt + max(0, min(delay, JobOffer.maximumDelaySeconds)) * 1000
    }

    /// The kit's decision when it could make one.
    var kitDecision: EligibilityDecision? {
        if case .success(let decision)? = decision { return decision }
        return nil
    }
}
