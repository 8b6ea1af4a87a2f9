import JobWire
import SocketIOWire

/// The reference backend of the job flow as a plain state machine: REST calls in, HTTP answers
/// and Socket.IO emissions out. No I/O and no clock of its own: `now` comes with every call,
/// so the broker runs it in real or virtual time and tests drive it directly.
///
/// Enforces REST-1 ... REST-19, MSG-14, FLOW-1, FLOW-3 ... FLOW-9, FLOW-13, FLOW-15 and ELIG-8.
public struct JobDispatchBackend: Sendable {
    public var profile: ProtocolProfile
    /// Deliberate violations for mutant tests; empty in every real use.
    public var faults: BackendFaults
    public private(set) var workers: [CanonicalID: WorkerRecord] = [:]
    public private(set) var clients: [CanonicalID: ClientRecord] = [:]
    public internal(set) var requests: [String: RequestRecord] = [:]
    /// The client's timeout it announces on the settings fixture (TIME-2), 10 minutes by default.
    public var timeoutMs: Int64
    /// How long an ended request stays readable in REST-15 and REST-16 before the backend forgets
    /// it: the day REST-16 allows at least, so a mock broker left running does not grow without bound.
    public var historyRetentionMs: Int64 = Self.minimumHistoryRetentionMs
    /// Ended requests in the order they ended, with when, for ``forgetEnded(now:)``; from `endedHead` on.
    var ended: [(reqID: String, atMs: Int64)] = []
    /// The first entry of `ended` not yet judged.
    var endedHead = 0
    private var nextRequestNumber = 1

    public init(profile: ProtocolProfile = .standard, faults: BackendFaults = [], timeoutMs: Int64 = 600_000) {
        self.profile = profile
        self.faults = faults
        self.timeoutMs = timeoutMs
    }

    /// Adds or replaces a worker's record (its profile, name, avatar and rating).
    public mutating func register(_ worker: WorkerRecord) { workers[worker.id] = worker }

    /// Adds or replaces a client's record (its banned workers and offer delay).
    public mutating func register(_ client: ClientRecord) { clients[client.id] = client }

    /// POST request (REST-2): records the request and emits its `new` (MSG-3 ... MSG-8).
    public mutating func postRequest(body: JSONValue?, now: Int64) -> BackendReply {
        do throws(BackendError) {
            let reader = try RequestBodyReader(body)
            let clientID = CanonicalID(try reader.id("clientId"))
            let categoryID = CanonicalID(try reader.id("CatID"))
            let category = try reader.string("category")
            let description = try reader.string("description")
            let clientName = try reader.string("clientName")
            let address = try reader.string("address")
            // postRangeUnchecked: the types checked, not the ranges (REST-13).
            let unchecked = faults.contains(.postRangeUnchecked)
            let lat = try reader.number("lat", in: unchecked ? -.infinity ... .infinity : -90...90)
            let lng = try reader.number("lng", in: unchecked ? -.infinity ... .infinity : -180...180)
            let image = try reader.optionalString("image")
            let exclusive = try reader.optionalID("exclusive").map(CanonicalID.init) ?? CanonicalID("0")
            let workerID = try reader.optionalID("workerId").map(CanonicalID.init)
            if let workerID, workers[workerID] == nil {
                throw BackendError(.notFound, "no worker \(workerID) is known")
            }
            let client = clients[clientID] ?? ClientRecord(id: clientID)
            let reqID = "R-\(nextRequestNumber)"
            nextRequestNumber += 1
            // The `new`'s createdAt and the answer's (MSG-7, REST-2): one time, formatted once.
            let createdAt = ISO8601Time.string(milliseconds: now)
            var payload: JSONObject = [
                "ReqID": .string(reqID),
                "CatID": Self.json(categoryID),
                "exclusive": Self.json(exclusive),
                "lat": .double(lat),
                "lng": .double(lng),
                "BlockedXP": .array(client.blockedWorkers.map(Self.json)),
                "Delay": .int(client.offerDelaySeconds),
                "clientName": .string(clientName),
                "address": .string(address),
                "category": .string(category),
                "description": .string(description),
                "createdAt": .string(createdAt),
            ]
            if faults.contains(.delayDropped) { payload.members.removeAll { $0.key == "Delay" } }
            if faults.contains(.bansAsNull), client.blockedWorkers.isEmpty { payload["BlockedXP"] = .null }
            if faults.contains(.delayNullWhenNone), client.offerDelaySeconds == 0 { payload["Delay"] = .null }
            if faults.contains(.exclusiveDropped) { payload["exclusive"] = .string("0") }
            if let image, !faults.contains(.imageDropped) { payload["image"] = .string(image) }
            if let workerID { payload["workerId"] = Self.json(workerID) }
            if workerID == nil, faults.contains(.workerIdNullOnBroadcast) { payload["workerId"] = .null }
            let offer = JobOffer(
                reqID: reqID, categoryID: categoryID, exclusivePartner: exclusive.text == "0" ? nil : exclusive,
                position: GeoPoint(lat: lat, lng: lng), blockedWorkers: client.blockedWorkers, delaySeconds: client.offerDelaySeconds)
            let target: RequestTarget = workerID.map { .worker($0) } ?? .channel
            requests[reqID] = RequestRecord(reqID: reqID, client: clientID, target: target, newPayload: .object(payload), offer: offer, createdAtMs: now, state: .open)
            let room = faults.contains(.directNewToChannel) ? profile.channelRoom : room(of: target)
            let emission = Emission(event: profile.name(of: .new), room: room, payload: .object(payload))
            // createdAtWithoutZone: a naive local time, the `Z` left off (REST-2).
            let answeredAt = faults.contains(.createdAtWithoutZone) ? String(createdAt.dropLast()) : createdAt
            let pushed = workerID == nil || !faults.contains(.directNewNotPushed)
            return .success(["ReqID": .string(reqID), "createdAt": .string(answeredAt)], emissions: pushed ? [emission] : [])
        } catch {
            return .failure(error)
        }
    }

