import JobWire
import SocketIOWire

/// The reads an app retakes state with and the worker's own record: a request's state (REST-15),
/// a user's requests (REST-16), the worker's meProfile (REST-17) and its position report (REST-18).
extension JobDispatchBackend {
    /// A request's state (REST-15): its status, winner, and the `new`, `apply` and end payloads as emitted.
    public func getRequest(reqID: String, now: Int64) -> BackendReply {
        do throws(BackendError) {
            let request = try existingRequest(reqID, now: now)
            return .success(["request": state(of: request, hidingProgress: faults.contains(.stateHidesProgress))])
        } catch {
            return .failure(error)
        }
    }

    /// The requests `userID` posted as a client or won as a worker, newest first (REST-16).
    public func listRequests(userID: String?, now: Int64) -> BackendReply {
        guard let userID, !userID.isEmpty else { return .failure(.badRequest("userId", "the userId query parameter is required")) }
        let user = CanonicalID(userID)
        let mine = requests.values.map { expiring($0, now: now) }.filter { $0.client == user || $0.state.winner == user }
        // Newest first by the post's time; the later number of two posts in one millisecond first.
        var sorted = mine.sorted { $0.createdAtMs == $1.createdAtMs ? Self.number($0.reqID) > Self.number($1.reqID) : $0.createdAtMs > $1.createdAtMs }
        if faults.contains(.historyOldestFirst) { sorted.reverse() }
        return .success(["requests": .array(sorted.map { state(of: $0) })])
    }

    /// The worker's meProfile with its last known position, and its name, avatar and rating (REST-17).
    public func meProfile(workerID: String) -> BackendReply {
        guard var worker = workers[CanonicalID(workerID)] else { return .failure(BackendError(.notFound, "no worker \(workerID) is known")) }
        if faults.contains(.meProfileIgnoresFixture) {
            worker.profile.categories = []
            worker.profile.maxKms = 0
        }
        let profile = worker.profile
        let json: JSONValue = [
            "userID": Self.json(profile.userID), "expertActive": .bool(profile.expertActive),
            "expertSource": profile.expertSource.map(Self.json) ?? .null, "categories": .array(profile.categories.map(Self.json)),
            "maxKms": .double(profile.maxKms), "lat": .double(profile.position.lat), "lng": .double(profile.position.lng),
        ]
        return .success([
            "profile": json, "name": .string(worker.name), "avatar": .string(worker.avatar), "rating": worker.rating.map { .double($0) } ?? .null,
        ])
    }

    /// The worker's new position (REST-18), used from now on for getJobs, WorkerAccept and `apply`.
    public mutating func putPosition(workerID: String, body: JSONValue?) -> BackendReply {
        do throws(BackendError) {
            let reader = try RequestBodyReader(body)
            let lat = try reader.number("lat", in: -90...90)
            let lng = try reader.number("lng", in: -180...180)
            guard var worker = workers[CanonicalID(workerID)] else { throw BackendError(.notFound, "no worker \(workerID) is known") }
            if !faults.contains(.positionIgnored) {
                worker.profile.position = GeoPoint(lat: lat, lng: lng)
                register(worker)
            }
            return .success(["workerId": .string(workerID)])
        } catch {
            return .failure(error)
        }
    }

    /// A request's state as REST-15 describes it; `hidingProgress` for the `stateHidesProgress` fault.
    func state(of request: RequestRecord, hidingProgress: Bool = false) -> JSONValue {
        let status: String
        switch request.state {
        case .open: status = "open"
        case .won: status = hidingProgress ? "open" : "inProgress"
        case .cancelled: status = "cancelled"
        case .closed: status = "closed"
        }
        return [
            "ReqID": .string(request.reqID), "clientId": Self.json(request.client), "status": .string(status),
            "workerId": request.state.winner.map(Self.json) ?? .null, "new": request.newPayload,
            "apply": request.applyPayload ?? .null, "end": request.endPayload ?? .null,
        ]
    }

    /// The number of a request id `R-N`, to order posts made in one millisecond.
    static func number(_ reqID: String) -> Int { Int(reqID.dropFirst(2)) ?? 0 }
}
