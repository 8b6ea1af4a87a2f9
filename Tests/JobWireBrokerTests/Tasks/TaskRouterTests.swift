import Foundation
import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The task API's routes by the Configuration's paths (TASK-1 ... TASK-26): every path reaches
/// its call, the token comes from the Authorization header, and anything else is left to the job
/// flow's router.
struct TaskRouterTests {
    typealias F = TaskFixtures

    static func request(_ method: String, _ target: String, _ body: JSONValue? = nil, auth: String? = nil) -> RESTRequest {
        RESTRequest(method: method, target: target, body: body.map { Array($0.compactText.utf8) } ?? [], headers: auth.map { ["Authorization": $0] } ?? [:])
    }

    @Test func everyPathReachesItsCall() {
        let routes = ProtocolProfile.standard.taskRoutes
        let calls: [(String, String, TaskRouter.Call)] = [
            ("GET", "/api/users/exists", .userExists), ("POST", "/api/auth/signup", .signUp), ("POST", "/api/auth/login", .logIn),
            ("POST", "/api/tasks", .createTask), ("GET", "/api/tasks", .listTasks), ("PUT", "/api/tasks/T-1", .editTask("T-1")),
            ("POST", "/api/tasks/T-1/cancel", .cancelTask("T-1")), ("POST", "/api/tasks/T%2D1/complete", .completeTask("T-1")),
            ("GET", "/api/tasks/T-1/contractors", .candidates("T-1")), ("PUT", "/api/tasks/T-1/contractor", .chooseContractor("T-1")),
            ("POST", "/api/contractors/U-2/reviews", .review("U-2")), ("GET", "/api/tasks/T-1", .readTask("T-1")),
            ("GET", "/api/contractors/U-2", .contractor("U-2")), ("GET", "/api/users/me", .me), ("PUT", "/api/users/me", .updateMe),
            ("PUT", "/api/users/me/image", .meImage), ("DELETE", "/api/users/me", .deleteMe),
        ]
        for (method, path, call) in calls {
            #expect(TaskRouter.route(Self.request(method, path), routes) == call, "\(method) \(path)")
        }
        for (method, path) in [
            ("DELETE", "/api/tasks/T-1"), ("POST", "/api/requests"), ("GET", "/api/tasks/T-1/x/contractors"), ("PUT", "/api/tasks"),
            ("POST", "/api/users/me"), ("GET", "/api/users/me/image"), ("GET", "/api/contractors/U-2/x"), ("GET", "/api/settings"), ("POST", "/api/clock"),
        ] {
            #expect(TaskRouter.route(Self.request(method, path), routes) == nil, "\(method) \(path)")
        }
    }

    @Test func aSessionOverTheRouterUsesTheAuthorizationHeader() throws {
        var backend = F.backend()
        let signUp = try #require(TaskRouter.handle(Self.request("POST", "/api/auth/signup", ["email": "ana@example.com", "password": "pw"]), profile: .standard, backend: &backend, now: F.now))
        let auth = "Bearer \(signUp.body["token"]?.stringValue ?? "")"
        let exists = TaskRouter.handle(Self.request("GET", "/api/users/exists?email=ana%40example.com"), profile: .standard, backend: &backend, now: F.now)
        #expect(exists?.body["exists"] == true)
        let created = TaskRouter.handle(Self.request("POST", "/api/tasks", F.draft(), auth: auth), profile: .standard, backend: &backend, now: F.now)
        #expect(created?.status == 200)
        let listed = TaskRouter.handle(Self.request("GET", "/api/tasks", auth: auth), profile: .standard, backend: &backend, now: F.now)
        #expect(listed?.body["tasks"]?.arrayValue?.count == 1)
        #expect(TaskRouter.handle(Self.request("GET", "/api/tasks"), profile: .standard, backend: &backend, now: F.now)?.status == 401)
    }

    @Test func aBodyThatIsNotJSONIsABadRequestOnBody() {
        var backend = F.backend()
        let request = RESTRequest(method: "POST", target: "/api/auth/login", body: Array("{email".utf8))
        let reply = TaskRouter.handle(request, profile: .standard, backend: &backend, now: F.now)
        #expect(reply?.status == 400 && reply.map(F.field) == "body")
    }

    @Test func configuredPathsAreTheOnesRouted() {
        var profile = ProtocolProfile()
        profile.taskRoutes[.listTasks] = RESTRoute("GET /v2/jobs")
        profile.taskRoutes[.editTask] = RESTRoute("PUT /v2/jobs/{objectId}")
        #expect(TaskRouter.route(Self.request("GET", "/v2/jobs"), profile.taskRoutes) == .listTasks)
        #expect(TaskRouter.route(Self.request("PUT", "/v2/jobs/T-4"), profile.taskRoutes) == .editTask("T-4"))
        #expect(TaskRouter.route(Self.request("GET", "/api/tasks"), profile.taskRoutes) == nil)
        // The method is the route's too.
        profile.taskRoutes[.deleteMe] = RESTRoute("POST /api/users/me/delete")
        #expect(TaskRouter.route(Self.request("POST", "/api/users/me/delete"), profile.taskRoutes) == .deleteMe)
        #expect(TaskRouter.route(Self.request("DELETE", "/api/users/me"), profile.taskRoutes) == nil)
    }
}
