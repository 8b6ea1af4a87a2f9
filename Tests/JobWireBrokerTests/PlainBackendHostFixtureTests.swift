import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The fixtures the plain backend's host answers for both backends: the settings announce the
/// timeout and the task API's boundaries (FIX-3, FIX-5), and the clock fixture moves the clock
/// both backends read (FIX-4).
struct PlainBackendHostFixtureTests {
    typealias F = TaskFixtures

    /// A clock a test cannot move, as a backend without the hook has.
    struct FixedClock: BrokerClock {
        func now() -> Int64 { F.now }
    }

    static func host(profile: ProtocolProfile = .standard, tasks: TaskSettings = .standard, clock: any BrokerClock) -> PlainBackendHost {
        PlainBackendHost(backend: JobDispatchBackend(profile: profile, timeoutMs: 5_000), tasks: TaskBackend(settings: tasks, seed: 3), clock: clock)
    }

    static func call(_ host: PlainBackendHost, _ method: String, _ target: String, _ body: String = "", auth: String? = nil) -> BackendReply {
        host.call(RESTRequest(method: method, target: target, body: Array(body.utf8), headers: auth.map { ["Authorization": $0] } ?? [:]))
    }

    @Test func theSettingsAnnounceTheTaskBoundariesBesideTheTimeout() {
        var tasks = TaskSettings()
        tasks.sessionTtlMs = 60_000
        let reply = Self.call(Self.host(tasks: tasks, clock: FixedClock()), "GET", "/api/settings")
        #expect(reply.body == ["ok": true, "timeoutMs": 5_000, "taskCancelCutoffMs": 172_800_000, "sessionTtlMs": 60_000, "rememberMeTtlMs": 2_592_000_000])
    }

    @Test func theClockFixtureMovesTheClockATokenExpiresBy() throws {
        let clock = ManualBrokerClock(start: F.now)
        let host = Self.host(clock: clock)
        let signUp = Self.call(host, "POST", "/api/auth/signup", #"{"email":"ana@example.com","password":"pw"}"#)
        let auth = "Bearer \(try #require(signUp.body["token"]?.stringValue))"
        #expect(Self.call(host, "POST", "/api/clock", #"{"advanceMs":86399999}"#).body == ["ok": true, "now": .int(F.now + F.day - 1)])
        #expect(Self.call(host, "GET", "/api/tasks", auth: auth).status == 200)
        #expect(Self.call(host, "POST", "/api/clock", #"{"advanceMs":1}"#).body["now"] == .int(F.now + F.day))
        #expect(Self.call(host, "GET", "/api/tasks", auth: auth).status == 401)  // TASK-6 on the moved clock
        #expect(Self.call(host, "POST", "/api/clock", #"{"advanceMs":0}"#).body["now"] == .int(F.now + F.day))
    }

    @Test(arguments: [
        (#"{"advanceMs":-1}"#, "advanceMs"), (#"{"advanceMs":1.5}"#, "advanceMs"), (#"{"advanceMs":"60000"}"#, "advanceMs"), ("{}", "advanceMs"),
        (#"{"advanceMs":9223372036854775807}"#, "advanceMs"), ("[1]", "body"), ("{", "body"),
    ])
    func aBadClockMoveIsABadRequestAndTheClockStays(_ body: String, _ field: String) {
        let clock = ManualBrokerClock(start: F.now)
        let reply = Self.call(Self.host(clock: clock), "POST", "/api/clock", body)
        #expect(reply.status == 400 && F.field(reply) == field)
        #expect(clock.now() == F.now)
    }

    @Test func withoutAMovableClockOrAPathThereIsNoClockFixture() {
        #expect(Self.call(Self.host(clock: FixedClock()), "POST", "/api/clock", #"{"advanceMs":1}"#).status == 404)
        var profile = ProtocolProfile()
        profile.clockFixture = nil
        let clock = ManualBrokerClock(start: F.now)
        #expect(Self.call(Self.host(profile: profile, clock: clock), "POST", "/api/clock", #"{"advanceMs":1}"#).status == 404)
        #expect(clock.now() == F.now)
    }
}
