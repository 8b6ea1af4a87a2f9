import Testing
import JobWire
import SocketIOWire
@testable import JobWireBroker

/// The history's retention (REST-16): an ended request stays readable a day after it ended, then
/// the backend forgets it on its next call; a request not ended is never forgotten.
struct JobDispatchBackendRetentionTests {
    static let day = JobDispatchBackend.minimumHistoryRetentionMs

    /// The status of `reqID` as a state read through the router answers it at `now`, or its error code.
    static func status(_ reqID: String, _ backend: inout JobDispatchBackend, now: Int64) -> String? {
        let reply = BackendRouter.handle(RESTRequest(method: "GET", target: "/api/requests/\(reqID)"), backend: &backend, now: now)
        return reply.body["request"]?["status"]?.stringValue ?? reply.body["error"]?["code"]?.stringValue
    }

    /// The ids `user`'s history lists at `now`, through the router.
    static func history(_ user: String, _ backend: inout JobDispatchBackend, now: Int64) -> [String] {
        let reply = BackendRouter.handle(RESTRequest(method: "GET", target: "/api/requests?userId=\(user)"), backend: &backend, now: now)
        return (reply.body["requests"]?.arrayValue ?? []).compactMap { $0["ReqID"]?.stringValue }
    }

    @Test func anEndedRequestIsKeptADayThenForgottenAndOneInProgressNever() throws {
        var backend = JobDispatchBackendTests.backend()
        let cancelled = try JobDispatchBackendStateTests.posted(&backend, now: 0)
        let closed = try JobDispatchBackendStateTests.posted(&backend, now: 1)
        let won = try JobDispatchBackendStateTests.posted(&backend, now: 2)
        _ = backend.cancel(reqID: cancelled, body: ["reason": "no", "clientId": "c-1"], now: 100)
        _ = backend.workerAccept(reqID: closed, body: ["workerId": "w-1"], now: 150)
        _ = backend.close(reqID: closed, body: ["outcome": "happy", "by": "worker"], now: 200)
        _ = backend.workerAccept(reqID: won, body: ["workerId": "w-2"], now: 250)
        #expect(Self.status(cancelled, &backend, now: 100 + Self.day - 1) == "cancelled")
        #expect(Self.history("c-1", &backend, now: 100 + Self.day - 1) == [won, closed, cancelled])
        #expect(Self.status(cancelled, &backend, now: 100 + Self.day) == "not_found")
        #expect(Self.history("c-1", &backend, now: 100 + Self.day) == [won, closed])
        #expect(Self.status(closed, &backend, now: 200 + Self.day) == "not_found")
        #expect(Self.status(won, &backend, now: 200 + 30 * Self.day) == "inProgress")
        #expect(Self.history("w-2", &backend, now: 200 + 30 * Self.day) == [won])
        #expect(backend.requests.count == 1)
    }

    @Test func aLongerRetentionKeepsThemLonger() throws {
        var backend = JobDispatchBackendTests.backend()
        backend.historyRetentionMs = 2 * Self.day
        let cancelled = try JobDispatchBackendStateTests.posted(&backend, now: 0)
        _ = backend.cancel(reqID: cancelled, body: ["reason": "no"], now: 10)
        #expect(Self.status(cancelled, &backend, now: 10 + Self.day) == "cancelled")
        #expect(Self.status(cancelled, &backend, now: 10 + 2 * Self.day) == "not_found")
    }
}