    /// WorkerAccept (REST-3): the first eligible accept wins and the client gets `apply` (FLOW-3 ... FLOW-6).
    /// Atomic: the checks and the write are one step, whatever ``faults`` holds (the race faults open
    /// their gap in ``PlainBackendHost`` only, between ``claimAccept(reqID:body:now:)`` and ``commitAccept(_:recheck:)``).
    public mutating func workerAccept(reqID: String, body: JSONValue?, now: Int64) -> BackendReply {
        switch claimAccept(reqID: reqID, body: body, now: now) {
        case .success(let claim): return commitAccept(claim, recheck: .all)
        case .failure(let error): return .failure(error)
        }
    }

    /// Writes `record` as `reqID`'s record without reading anything again: the write half of a
    /// call decided on a copy of the backend (the end race faults, ``PlainBackendHost``).
    mutating func overwrite(_ reqID: String, with record: RequestRecord) {
        requests[reqID] = record
    }

    /// The read half of WorkerAccept: every check on the request as it is now, no write. The claim
    /// names the worker that may win it.
    public func claimAccept(reqID: String, body: JSONValue?, now: Int64) -> Result<AcceptClaim, BackendError> {
        do throws(BackendError) {
            let reader = try RequestBodyReader(body)
            let workerID = CanonicalID(try reader.id("workerId"))
            let request = try existingRequest(reqID, now: now)
            guard let worker = workers[workerID] else { throw BackendError(.notFound, "no worker \(workerID) is known") }
            if faults.contains(.eligibilityBeforeState), let reason = ineligibility(of: worker, for: request) {
                throw BackendError(.notEligible, reason)
            }
            try checkNotEnded(request)
            if faults.contains(.repeatAcceptAlreadyExists), request.state.winner == workerID {
                throw BackendError(.alreadyExists, "worker \(workerID) already accepted request \(reqID)")
            }
            if request.state.winner != nil, !faults.contains(.everyRacerWins) {
                throw BackendError(.raceLost, "another worker already won request \(reqID)")
            }
            if let reason = ineligibility(of: worker, for: request) { throw BackendError(.notEligible, reason) }
            return .success(AcceptClaim(reqID: reqID, workerID: workerID, now: now))
        } catch {
            return .failure(error)
        }
    }

    /// The write half of WorkerAccept: makes the claim's worker the winner and emits `apply`, after
    /// reading again what `recheck` names (all of it when the claim was made in the same step).
    public mutating func commitAccept(_ claim: AcceptClaim, recheck: AcceptRecheck) -> BackendReply {
        let reqID = claim.reqID
        guard var request = requests[reqID], let worker = workers[claim.workerID] else {
            return .failure(BackendError(.notFound, "no request \(reqID) is known"))
        }
        request = expiring(request, now: claim.now)
        do throws(BackendError) {
            if recheck.contains(.ended) { try checkNotEnded(request) }
            if recheck.contains(.winner), request.state.winner != nil, !faults.contains(.everyRacerWins) {
                throw BackendError(.raceLost, "another worker already won request \(reqID)")
            }
        } catch {
            return .failure(error)
        }
        let workerID = claim.workerID
        request.state = .won(by: workerID)
        let position = faults.contains(.applyAtJobPosition) ? request.offer.position : worker.profile.position
        let apply: JSONValue = [
            "ReqID": .string(reqID),
            "workerId": Self.json(workerID),
            "workerName": .string(worker.name),
            "workerAvatar": .string(worker.avatar),
            "workerRating": worker.rating.map { .double($0) } ?? .null,
            "lat": .double(position.lat),
            "lng": .double(position.lng),
        ]
        request.applyPayload = apply
        requests[reqID] = request
        var emissions = [Emission(event: profile.name(of: .apply), room: request.client.text, payload: apply)]
        if faults.contains(.applyToEveryone) {
            let others = Set(requests.values.map(\.client)).subtracting([request.client]).map(\.text).sorted()
            for room in [profile.channelRoom] + others {
                emissions.append(Emission(event: profile.name(of: .apply), room: room, payload: apply))
            }
        }
        let echo: JSONObject = faults.contains(.acceptAnswersWorker) ? ["workerId": Self.json(workerID)] : ["ReqID": .string(reqID)]
        return .success(echo, emissions: emissions)
    }

