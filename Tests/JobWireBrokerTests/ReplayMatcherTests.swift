import JobWire
import SocketIOWire
import Testing

@testable import JobWireBroker

/// `jobwire broker --replay`'s matching, without a network: calls and emits are matched modulo
/// volatile members and redaction stand-ins, answered with the recorded answer and the events
/// the apps received next, each step once; anything else is a mismatch naming the nearest step.
struct ReplayMatcherTests {
    static let capture = """
        {"format":"jobwire-trace","version":1,"roles":["client","worker"],"subject":["backend"]}
        {"ts":1,"actor":"worker","id":"w-1","kind":"io.connected","auth":{"userId":"w-1","role":"worker"}}
        {"ts":2,"actor":"client","id":"c-1","kind":"http.request","xid":"x-1","method":"POST","path":"/api/requests","body":{"clientId":"c-1","CatID":9,"description":"Leaking tap","sentAt":5}}
        {"ts":3,"actor":"client","id":"c-1","kind":"http.response","xid":"x-1","status":200,"body":{"ok":true,"ReqID":"R-1"}}
        {"ts":4,"actor":"worker","id":"w-1","kind":"io.in","event":"new","payload":{"ReqID":"R-1"}}
        {"ts":5,"actor":"client","kind":"http.request","xid":"x-2","method":"POST","path":"/api/auth/login","body":{"email":"a@example.test","password":"redacted-1"}}
        {"ts":6,"actor":"client","kind":"http.response","xid":"x-2","status":200,"body":{"ok":true,"token":"redacted-2"}}
        {"ts":7,"actor":"worker","id":"w-1","kind":"io.out","event":"ping","payload":{"n":1}}
        {"ts":8,"actor":"worker","id":"w-1","kind":"io.in","event":"pong","payload":{"n":1}}

        """

    static func matcher(volatile: VolatileMembers = VolatileMembers()) throws -> ReplayMatcher {
        var events: [TraceEvent] = []
        try TraceReader.read(text: capture, file: "c.jsonl") { (item: TraceReader.Item) throws(InputError) in
            if case .event(let event) = item { events.append(event) }
        }
        return ReplayMatcher(script: RecordedScript(events: events), volatile: volatile)
    }

    @Test func aCallIsAnsweredAsRecordedWithTheEventsThatFollowedIt() throws {
        var matcher = try Self.matcher()
        #expect(matcher.connect(TraceActor(.worker, id: "w-1")) != nil)
        let body = try JSONParser.parse(#"{"clientId":"c-1","CatID":9,"description":"Leaking tap","sentAt":99}"#)
        let answer = try matcher.call(method: "POST", path: "/api/requests", body: body, from: nil).get()
        #expect(answer.status == 200)
        #expect(answer.body?["ReqID"] == "R-1")
        // The post named no worker, so its `new` went to the channel (MSG-3).
        #expect(answer.pushes == [RecordedScript.Push(line: 5, to: "w-1", event: "new", payload: ["ReqID": "R-1"], room: "workers")])
        // Each step is matched once.
        #expect(throws: ReplayMismatch.self) { try matcher.call(method: "POST", path: "/api/requests", body: body, from: nil).get() }
    }

    @Test func aRedactedSecretMatchesTheRealOne() throws {
        var matcher = try Self.matcher()
        let answer = try matcher.call(method: "POST", path: "/api/auth/login", body: ["email": "a@example.test", "password": "hunter2"], from: nil).get()
        #expect(answer.body?["token"] == "redacted-2")
    }

    @Test func anEmitIsMatchedAndTheRecordedAnswerSent() throws {
        var matcher = try Self.matcher()
        let answer = try matcher.emit(event: "ping", payload: ["n": 1], from: TraceActor(.worker, id: "w-1")).get()
        #expect(answer.pushes.map(\.event) == ["pong"])
        #expect(matcher.remaining.count == 3)
    }

    @Test func anUnrecordedCallNamesItselfAndTheNearestRecordedStep() throws {
        var matcher = try Self.matcher()
        let result = matcher.call(method: "POST", path: "/api/requests", body: ["clientId": "c-1", "CatID": 9, "description": "Broken boiler"], from: nil)
        guard case .failure(let mismatch) = result else {
            Issue.record("an unrecorded body was matched")
            return
        }
        #expect(mismatch.description.contains(#"unmatched: POST /api/requests with {"clientId":"c-1","CatID":9,"description":"Broken boiler"} was never recorded"#))
        #expect(mismatch.description.contains("nearest recorded: line 3, client c-1 POST /api/requests"))
        #expect(matcher.remaining.count == 4)
    }

    @Test func aVolatilePathMatchesAnyValueThereAndNowhereElse() throws {
        let body: JSONValue = ["clientId": "c-1", "CatID": 9, "description": "Dripping tap", "sentAt": 5]
        var strict = try Self.matcher()
        #expect(throws: ReplayMismatch.self) { try strict.call(method: "POST", path: "/api/requests", body: body, from: nil).get() }
        var elsewhere = try Self.matcher(volatile: VolatileMembers(["request.description"]))
        #expect(throws: ReplayMismatch.self) { try elsewhere.call(method: "POST", path: "/api/requests", body: body, from: nil).get() }
        var named = try Self.matcher(volatile: VolatileMembers(["description"]))
        #expect(try named.call(method: "POST", path: "/api/requests", body: body, from: nil).get().body?["ReqID"] == "R-1")
    }

    @Test func queryOrderDoesNotMatterButTheQueryDoes() {
        #expect(ReplayMatcher.samePath("/api/jobs?a=1&b=2", "/api/jobs?b=2&a=1"))
        #expect(!ReplayMatcher.samePath("/api/jobs?a=1", "/api/jobs?a=2"))
    }
}
