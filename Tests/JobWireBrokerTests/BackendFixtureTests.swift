import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The reference backend's test fixtures (FIX-1 ... FIX-3) through its router, and the faults
/// that change where events go.
struct BackendFixtureTests {
    static func route(_ backend: inout JobDispatchBackend, _ method: String, _ target: String, _ body: String = "") -> BackendReply {
        BackendRouter.handle(RESTRequest(method: method, target: target, body: Array(body.utf8)), backend: &backend, now: 1_000)
    }

    @Test func aWorkerPutByTheFixtureCanWin() throws {
        var backend = JobDispatchBackend()
        let put = Self.route(&backend, "PUT", "/api/workers/w-9", #"{"name":"Eva","avatar":"https://a.test/e.png","rating":null,"profile":{"userID":"w-9","expertActive":true,"categories":["7"],"maxKms":10,"lat":19.4326,"lng":-99.1332}}"#)
        #expect(put.status == 200)
        #expect(backend.workers[CanonicalID("w-9")]?.rating == nil)
        let reqID = try #require(backend.postRequest(body: JobDispatchBackendTests.post(), now: 0).body["ReqID"]?.stringValue)
        let accept = backend.workerAccept(reqID: reqID, body: ["workerId": "w-9"], now: 1)
        #expect(accept.status == 200)
        #expect(accept.emissions.first?.payload["workerName"] == "Eva")
    }

    @Test func aBadWorkerFixtureNamesTheField() {
        var backend = JobDispatchBackend()
        let put = Self.route(&backend, "PUT", "/api/workers/w-9", #"{"name":"Eva","avatar":"x","profile":{"userID":"w-9","expertActive":"yes"}}"#)
        #expect(put.status == 400)
        #expect(put.body["error"]?["field"] == "profile.expertActive")
        let mismatch = Self.route(&backend, "PUT", "/api/workers/w-9", #"{"name":"Eva","avatar":"x","profile":{"userID":"w-8","expertActive":true,"categories":[],"maxKms":1,"lat":0,"lng":0}}"#)
        #expect(mismatch.body["error"]?["field"] == "profile.userID")
    }

    @Test func aClientFixtureFillsBlockedXPAndDelay() {
        var backend = JobDispatchBackend()
        #expect(Self.route(&backend, "PUT", "/api/clients/c-1", #"{"BlockedXP":["w-1",7],"Delay":30}"#).status == 200)
        let new = backend.postRequest(body: JobDispatchBackendTests.post(), now: 0).emissions.first?.payload
        #expect(new?["BlockedXP"] == ["w-1", "7"])
        #expect(new?["Delay"] == 30)
        #expect(Self.route(&backend, "PUT", "/api/clients/c-1", #"{"Delay":1.5}"#).body["error"]?["field"] == "Delay")
    }

    @Test func theSettingsAnnounceTheTimeout() {
        var backend = JobDispatchBackend(timeoutMs: 5_000)
        #expect(Self.route(&backend, "GET", "/api/settings").body["timeoutMs"] == 5_000)
    }

    @Test func withoutFixturePathsThereIsNoHook() {
        var profile = ProtocolProfile()
        profile.routes[.workerFixture] = nil
        var backend = JobDispatchBackend(profile: profile)
        #expect(Self.route(&backend, "PUT", "/api/workers/w-9", "{}").status == 404)
    }

    @Test func theDirectToChannelFaultBroadcastsADirectRequest() {
        var backend = JobDispatchBackendTests.backend(faults: .directNewToChannel)
        let reply = backend.postRequest(body: JobDispatchBackendTests.post(#","workerId":"w-2""#), now: 0)
        #expect(reply.emissions.first?.room == "workers")
    }

    @Test func theApplyFaultReachesOtherClients() throws {
        var backend = JobDispatchBackendTests.backend(faults: .applyToEveryone)
        _ = backend.postRequest(body: JSONValue.parsing(JobDispatchBackendTests.post().compactText.replacingOccurrences(of: "c-1", with: "c-2")), now: 0)
        let reqID = try #require(backend.postRequest(body: JobDispatchBackendTests.post(), now: 0).body["ReqID"]?.stringValue)
        let accept = backend.workerAccept(reqID: reqID, body: ["workerId": "w-1"], now: 1)
        #expect(accept.emissions.map(\.room) == ["c-1", "workers", "c-2"])
    }
}
