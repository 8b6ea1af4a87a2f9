import Foundation
import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// How `jobwire replay` reads a capture, maps the ids a new backend assigns and compares what it
/// answers, on the recorded python-socketio session (Interop/recorded_session.jsonl) and on small values.
struct ReplayScriptTests {
    static func script() throws -> ReplayScript { try ReplayScript.load(path: ReplayProcessTests.fixture) }

    @Test func theStepsAreTheAppsActsAndEachWaitsForTheEventsThatCarriedTheIDsItUses() throws {
        let script = try Self.script()
        let kinds = script.steps.map { step -> String in
            switch step.action {
            case .connect: return "connect"
            case .emit: return "emit"
            case .call(let request): return "\(request.method) \(request.path)"
            case .disconnect: return "disconnect"
            }
        }
        #expect(kinds == [
            "PUT /api/workers/w-1", "connect", "connect", "POST /api/requests", "POST /api/requests/R-1/accept", "POST /api/requests/R-1/close",
            "POST /api/auth/signup", "GET /api/users/me", "disconnect", "disconnect",
        ])
        let waits = script.steps.map { $0.waitsFor.map { script.events[$0].line } }
        // accept waits for the worker's `new` (line 10), close also for the client's `apply` (13);
        // each app leaves once it got what it got on the recording.
        #expect(waits == [[], [], [], [], [10], [10, 13], [], [], [10, 17], [13, 16]])
        #expect(script.answers[TraceActor(.client, id: "c-1"), "x-10"]?.line == 9)
        #expect(script.answers[TraceActor(.worker, id: "w-1"), "x-10"] == nil)
    }

    @Test func anAssignedIDIsLearntFromTheSamePlaceAndPutInPlaceOfTheRecordedOne() {
        var ids = ReplayIDMap()
        ids.learn(recorded: ["ok": true, "ReqID": "R-1", "user": ["id": 7, "rating": 1]], new: ["ok": true, "ReqID": "R-9", "user": ["id": 8, "rating": 1]])
        #expect(ids.rewrite(path: "/api/requests/R-1/accept") == "/api/requests/R-9/accept")
        #expect(ids.rewrite(["ReqID": "R-1", "note": "R-1", "taskId": 7, "stars": 7]) == ["ReqID": "R-9", "note": "R-9", "taskId": 8, "stars": 7])
        ids.learn(recorded: ["ReqID": "R-1"], new: ["ReqID": "R-5"])
        #expect(ids.rewrite(text: "R-1") == "R-9", "the first mapping stays")
        #expect(ids.rewrite(text: "c-1") == "c-1")
    }

    @Test func theComparisonLeavesOutTimesAndAssignedIDsButNotAContradictionOrAVolatileOnlyWhenNamed() {
        var ids = ReplayIDMap()
        ids.learn(recorded: ["ReqID": "R-1"], new: ["ReqID": "R-2"])
        let comparison = ReplayComparison(volatile: VolatileMembers(["address"]))
        let recorded: JSONValue = ["ReqID": "R-1", "createdAt": "2026-01-01T00:00:00Z", "address": "a", "BlockedXP": [], "Delay": 0]
        #expect(comparison.differences(recorded: recorded, replayed: ["ReqID": "R-2", "createdAt": "2027-01-01T00:00:00Z", "address": "b", "BlockedXP": [], "Delay": 0], ids: ids).isEmpty)
        let found = comparison.differences(recorded: recorded, replayed: ["ReqID": "R-3", "address": "b", "BlockedXP": .null, "Extra": 1], ids: ids)
        #expect(found == [
            #"ReqID: recorded "R-1" ("R-2" in the replay's ids), replayed "R-3""#, "BlockedXP: recorded [], replayed null",
            "Delay: recorded 0, replayed nothing", "Extra: recorded nothing, replayed 1",
        ])
    }

    @Test func aBodyWhereTheRecordingHasNoneOrNoneWhereItHasOneIsADifference() {
        let comparison = ReplayComparison()
        #expect(comparison.differences(recorded: nil, replayed: ["ok": true], ids: ReplayIDMap()) == [#"the body: recorded nothing, replayed {"ok":true}"#])
        #expect(comparison.differences(recorded: ["ok": true], replayed: nil, ids: ReplayIDMap()) == [#"the body: recorded {"ok":true}, replayed nothing"#])
        #expect(comparison.differences(recorded: nil, replayed: nil, ids: ReplayIDMap()).isEmpty)
        #expect(comparison.differences(recorded: [1, 2], replayed: [1], ids: ReplayIDMap()) == ["the body: recorded [1,2], replayed [1]"])
    }

    @Test func aConnectionRecordedOnlyAsAcceptedIsPlayedToo() throws {
        let text = """
            {"format":"jobwire-trace","version":1,"roles":["client","worker"],"subject":["backend"]}
            {"ts":1,"actor":"worker","id":"w-1","kind":"io.connected","auth":{"userId":"w-1","role":"worker"}}
            {"ts":2,"actor":"worker","id":"w-1","kind":"io.disconnected","reason":"client"}
            {"ts":3,"actor":"worker","id":"w-1","kind":"io.connecting","auth":{"userId":"w-1","role":"worker"}}
            {"ts":4,"actor":"worker","id":"w-1","kind":"io.connected","auth":{"userId":"w-1","role":"worker"}}

            """
        let script = try ReplayScript.parse(text: text, file: "t.jsonl")
        #expect(script.steps.map(\.line) == [2, 3, 4], "the connected of line 2, the disconnection, the connecting of line 4 alone")
    }
}