    /// getJobs (REST-4): the open requests this worker may take, eligibility decided here (ELIG-8, FLOW-13).
    public func getJobs(workerID: String?, now: Int64) -> BackendReply {
        guard let workerID, !workerID.isEmpty else {
            return .failure(.badRequest("workerId", "the workerId query parameter is required"))
        }
        guard let worker = workers[CanonicalID(workerID)] else {
            if faults.contains(.unknownWorkerHasNoJobs) { return .success(["jobs": []]) }
            return .failure(BackendError(.notFound, "no worker \(workerID) is known"))
        }
        let current: [RequestRecord] = requests.values.map { expiring($0, now: now) }
        let jobs = current
            .filter { (request: RequestRecord) -> Bool in
                let listable = request.state == .open || (faults.contains(.cancelNotEnforced) && request.state == .cancelled(winner: nil))
                return listable && request.createdAtMs + request.offer.delaySeconds * 1000 <= now
                    && ineligibility(of: worker, for: request) == nil
            }
            .sorted { $0.createdAtMs == $1.createdAtMs ? $0.reqID < $1.reqID : $0.createdAtMs < $1.createdAtMs }
            .map(\.newPayload)
            .map { faults.contains(.jobDescriptionShortened) ? Self.descriptionShortened($0) : $0 }
        return .success(["jobs": .array(jobs)])
    }

    /// Cancel (REST-5): ends the request for everyone and tells both sides (FLOW-7, FLOW-8); a
    /// `clientId`, when the call carries one (REST-20), must be the posting client's (REST-19).
    public mutating func cancel(reqID: String, body: JSONValue?, now: Int64) -> BackendReply {
        do throws(BackendError) {
            let reader = try RequestBodyReader(body)
            let reason = try reader.string("reason")
            let caller = try reader.optionalID("clientId").map(CanonicalID.init)
            var request = try existingRequest(reqID, now: now)
            try checkNotEnded(request)
            if let caller, caller != request.client, !faults.contains(.anyoneMayEnd) {
                throw BackendError(.notEligible, "client \(caller) did not post request \(reqID); only \(request.client) may cancel it")
            }
            let winner = request.state.winner
            let payload: JSONValue = ["ReqID": .string(reqID), faults.contains(.cancelReasonCapitalised) ? "Reason" : "reason": .string(reason)]
            if !faults.contains(.cancelNotEnforced) {
                request.state = .cancelled(winner: winner)
                request.endPayload = payload
            }
            requests[reqID] = request
            noteIfEnded(request, now: now)
            var rooms = [request.client.text, winner.map(\.text) ?? room(of: request.target)]
            if faults.contains(.endsReachChannel), winner != nil { rooms.append(profile.channelRoom) }
            let echo = faults.contains(.cancelEchoesReqIdLowercase) ? "reqId" : "ReqID"
            return .success([echo: .string(reqID)], emissions: rooms.map { Emission(event: profile.name(of: .cancel), room: $0, payload: payload) })
        } catch {
            return .failure(error)
        }
    }

