import Testing
import JobWire
import SocketIOWire
@testable import JobWireBroker

/// The reference backend's state machine, call by call, with the requirement each check enforces.
struct JobDispatchBackendTests {
    static let near = GeoPoint(lat: 19.4326, lng: -99.1332)

    static func worker(_ id: String, active: Bool = true, categories: [String] = ["7"], rating: Double? = 4.5) -> WorkerRecord {
        WorkerRecord(
            id: CanonicalID(id), name: "Worker \(id)", avatar: "https://example.test/\(id).png", rating: rating,
            profile: WorkerProfile(userID: CanonicalID(id), expertActive: active, expertSource: nil, categories: categories.map(CanonicalID.init), maxKms: 10, position: near))
    }

    static func backend(faults: BackendFaults = []) -> JobDispatchBackend {
        var backend = JobDispatchBackend(faults: faults)
        backend.register(worker("w-1"))
        backend.register(worker("w-2"))
        backend.register(worker("w-idle", active: false))
        return backend
    }

    static func post(_ extra: String = "") -> JSONValue {
        JSONValue.parsing(#"{"clientId":"c-1","CatID":7,"category":"Plumbing","description":"Leak","clientName":"Ana","address":"Calle 1","lat":19.44,"lng":-99.1332\#(extra)}"#)
    }

    @Test func aPostedRequestIsBroadcastAsNew() throws {
        var backend = Self.backend()
        let reply = backend.postRequest(body: Self.post(), now: 1_000)
        #expect(reply.status == 200)
        #expect(reply.body["ok"] == true)
        let reqID = try #require(reply.body["ReqID"]?.stringValue)
        #expect(reply.emissions.count == 1)
        let new = try #require(reply.emissions.first)
        #expect(new.event == "new" && new.room == "workers")  // MSG-3
        #expect(new.payload["ReqID"]?.stringValue == reqID)
        #expect(new.payload["exclusive"] == "0")
        #expect(new.payload["workerId"] == nil)  // MSG-8
        #expect(new.payload["createdAt"]?.stringValue == "1970-01-01T00:00:01.000Z")
    }

    @Test func aDirectRequestGoesToTheWorkersRoomAndSaysSo() {
        var backend = Self.backend()
        let reply = backend.postRequest(body: Self.post(#","workerId":"w-2""#), now: 0)
        #expect(reply.emissions.first?.room == "w-2")
        #expect(reply.emissions.first?.payload["workerId"] == "w-2")
    }

    @Test func ofTwoRacingAcceptsExactlyOneWins() throws {
        var backend = Self.backend()
        let reqID = try #require(backend.postRequest(body: Self.post(), now: 0).body["ReqID"]?.stringValue)
        let first = backend.workerAccept(reqID: reqID, body: ["workerId": "w-1"], now: 10)
        let second = backend.workerAccept(reqID: reqID, body: ["workerId": "w-2"], now: 10)
        #expect(first.status == 200)
        #expect(first.emissions.map(\.room) == ["c-1"])  // FLOW-5
        #expect(first.emissions.first?.payload["workerId"] == "w-1")  // FLOW-6
        #expect(second.status == 409)
        #expect(second.body["error"]?["code"] == "race_lost")  // REST-8
        #expect(second.emissions.isEmpty)
    }

    @Test func anIneligibleWorkerIsRefused() throws {
        var backend = Self.backend()
        let reqID = try #require(backend.postRequest(body: Self.post(), now: 0).body["ReqID"]?.stringValue)
        let reply = backend.workerAccept(reqID: reqID, body: ["workerId": "w-idle"], now: 0)
        #expect(reply.status == 403)
        #expect(reply.body["error"]?["code"] == "not_eligible")  // REST-9
    }

    @Test func aCancelledRequestIsGoneForEveryone() throws {
        var backend = Self.backend()
        let reqID = try #require(backend.postRequest(body: Self.post(), now: 0).body["ReqID"]?.stringValue)
        let cancel = backend.cancel(reqID: reqID, body: ["reason": "timeout", "clientId": "c-1"], now: 600_000)
        #expect(cancel.status == 200)
        #expect(Set(cancel.emissions.map(\.room)) == ["c-1", "workers"])  // FLOW-8
        #expect(backend.workerAccept(reqID: reqID, body: ["workerId": "w-1"], now: 600_001).body["error"]?["code"] == "request_cancelled")
        #expect(backend.getJobs(workerID: "w-1", now: 600_001).body["jobs"] == [])  // FLOW-13
    }

    @Test func closeNeedsAWinnerAndReachesBothSides() throws {
        var backend = Self.backend()
        let reqID = try #require(backend.postRequest(body: Self.post(), now: 0).body["ReqID"]?.stringValue)
        let early = backend.close(reqID: reqID, body: ["outcome": "happy", "by": "client", "clientId": "c-1"], now: 1)
        #expect(early.body["error"]?["code"] == "not_in_progress")  // REST-12
        _ = backend.workerAccept(reqID: reqID, body: ["workerId": "w-1"], now: 2)
        let close = backend.close(reqID: reqID, body: ["outcome": "unhappy", "by": "worker", "workerId": "w-1"], now: 3)
        #expect(close.status == 200)
        #expect(Set(close.emissions.map(\.room)) == ["c-1", "w-1"])  // FLOW-9
        #expect(backend.close(reqID: reqID, body: ["outcome": "happy", "by": "client", "clientId": "c-1"], now: 4).body["error"]?["code"] == "request_closed")
    }

    @Test(arguments: [
        ("{}", "clientId"),
        (#"{"clientId":"c-1","CatID":1.5}"#, "CatID"),
        (#"{"clientId":"c-1","CatID":7,"category":"P","description":"D","clientName":"A","address":"X","lat":91,"lng":0}"#, "lat"),
        ("[]", "body"),
    ])
    func malformedPostsNameTheField(body: String, field: String) {
        var backend = Self.backend()
        let reply = backend.postRequest(body: JSONValue.parsing(body), now: 0)
        #expect(reply.status == 400)
        #expect(reply.body["error"]?["field"]?.stringValue == field)  // REST-13
    }

    @Test func unknownIdsAreNotFound() {
        var backend = Self.backend()
        #expect(backend.workerAccept(reqID: "R-404", body: ["workerId": "w-1"], now: 0).status == 404)
        #expect(backend.getJobs(workerID: "w-404", now: 0).status == 404)
        #expect(backend.getJobs(workerID: nil, now: 0).body["error"]?["field"] == "workerId")
    }

    @Test func getJobsListsOnlyEligibleJobsOnceTheirDelayPassed() throws {
        var backend = Self.backend()
        backend.register(ClientRecord(id: CanonicalID("c-1"), blockedWorkers: [CanonicalID("w-2")], offerDelaySeconds: 30))
        _ = backend.postRequest(body: Self.post(), now: 0)
        #expect(backend.getJobs(workerID: "w-1", now: 29_999).body["jobs"] == [])
        #expect(backend.getJobs(workerID: "w-1", now: 30_000).body["jobs"]?.arrayValue?.count == 1)
        #expect(backend.getJobs(workerID: "w-2", now: 30_000).body["jobs"] == [])  // ELIG-5 via ELIG-8
        #expect(backend.getJobs(workerID: "w-idle", now: 30_000).body["jobs"] == [])  // ELIG-1 via ELIG-8
    }

    @Test func eachFaultBreaksItsRequirement() throws {
        var racers = Self.backend(faults: .everyRacerWins)
        let race = try #require(racers.postRequest(body: Self.post(), now: 0).body["ReqID"]?.stringValue)
        #expect(racers.workerAccept(reqID: race, body: ["workerId": "w-1"], now: 0).status == 200)
        #expect(racers.workerAccept(reqID: race, body: ["workerId": "w-2"], now: 0).status == 200)

        var loud = Self.backend(faults: .applyToEveryone)
        let loudID = try #require(loud.postRequest(body: Self.post(), now: 0).body["ReqID"]?.stringValue)
        #expect(loud.workerAccept(reqID: loudID, body: ["workerId": "w-1"], now: 0).emissions.map(\.room).contains("workers"))

        var lax = Self.backend(faults: .eligibilityIgnored)
        _ = lax.postRequest(body: Self.post(), now: 0)
        #expect(lax.getJobs(workerID: "w-idle", now: 0).body["jobs"]?.arrayValue?.count == 1)

        var banned = Self.backend(faults: .blockedIgnored)
        banned.register(ClientRecord(id: CanonicalID("c-1"), blockedWorkers: [CanonicalID("w-2")]))
        _ = banned.postRequest(body: Self.post(), now: 0)
        #expect(banned.getJobs(workerID: "w-2", now: 0).body["jobs"]?.arrayValue?.count == 1)

        var leaky = Self.backend(faults: .cancelNotEnforced)
        let leakyID = try #require(leaky.postRequest(body: Self.post(), now: 0).body["ReqID"]?.stringValue)
        _ = leaky.cancel(reqID: leakyID, body: ["reason": "timeout", "clientId": "c-1"], now: 1)
        #expect(leaky.workerAccept(reqID: leakyID, body: ["workerId": "w-1"], now: 2).status == 200)
    }
}

extension JSONValue {
    static func parsing(_ text: String) -> JSONValue {
        do { return try JSONParser.parse(text) } catch { fatalError("bad JSON in test: \(error)") }
    }
}

/// REST routing by the profile's paths.
struct BackendRouterTests {
    @Test func routesEveryCallByItsPath() throws {
        var backend = JobDispatchBackendTests.backend()
        let post = BackendRouter.handle(RESTRequest(method: "POST", target: "/api/requests", body: Array(JobDispatchBackendTests.post().compactText.utf8)), backend: &backend, now: 0)
        let reqID = try #require(post.body["ReqID"]?.stringValue)
        let accept = BackendRouter.handle(RESTRequest(method: "POST", target: "/api/requests/\(reqID)/accept", body: Array(#"{"workerId":"w-1"}"#.utf8)), backend: &backend, now: 1)
        #expect(accept.status == 200)
        let jobs = BackendRouter.handle(RESTRequest(method: "GET", target: "/api/jobs?workerId=w-2"), backend: &backend, now: 2)
        #expect(jobs.body["jobs"] == [])
        let close = BackendRouter.handle(RESTRequest(method: "POST", target: "/api/requests/\(reqID)/close", body: Array(#"{"outcome":"happy","by":"client","clientId":"c-1"}"#.utf8)), backend: &backend, now: 3)
        #expect(close.status == 200)
    }

    @Test func badJSONAndUnknownRoutesAreAnswered() {
        var backend = JobDispatchBackendTests.backend()
        let garbled = BackendRouter.handle(RESTRequest(method: "POST", target: "/api/requests", body: Array("{\"clientId\":".utf8)), backend: &backend, now: 0)
        #expect(garbled.status == 400)
        #expect(garbled.body["error"]?["field"] == "body")
        #expect(BackendRouter.handle(RESTRequest(method: "DELETE", target: "/api/requests/R-1"), backend: &backend, now: 0).status == 404)
        let accept = RESTRoute("POST /api/requests/{ReqID}/accept")
        #expect(BackendRouter.match(RESTRequest(method: "POST", target: "/api/requests/R-1/accept"), accept) == "R-1")
        #expect(BackendRouter.match(RESTRequest(method: "POST", target: "/api/requests//accept"), accept) == nil)
        #expect(BackendRouter.match(RESTRequest(method: "PUT", target: "/api/requests/R-1/accept"), accept) == nil)
    }

    @Test func closeCanReachOnlyOneSideUnderItsFault() throws {
        var backend = JobDispatchBackendTests.backend(faults: .closeReachesOneSide)
        let reqID = try #require(backend.postRequest(body: JobDispatchBackendTests.post(), now: 0).body["ReqID"]?.stringValue)
        _ = backend.workerAccept(reqID: reqID, body: ["workerId": "w-1"], now: 1)
        #expect(backend.close(reqID: reqID, body: ["outcome": "happy", "by": "client", "clientId": "c-1"], now: 2).emissions.map(\.room) == ["w-1"])
    }
}
