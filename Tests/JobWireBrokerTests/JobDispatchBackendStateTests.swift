import Testing
import JobWire
import SocketIOWire
@testable import JobWireBroker

/// The reference backend's reads and the worker's own record: state and history reads
/// (REST-15, REST-16), meProfile and position (REST-17, REST-18), the callers of cancel and close
/// (REST-19); each new fault breaks its requirement.
struct JobDispatchBackendStateTests {
    typealias Base = JobDispatchBackendTests

    static func posted(_ backend: inout JobDispatchBackend, now: Int64 = 0, client: String = "c-1") throws -> String {
        let body = JSONValue.parsing(#"{"clientId":"\#(client)","CatID":7,"category":"Plumbing","description":"Leak","clientName":"Ana","address":"Calle 1","lat":19.44,"lng":-99.1332}"#)
        return try #require(backend.postRequest(body: body, now: now).body["ReqID"]?.stringValue)
    }

    @Test func aStateReadFollowsTheRequestAndRepeatsItsPayloadsAsEmitted() throws {
        var backend = Base.backend()
        let post = backend.postRequest(body: Base.post(), now: 0)
        let reqID = try #require(post.body["ReqID"]?.stringValue)
        var state = backend.getRequest(reqID: reqID, now: 1).body["request"]
        #expect(state?["status"] == "open" && state?["workerId"] == .null && state?["apply"] == .null && state?["end"] == .null)
        #expect(state?["new"] == post.emissions.first?.payload)
        #expect(state?["clientId"] == "c-1")
        let accept = backend.workerAccept(reqID: reqID, body: ["workerId": "w-1"], now: 2)
        state = backend.getRequest(reqID: reqID, now: 3).body["request"]
        #expect(state?["status"] == "inProgress" && state?["workerId"] == "w-1")
        #expect(state?["apply"] == accept.emissions.first?.payload)  // REST-15: exactly as emitted
        let close = backend.close(reqID: reqID, body: ["outcome": "happy", "by": "worker", "workerId": "w-1"], now: 4)
        state = backend.getRequest(reqID: reqID, now: 5).body["request"]
        #expect(state?["status"] == "closed" && state?["end"] == close.emissions.first?.payload)
        let dropped = try Self.posted(&backend, now: 6)
        let cancel = backend.cancel(reqID: dropped, body: ["reason": "no", "clientId": "c-1"], now: 7)
        state = backend.getRequest(reqID: dropped, now: 8).body["request"]
        #expect(state?["status"] == "cancelled" && state?["end"] == cancel.emissions.first?.payload && state?["workerId"] == .null)
        #expect(backend.getRequest(reqID: "R-404", now: 9).body["error"]?["code"] == "not_found")
    }

    @Test func theHistoryListsTheUsersRequestsNewestFirst() throws {
        var backend = Base.backend()
        let first = try Self.posted(&backend, now: 10)
        let second = try Self.posted(&backend, now: 20)
        let sameMillisecond = try Self.posted(&backend, now: 20)
        _ = try Self.posted(&backend, now: 30, client: "c-2")
        _ = backend.workerAccept(reqID: first, body: ["workerId": "w-1"], now: 40)
        func ids(_ user: String?, _ backend: JobDispatchBackend) -> [String] {
            (backend.listRequests(userID: user, now: 50).body["requests"]?.arrayValue ?? []).compactMap { $0["ReqID"]?.stringValue }
        }
        #expect(ids("c-1", backend) == [sameMillisecond, second, first])
        #expect(ids("w-1", backend) == [first])  // the requests it won
        #expect(ids("nobody", backend).isEmpty)
        #expect(backend.listRequests(userID: "", now: 50).body["error"]?["field"] == "userId")
        var faulty = Base.backend(faults: .historyOldestFirst)
        _ = try Self.posted(&faulty, now: 10)
        _ = try Self.posted(&faulty, now: 20)
        #expect(ids("c-1", faulty) == ["R-1", "R-2"])
    }

    @Test func theMeProfileIsTheRecordAndAReportedPositionIsUsedForTheApply() throws {
        var backend = Base.backend()
        var answer = backend.meProfile(workerID: "w-1")
        #expect(answer.body["name"] == "Worker w-1" && answer.body["rating"] == 4.5)
        #expect(answer.body["profile"]?["categories"] == ["7"] && answer.body["profile"]?["lat"] == 19.4326)
        #expect(backend.meProfile(workerID: "w-404").body["error"]?["code"] == "not_found")
        #expect(backend.putPosition(workerID: "w-1", body: ["lat": 95, "lng": 0]).body["error"]?["field"] == "lat")
        #expect(backend.putPosition(workerID: "w-404", body: ["lat": 1, "lng": 0]).body["error"]?["code"] == "not_found")
        #expect(backend.putPosition(workerID: "w-1", body: ["lat": 19.45, "lng": -99.1332]).status == 200)
        answer = backend.meProfile(workerID: "w-1")
        #expect(answer.body["profile"]?["lat"] == 19.45)
        let reqID = try Self.posted(&backend)
        let apply = backend.workerAccept(reqID: reqID, body: ["workerId": "w-1"], now: 1).emissions.first?.payload
        #expect(apply?["lat"] == 19.45)  // REST-18, MSG-9

        var ignoring = Base.backend(faults: .positionIgnored)
        _ = ignoring.putPosition(workerID: "w-1", body: ["lat": 19.45, "lng": -99.1332])
        #expect(ignoring.meProfile(workerID: "w-1").body["profile"]?["lat"] == 19.4326)
        let stale = Base.backend(faults: .meProfileIgnoresFixture)
        #expect(stale.meProfile(workerID: "w-1").body["profile"]?["categories"] == [])
    }

    @Test func onlyThePartiesMayEndARequestAndLearnAnEndFirst() throws {
        var backend = Base.backend()
        let reqID = try Self.posted(&backend)
        #expect(backend.cancel(reqID: reqID, body: ["reason": "x", "clientId": 7.5], now: 1).body["error"]?["field"] == "clientId")  // REST-19, REST-13
        #expect(backend.cancel(reqID: reqID, body: ["reason": "x", "clientId": "c-2"], now: 1).body["error"]?["code"] == "not_eligible")
        _ = backend.workerAccept(reqID: reqID, body: ["workerId": "w-1"], now: 2)
        #expect(backend.close(reqID: reqID, body: ["outcome": "happy", "by": "worker", "clientId": "c-1"], now: 3).body["error"]?["field"] == "clientId")
        #expect(backend.close(reqID: reqID, body: ["outcome": "happy", "by": "worker", "workerId": "w-2"], now: 3).body["error"]?["code"] == "not_eligible")
        #expect(backend.close(reqID: reqID, body: ["outcome": "happy", "by": "worker", "workerId": "w-404"], now: 3).body["error"]?["code"] == "not_eligible")
        #expect(backend.close(reqID: reqID, body: ["outcome": "happy", "by": "client", "clientId": "c-2"], now: 3).body["error"]?["code"] == "not_eligible")
        #expect(backend.close(reqID: reqID, body: ["outcome": "happy", "by": "client", "clientId": "c-1"], now: 4).status == 200)
        // REST-14: an ended request is reported before the caller is looked at.
        #expect(backend.cancel(reqID: reqID, body: ["reason": "x", "clientId": "c-2"], now: 5).body["error"]?["code"] == "request_closed")

        // A call without an id is the right caller's (REST-19).
        var anonymous = Base.backend()
        let other = try Self.posted(&anonymous)
        #expect(anonymous.cancel(reqID: other, body: ["reason": "x"], now: 1).status == 200)

        var lax = Base.backend(faults: .anyoneMayEnd)
        let open = try Self.posted(&lax)
        #expect(lax.cancel(reqID: open, body: ["reason": "x", "clientId": "c-2"], now: 1).status == 200)
    }

    @Test func theFaultsOfTheNewRecordsAndOfTime() throws {
        var dropping = Base.backend(faults: .delayDropped)
        dropping.register(ClientRecord(id: CanonicalID("c-1"), blockedWorkers: [CanonicalID("w-2")], offerDelaySeconds: 3))
        let new = dropping.postRequest(body: Base.post(), now: 0).emissions.first?.payload
        #expect(new?["Delay"] == nil && new?["BlockedXP"] == ["w-2"])  // MSG-14 broken

        var hiding = Base.backend(faults: .stateHidesProgress)
        let won = try Self.posted(&hiding)
        _ = hiding.workerAccept(reqID: won, body: ["workerId": "w-1"], now: 1)
        #expect(hiding.getRequest(reqID: won, now: 2).body["request"]?["status"] == "open")

        // FLOW-15: without the fault a request outlives the timeout; with it, it is cancelled unasked.
        var keeping = Base.backend()
        let kept = try Self.posted(&keeping)
        #expect(keeping.workerAccept(reqID: kept, body: ["workerId": "w-1"], now: 700_000).status == 200)
        var expiring = Base.backend(faults: .requestsExpire)
        let expired = try Self.posted(&expiring)
        #expect(expiring.getRequest(reqID: expired, now: 600_000).body["request"]?["status"] == "cancelled")
        #expect(expiring.workerAccept(reqID: expired, body: ["workerId": "w-1"], now: 600_000).body["error"]?["code"] == "request_cancelled")
        #expect(expiring.getJobs(workerID: "w-1", now: 600_000).body["jobs"] == [])
    }

    @Test func theRouterServesTheNewPaths() throws {
        var backend = Base.backend()
        let reqID = try Self.posted(&backend)
        let state = BackendRouter.handle(RESTRequest(method: "GET", target: "/api/requests/\(reqID)"), backend: &backend, now: 1)
        #expect(state.body["request"]?["ReqID"]?.stringValue == reqID)
        let history = BackendRouter.handle(RESTRequest(method: "GET", target: "/api/requests?userId=c-1"), backend: &backend, now: 1)
        #expect(history.body["requests"]?.arrayValue?.count == 1)
        let profile = BackendRouter.handle(RESTRequest(method: "GET", target: "/api/workers/w-1"), backend: &backend, now: 1)
        #expect(profile.body["profile"]?["userID"] == "w-1")
        let moved = BackendRouter.handle(RESTRequest(method: "PUT", target: "/api/workers/w-1/position", body: Array(#"{"lat":1,"lng":2}"#.utf8)), backend: &backend, now: 1)
        #expect(moved.status == 200 && backend.workers[CanonicalID("w-1")]?.profile.position == GeoPoint(lat: 1, lng: 2))
    }
}
