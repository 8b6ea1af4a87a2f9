import SocketIOWire

/// What the checker knows of one app's offline workflow (OFFL, AUTH) at the current point of a
/// trace: its connectivity, its request queue as its `queue.changed` events build it, its
/// requests in flight, and the ids, renders, notifications and logins rules compare against.
///
/// The queue is kept in `seq` order, as the offline model keeps it (OFFL-11); its requests are
/// ``OfflineRequest``s, the model's own type.
struct WorkflowState: Sendable {
    /// A workflow request on its way: sent at `ts` on `line`.
    struct Flight: Sendable {
        var request: OfflineRequest
        var ts: Int64
        var line: Int
        /// Sent from the queue: the request was made earlier and waited (OFFL-19), not sent as it was made.
        var replayed = false
    }

    /// The latest `net.online` (true) or `net.offline` (false); nil before either.
    var online: Bool?
    /// The request queue, in `seq` order.
    var queue: [OfflineRequest] = []
    /// Workflow requests sent and not answered, by `xid`.
    var inFlight: [String: Flight] = [:]
    /// The highest `seq` seen: a request with a higher one is new, a user's action.
    var maxSeq = 0
    /// Creates and edits that met a transport error or lost connectivity in flight: they belong at
    /// their place in the queue until they are queued or sent again (OFFL-11).
    var mustReturn: [Int: OfflineRequest] = [:]
    /// What was in flight at the last termination, which must be in the queue read back at launch (OFFL-12).
    var inFlightAtTermination: [OfflineRequest] = []
    /// `seq`s a `send` op took from the queue and whose request has not been seen yet.
    var announced: Set<Int> = []
    /// `seq`s answered with a status: they left the queue for good (OFFL-11).
    var answeredSeqs = RecentMap<Int, Int>()
    /// Temporary ids whose create was answered, with the answer's line (OFFL-6).
    var answeredTemporary = RecentMap<String, Int>()
    /// Temporary ids creates used, with the line (OFFL-3).
    var temporaryIDs = RecentMap<String, Int>()
    /// The members of each entity's latest pushed state (OFFL-10).
    var knownFields = RecentMap<String, Set<String>>()
    /// How many creates and edits of each entity the app made, and how many notifications named it
    /// (OFFL-5), in one map so that both counts of an entity are forgotten together.
    var announcements = RecentMap<String, Announcements>()
    /// The latest list render not marked updated, and the latest one marked updated (OFFL-1).
    var lastRenderAt: Int64?
    var lastUpdatedRenderAt: Int64?
    /// Successful list responses not yet followed by a render marked updated (OFFL-1).
    var listAnswersAwaitingRender = 0
    /// The latest GET sent other than the list refresh's (OFFL-13): the list GET that comes with
    /// the list appearing is OFFL-16's, and would hide a missing sync of the option values.
    var lastGetAt: Int64?
    /// Since when the app has been online and running with a queue to replay and nothing in flight (OFFL-11).
    var replayReadySince: Int64?
    /// The JWT cache as the trace showed it: the latest successful login's token (AUTH-4).
    var storedJWT: ReportedJWT?
    /// Whether a login ever succeeded online, as the trace or the app's report says (AUTH-7).
    var everOnline: Bool?
    /// Launched offline with an active JWT and offline since: no network request (AUTH-5).
    var offlineWithActiveJWT = false

    /// The creates and edits the app made of one entity, and the notifications that named it (OFFL-5).
    struct Announcements: Sendable {
        /// Creates and edits made, sent at once or queued.
        var made = 0
        /// `notification` alerts naming the entity.
        var shown = 0
    }

    /// The first `seq` to send: the lowest of the queue and of the requests that must return to it.
    var head: Int? { (queue.map(\.seq) + Array(mustReturn.keys)).min() }

    /// True while a create or edit is in flight: the replay waits (OFFL-11).
    var createOrEditInFlight: Bool { inFlight.values.contains { $0.request.isQueueable } }

    /// True for a request the queue holds or must hold again.
    func isQueued(_ seq: Int) -> Bool { queue.contains { $0.seq == seq } || mustReturn[seq] != nil }

    /// The queued edit of `id` other than `seq`, if any (OFFL-8, OFFL-9, OFFL-14).
    func queuedEdit(of id: EntityID, besides seq: Int) -> OfflineRequest? {
        queue.first { $0.isEdit(of: id) && $0.seq != seq }
    }

    /// The line of the answer to the create of temporary `id`, when it was answered (OFFL-6).
    func answerLine(ofTemporary id: String) -> Int? { answeredTemporary[id] }

    /// Puts `request` in the queue at its `seq`'s place, replacing one with the same `seq`.
    mutating func enqueue(_ request: OfflineRequest) {
        queue.removeAll { $0.seq == request.seq }
        let index = queue.firstIndex { $0.seq > request.seq } ?? queue.endIndex
        queue.insert(request, at: index)
        mustReturn[request.seq] = nil
    }

    /// OFFL-11's decision: what goes back to the queue when connectivity goes or the app stops:
    /// creates and edits, but not an edit with a newer edit of the same entity in flight or queued.
    static func returning(_ flights: [OfflineRequest], queue: [OfflineRequest]) -> [OfflineRequest] {
        let candidates = flights.filter(\.isQueueable)
        return candidates.filter { request in
            guard case .edit(let id, _) = request.call else { return true }
            return !(candidates + queue).contains { $0.isEdit(of: id) && $0.seq > request.seq }
        }
    }

    /// OFFL-6: the backend id of a create's success: the body's `id`, or the `objectId` of the
    /// object it returns (the TASK API's `task`).
    static func backendID(from body: JSONValue?) -> String? {
        if let id = body?["id"].flatMap(\.idText) { return id }
        for member in body?.objectValue?.members ?? [] {
            if let id = member.value["objectId"].flatMap(\.idText) { return id }
        }
        return nil
    }

    /// AUTH-4: the token and expiry of a login's success; `expiresAt` in ms or as an ISO 8601 date-time (TASK-3).
    static func token(from body: JSONValue?) -> ReportedJWT? {
        guard let body else { return nil }
        let expiry: Int64?
        switch body["expiresAt"] {
        case .int(let milliseconds): expiry = milliseconds
        case .string(let text): expiry = ISO8601Time.milliseconds(text)
        default: expiry = nil
        }
        guard let expiry else { return nil }
        return .token(expiresAt: expiry, token: body["token"]?.stringValue)
    }
}