    /// Close (REST-6): ends a request in Work in Progress and releases both sides (FLOW-9, REST-12);
    /// a caller id, when the call carries one (`clientId` or `workerId` as `by` says, REST-20), must
    /// be that party's (REST-19), and the other kind of id is a bad request.
    public mutating func close(reqID: String, body: JSONValue?, now: Int64) -> BackendReply {
        do throws(BackendError) {
            let reader = try RequestBodyReader(body)
            let outcome = try reader.choice("outcome", ["happy", "unhappy"])
            let by = try reader.choice("by", ["client", "worker"])
            let (own, other) = by == "worker" ? ("workerId", "clientId") : ("clientId", "workerId")
            let caller = try reader.optionalID(own).map(CanonicalID.init)
            if reader.object[other] != nil { throw BackendError.badRequest(other, "does not go with by \"\(by)\"; a \(by) says who it is with \(own)") }
            var request = try existingRequest(reqID, now: now)
            try checkNotEnded(request)
            guard let winner = request.state.winner else {
                if faults.contains(.closeUnwonAsClosed) { throw BackendError(.requestClosed, "request \(reqID) is not in progress") }
                throw BackendError(.notInProgress, "no worker has won request \(reqID); cancel it instead")
            }
            let party = by == "worker" ? winner : request.client
            if let caller, caller != party, !faults.contains(.anyoneMayEnd) {
                throw BackendError(.notEligible, "\(by) \(caller) is not a party of request \(reqID); only \(request.client) and \(winner) may close it")
            }
            let said = faults.contains(.closeAlwaysHappy) ? "happy" : outcome
            let payload: JSONValue = ["ReqID": .string(reqID), "outcome": .string(said), "by": .string(by)]
            request.state = .closed(winner: winner)
            request.endPayload = payload
            requests[reqID] = request
            noteIfEnded(request, now: now)
            var rooms = [request.client.text, winner.text]
            if faults.contains(.closeReachesOneSide) { rooms = [by == "client" ? winner.text : request.client.text] }
            if faults.contains(.endsReachChannel) { rooms.append(profile.channelRoom) }
            let echo: JSONObject = faults.contains(.closeEchoesBody) ? ["outcome": .string(outcome), "by": .string(by)] : ["ReqID": .string(reqID)]
            let sent: JSONValue = faults.contains(.closeSentAsText) ? .string(payload.compactText) : payload
            return .success(echo, emissions: rooms.map { Emission(event: profile.name(of: .close), room: $0, payload: sent) })
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Shared checks

    func existingRequest(_ reqID: String, now: Int64) throws(BackendError) -> RequestRecord {
        guard let request = requests[reqID] else {
            throw BackendError(.notFound, "no request \(reqID) is known", field: faults.contains(.notFoundNamesField) ? "ReqID" : nil)
        }
        return expiring(request, now: now)
    }

    /// The request as the `requestsExpire` fault sees it: cancelled, with no `cancel` sent, once
    /// the client's timeout passed without a win. Without the fault the backend never ends a
    /// request on its own (FLOW-15).
    func expiring(_ request: RequestRecord, now: Int64) -> RequestRecord {
        guard faults.contains(.requestsExpire), request.state == .open, now >= request.createdAtMs + timeoutMs else { return request }
        var expired = request
        expired.state = .cancelled(winner: nil)
        expired.endPayload = ["ReqID": .string(request.reqID), "reason": "expired"]
        return expired
    }

    /// REST-10: a cancelled or closed request takes no more calls.
    private func checkNotEnded(_ request: RequestRecord) throws(BackendError) {
        switch request.state {
        case .closed: throw BackendError(.requestClosed, "request \(request.reqID) is closed")
        case .cancelled: throw BackendError(.requestCancelled, "request \(request.reqID) is cancelled")
        case .open, .won: return
        }
    }

    /// Why `worker` may not take `request`, or nil: ELIG-1 ... ELIG-5 for the channel, the
    /// addressee for a direct request (REST-9, ELIG-7, ELIG-8).
    private func ineligibility(of worker: WorkerRecord, for request: RequestRecord) -> String? {
        switch request.target {
        case .worker(let addressee):
            return addressee == worker.id ? nil : "request \(request.reqID) was sent to worker \(addressee) only"
        case .channel:
            if faults.contains(.eligibilityIgnored) { return nil }
            var profile = worker.profile
            if faults.contains(.reachHalved) { profile.maxKms /= 2 }
            var failed = Eligibility.decide(profile: profile, job: request.offer, receivedAt: request.createdAtMs).failed
            if faults.contains(.blockedIgnored) { failed.removeAll { $0 == "ELIG-5" } }
            failed.removeAll { $0 == "ELIG-6" }
            return failed.isEmpty ? nil : "worker \(worker.id) is not eligible for request \(request.reqID): fails \(failed.map(\.rawValue).joined(separator: ", "))"
        }
    }

    private func room(of target: RequestTarget) -> String {
        switch target {
        case .channel: return profile.channelRoom
        case .worker(let id): return id.text
        }
    }

    static func json(_ id: CanonicalID) -> JSONValue { .string(id.text) }

    /// `payload` with its description cut to 20 characters and `…`, for the `jobDescriptionShortened` fault.
    static func descriptionShortened(_ payload: JSONValue) -> JSONValue {
        guard var object = payload.objectValue, let description = object["description"]?.stringValue, description.count > 20 else { return payload }
        object["description"] = .string(description.prefix(20) + "…")
        return .object(object)
    }
}
