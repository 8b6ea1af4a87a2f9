import SocketIOWire

/// What the trace shows the backend holds of one worker: a worker fixture it answered with success
/// (FIX-1), or its own meProfile answer (REST-17), and the position last reported after it (REST-18).
struct WorkerRecordFact: Sendable {
    /// The record's body, as the fixture or the answer gave it: `name`, `avatar`, `rating` and `profile`.
    var body: JSONValue
    /// The line of that fixture's or answer's answer.
    var line: Int
    /// The position of a successful position call after it, if any (REST-18).
    var reported: ReportedPosition?

    /// The position the backend must know now: the reported one, else the body's.
    var position: (lat: JSONValue?, lng: JSONValue?) {
        if let reported { return (reported.lat, reported.lng) }
        return (body["profile"]?["lat"], body["profile"]?["lng"])
    }

    /// The body's profile at ``position``: what the backend judges the worker's eligibility by.
    var profile: JSONObject? {
        guard var profile = body["profile"]?.objectValue else { return nil }
        let (lat, lng) = position
        profile["lat"] = lat
        profile["lng"] = lng
        return profile
    }
}

/// A position a worker reported with success (REST-18).
struct ReportedPosition: Sendable {
    var lat: JSONValue
    var lng: JSONValue
    var at: Int64
    var line: Int
}

/// What the trace shows the backend holds of one client: the last client fixture it answered
/// with success (FIX-2), whose `BlockedXP` and `Delay` fill the client's `new`s (MSG-14).
struct ClientRecordFact: Sendable {
    var body: JSONValue
    var at: Int64
    var line: Int
}

extension TraceSession {
    /// Takes in what a fact shows of the backend's records: fixtures, its own meProfile answers
    /// and reported positions (FIX-1, FIX-2, REST-17, REST-18).
    mutating func applyRecords(_ fact: BackendFact) {
        guard case .answered(let answer) = fact, answer.succeeded else { return }
        let body = answer.requestBody
        // A malformed fixture taken is FIX-1's or FIX-2's; what the backend made of it is unknown,
        // so no rule compares later answers with it.
        guard PayloadShape.fixtureBodyProblem(answer) == nil else { return }
        switch answer.call {
        case .workerFixture:
            guard let worker = answer.worker, let body else { return }
            replaceWorkerRecord(of: worker, by: answer)
            workerRecords[worker] = WorkerRecordFact(body: body, line: answer.line)
            statedRecords[worker] = nil
            if let profile = body["profile"], profile.objectValue != nil { profiles[worker] = profile }
        case .meProfile:
            guard let worker = answer.worker, let stated = answer.response.body, stated["profile"]?.objectValue != nil else { return }
            statedRecords[worker] = WorkerRecordFact(body: stated, line: answer.line)
        case .position:
            guard let worker = answer.worker, let lat = body?["lat"], let lng = body?["lng"] else { return }
            let reported = ReportedPosition(lat: lat, lng: lng, at: answer.ts, line: answer.line)
            replaceWorkerRecord(of: worker, by: answer)
            workerRecords[worker]?.reported = reported
            statedRecords[worker]?.reported = reported
            if var profile = profiles[worker]?.objectValue {
                profile["lat"] = lat
                profile["lng"] = lng
                profiles[worker] = .object(profile)
            }
        case .clientFixture:
            guard let client = answer.user, let body else { return }
            clientRecords[client] = ClientRecordFact(body: body, at: answer.ts, line: answer.line)
        default:
            break
        }
    }

    /// Notes that the write answered at `answer` replaces `worker`'s record as it stands, if the trace shows one.
    private mutating func replaceWorkerRecord(of worker: String, by answer: AnswerFact) {
        guard let record = workerRecords[worker] else { return }
        replacedWorkerRecords[worker, default: ReplacedVersions()].replace(record, at: answer.ts, by: answer.actor)
    }

    /// The worker records a meProfile read of `worker` answered at `answer` may show, oldest
    /// first, the record as it stands last: each one a fixture or position report answered after
    /// the read was sent replaced. Empty when the trace shows no record; nil when what the read
    /// may show is no longer known (``ReplacedVersions/inFlight(sentAt:by:skew:)``).
    func workerRecords(of worker: String, shownTo answer: AnswerFact) -> [WorkerRecordFact]? {
        guard let record = workerRecords[worker] else { return [] }
        guard let replaced = replacedWorkerRecords[worker] else { return [record] }
        return replaced.inFlight(sentAt: answer.requestTs ?? answer.ts, by: answer.actor, skew: header.clockSkewToleranceMs).map { $0 + [record] }
    }

    /// The profile the backend judges worker `worker` by, as the trace last showed it: its fixture
    /// or the worker's own `profile.updated` (``profiles``), else the backend's own meProfile
    /// answer with the positions reported since (ELIG-8, REST-9: "its own record of the worker").
    func backendProfile(of worker: String) -> JSONValue? {
        profiles[worker] ?? statedRecords[worker]?.profile.map(JSONValue.object)
    }

    /// The statuses of REST-15 that request `req` had at some moment from `from` to `to`, as the
    /// trace shows its post, win and end; nil when the trace never showed the request.
    func statuses(of req: String, from: Int64, to: Int64) -> Set<String>? {
        guard let request = request(req), request.exists else { return nil }
        func status(at time: Int64) -> String {
            if let ended = request.endedAt, ended <= time { return request.endedBy == .close ? "closed" : "cancelled" }
            if let won = request.wonAt, won <= time { return "inProgress" }
            if request.winner == nil, request.applyEmissions > 0 { return "inProgress" }
            return "open"
        }
        var statuses: Set<String> = [status(at: from), status(at: to)]
        for time in [request.wonAt, request.endedAt].compactMap({ $0 }) where time > from && time < to { statuses.insert(status(at: time)) }
        return statuses
    }

    /// True when the backend would have ended request `req` with no call asking it to (FLOW-15):
    /// the trace shows its post and no cancel or close call for it that was not refused, and
    /// records the apps that could have sent one: the posting client for a cancel, also the
    /// winner for a close. `ownCalls` is how many of the calls counted are the very call being
    /// judged, whose refusal the model has not taken in yet.
    func endsUnexplained(_ req: String, as event: ProtocolEvent, ownCalls: Int = 0) -> Bool {
        let facts = readRequest(req) { (posted: $0.postedAt != nil, calls: $0.endCallsSeen, client: $0.clientActor != nil, winner: $0.winner) }
        guard let facts, facts.posted, facts.calls <= ownCalls else { return false }
        if backendRecorded { return true }
        guard facts.client else { return false }
        guard event == .close else { return true }
        guard let winner = facts.winner else { return true }
        return actors[TraceActor(.worker, id: winner)] != nil
    }
}
