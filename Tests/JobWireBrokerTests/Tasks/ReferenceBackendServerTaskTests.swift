import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import Logging
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The task API over real HTTP on the reference server's port, as a `jobwire verify` case will
/// drive it: bearer tokens in the Authorization header, the job flow's routes beside it, and a
/// clock the test moves to expire a token.
@Suite(.timeLimit(.minutes(30)))
struct ReferenceBackendServerTaskTests {
    typealias F = TaskFixtures

    struct Live {
        var server: ReferenceBackendServer
        var url: URL
        var clock: ManualBrokerClock

        /// One call: status and JSON body.
        func call(_ method: String, _ path: String, _ body: JSONValue? = nil, auth: String? = nil) async throws -> (Int, JSONValue) {
            var request = URLRequest(guarding: URL(string: url.absoluteString + path)!)
            request.httpMethod = method
            if let body {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(body.compactText.utf8)
            }
            if let auth { request.setValue(auth, forHTTPHeaderField: "Authorization") }
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONParser.parse(Array(data)))
        }
    }

    static func start() async throws -> Live {
        let clock = ManualBrokerClock(start: F.now)
        let server = ReferenceBackendServer(
            backend: JobDispatchBackend(), tasks: TaskBackend(seed: 7), clock: clock,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let address = try await server.start(host: "127.0.0.1", port: 0)
        return Live(server: server, url: URL(string: "http://127.0.0.1:\(address.port ?? 0)")!, clock: clock)
    }

    @Test func aCustomerSignsUpCreatesChoosesAndReviewsOverREST() async throws {
        let live = try await Self.start()
        defer { Task { await live.server.shutdown() } }
        let (_, contractor) = try await live.call("POST", "/api/auth/signup", ["email": "luis@example.com", "password": "pw", "contractor": true, "name": "Luis"])
        let (signUpStatus, account) = try await live.call("POST", "/api/auth/signup", ["email": "ana@example.com", "password": "pw"])
        #expect(signUpStatus == 200)
        let (_, exists) = try await live.call("GET", "/api/users/exists?email=ana%40example.com")
        #expect(exists["exists"] == true)
        let (_, login) = try await live.call("POST", "/api/auth/login", ["email": "ana@example.com", "password": "pw", "rememberMe": true])
        #expect(login["expiresAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) == F.now + 30 * F.day)
        let auth = "Bearer \(try #require(login["token"]?.stringValue))"
        #expect(account["userId"] == login["userId"])

        let (createStatus, created) = try await live.call("POST", "/api/tasks", F.draft(), auth: auth)
        #expect(createStatus == 200)
        let id = try #require(created["task"]?["objectId"]?.stringValue)
        let (_, candidates) = try await live.call("GET", "/api/tasks/\(id)/contractors", auth: auth)
        #expect(candidates["contractors"]?.arrayValue?.first?["userId"] == contractor["userId"])
        let (_, chosen) = try await live.call("PUT", "/api/tasks/\(id)/contractor", ["contractor": contractor["userId"]!], auth: auth)
        #expect(chosen["task"]?["status"] == "assigned")
        let (_, review) = try await live.call("POST", "/api/contractors/\(contractor["userId"]!.stringValue!)/reviews", ["rating": 5], auth: auth)
        #expect(review["rating"]?.doubleValue == 5)
        let (_, list) = try await live.call("GET", "/api/tasks", auth: auth)
        #expect(list["tasks"]?.arrayValue?.map { $0["objectId"] } == [.string(id)])
    }

    @Test func theAccountTaskAndContractorReadsAnswerOverREST() async throws {
        let live = try await Self.start()
        defer { Task { await live.server.shutdown() } }
        let (_, luis) = try await live.call("POST", "/api/auth/signup", ["email": "luis@example.com", "password": "pw", "contractor": true, "name": "Luis"])
        let (_, ana) = try await live.call("POST", "/api/auth/signup", ["email": "ana@example.com", "password": "pw"])
        let auth = "Bearer \(try #require(ana["token"]?.stringValue))"
        let (_, updated) = try await live.call("PUT", "/api/users/me", ["name": "Ana", "phoneNumber": "+34 1", "contractor": false, "categories": []], auth: auth)
        #expect(updated["user"]?["name"] == "Ana")
        let (_, pictured) = try await live.call("PUT", "/api/users/me/image", ["image": "https://img.example.com/a.png"], auth: auth)
        #expect(pictured["user"]?["phoneNumber"] == "+34 1" && pictured["user"]?["image"] == "https://img.example.com/a.png")
        let (_, me) = try await live.call("GET", "/api/users/me", auth: auth)
        #expect(me["user"] == pictured["user"])  // TASK-19 reads what TASK-20 and TASK-21 wrote

        let (_, created) = try await live.call("POST", "/api/tasks", F.draft(), auth: auth)
        let id = try #require(created["id"]?.stringValue)
        #expect(created["task"]?["objectId"] == .string(id))  // TASK-25
        let (_, read) = try await live.call("GET", "/api/tasks/\(id)", auth: auth)
        #expect(read["task"] == created["task"])  // TASK-26
        let luisID = try #require(luis["userId"]?.stringValue)
        _ = try await live.call("PUT", "/api/tasks/\(id)/contractor", ["contractor": .string(luisID)], auth: auth)
        _ = try await live.call("POST", "/api/tasks/\(id)/complete", auth: auth)
        let (_, profile) = try await live.call("GET", "/api/contractors/\(luisID)", auth: auth)
        #expect(profile["contractor"]?["pastWork"]?.arrayValue?.map { $0["objectId"] } == [.string(id)])  // TASK-23

        let (deleteStatus, _) = try await live.call("DELETE", "/api/users/me", auth: auth)
        #expect(deleteStatus == 200)
        let (goneStatus, _) = try await live.call("GET", "/api/users/me", auth: auth)
        #expect(goneStatus == 401)  // TASK-22
    }

    @Test func theClockFixtureMovesTheServersClockAndTheSettingsAnnounceTheBoundaries() async throws {
        let live = try await Self.start()
        defer { Task { await live.server.shutdown() } }
        let (_, settings) = try await live.call("GET", "/api/settings")
        #expect(settings["sessionTtlMs"] == 86_400_000 && settings["rememberMeTtlMs"] == 2_592_000_000 && settings["taskCancelCutoffMs"] == 172_800_000)  // FIX-5
        let (_, account) = try await live.call("POST", "/api/auth/signup", ["email": "ana@example.com", "password": "pw"])
        let auth = "Bearer \(account["token"]?.stringValue ?? "")"
        let (status, moved) = try await live.call("POST", "/api/clock", ["advanceMs": .int(F.day)])
        #expect(status == 200 && moved["now"] == .int(F.now + F.day) && live.clock.now() == F.now + F.day)  // FIX-4
        let (expiredStatus, _) = try await live.call("GET", "/api/tasks", auth: auth)
        #expect(expiredStatus == 401)
    }

    @Test func failuresComeWithTheirStatusCodeAndField() async throws {
        let live = try await Self.start()
        defer { Task { await live.server.shutdown() } }
        let (_, account) = try await live.call("POST", "/api/auth/signup", ["email": "ana@example.com", "password": "pw"])
        let auth = "Bearer \(account["token"]?.stringValue ?? "")"
        let (badStatus, bad) = try await live.call("POST", "/api/tasks", F.draft(["location": ["lat": 100, "lng": 0]]), auth: auth)
        #expect(badStatus == 400 && bad["error"]?["code"] == "bad_request" && bad["error"]?["field"] == "location.lat")  // TASK-9
        let (anonymousStatus, anonymous) = try await live.call("GET", "/api/tasks")
        #expect(anonymousStatus == 401 && anonymous["error"]?["code"] == "unauthorized")  // TASK-6
        live.clock.advance(by: F.day)
        let (expiredStatus, _) = try await live.call("GET", "/api/tasks", auth: auth)
        #expect(expiredStatus == 401)  // the session token expired
        let (duplicateStatus, duplicate) = try await live.call("POST", "/api/auth/signup", ["email": "ana@example.com", "password": "pw"])
        #expect(duplicateStatus == 409 && duplicate["error"]?["code"] == "already_exists")  // TASK-2
        let (jobStatus, job) = try await live.call("POST", "/api/requests", ["clientId": "c-1"])
        #expect(jobStatus == 400 && job["error"]?["field"] == "CatID")  // the job flow's routes still answer
    }
}
