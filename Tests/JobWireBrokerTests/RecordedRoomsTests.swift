import JobWire
import SocketIOWire
import Testing

@testable import JobWireBroker

/// The room each recorded event is served to (`jobwire broker --replay`): as the backend's own
/// `io.out` says when the capture has it, else as PROTOCOL.md sends it: a `new` of a post naming
/// no worker, and a worker's `cancel` of such a request no one won, to the channel (MSG-3,
/// FLOW-8); everything else to the receiver's own room.
struct RecordedRoomsTests {
    static func script(_ text: String) throws -> RecordedScript {
        var events: [TraceEvent] = []
        try TraceReader.read(text: text, file: "c.jsonl") { (item: TraceReader.Item) throws(InputError) in
            if case .event(let event) = item { events.append(event) }
        }
        return RecordedScript(events: events)
    }

    static func rooms(_ script: RecordedScript) -> [String] {
        script.steps.flatMap(\.pushes).map { "\($0.event) \($0.to) \($0.room)" }
    }

    @Test func aRecordingOfTheAppsGetsTheRoomsThatPROTOCOLmdSays() throws {
        let script = try Self.script("""
            {"format":"jobwire-trace","version":1,"roles":["client","worker"],"subject":["backend"]}
            {"ts":1,"actor":"client","id":"c-1","kind":"http.request","xid":"x-1","method":"POST","path":"/api/requests","body":{"clientId":"c-1","CatID":9}}
            {"ts":2,"actor":"client","id":"c-1","kind":"http.response","xid":"x-1","status":200,"body":{"ok":true,"ReqID":"R-1"}}
            {"ts":3,"actor":"worker","id":"w-1","kind":"io.in","event":"new","payload":{"ReqID":"R-1"}}
            {"ts":3,"actor":"worker","id":"w-2","kind":"io.in","event":"new","payload":{"ReqID":"R-1"}}
            {"ts":4,"actor":"client","id":"c-1","kind":"http.request","xid":"x-2","method":"POST","path":"/api/requests","body":{"clientId":"c-1","CatID":9,"workerId":"w-2"}}
            {"ts":5,"actor":"client","id":"c-1","kind":"http.response","xid":"x-2","status":200,"body":{"ok":true,"ReqID":"R-2"}}
            {"ts":6,"actor":"worker","id":"w-2","kind":"io.in","event":"new","payload":{"ReqID":"R-2"}}
            {"ts":7,"actor":"client","id":"c-1","kind":"http.request","xid":"x-3","method":"POST","path":"/api/requests/R-1/cancel","body":{"reason":"changed my mind"}}
            {"ts":8,"actor":"client","id":"c-1","kind":"http.response","xid":"x-3","status":200,"body":{"ok":true,"ReqID":"R-1"}}
            {"ts":9,"actor":"client","id":"c-1","kind":"io.in","event":"cancel","payload":{"ReqID":"R-1"}}
            {"ts":9,"actor":"worker","id":"w-1","kind":"io.in","event":"cancel","payload":{"ReqID":"R-1"}}
            {"ts":10,"actor":"worker","id":"w-2","kind":"http.request","xid":"x-4","method":"POST","path":"/api/requests/R-2/accept","body":{"workerId":"w-2"}}
            {"ts":11,"actor":"worker","id":"w-2","kind":"http.response","xid":"x-4","status":200,"body":{"ok":true,"ReqID":"R-2"}}
            {"ts":12,"actor":"client","id":"c-1","kind":"io.in","event":"apply","payload":{"ReqID":"R-2","workerId":"w-2"}}

            """)
        #expect(Self.rooms(script) == [
            "new w-1 workers", "new w-2 workers", "new w-2 w-2", "cancel c-1 c-1", "cancel w-1 workers", "apply c-1 c-1",
        ])
    }

    @Test func aRecordingWithTheBackendsLinesKeepsItsRooms() throws {
        let script = try Self.script("""
            {"format":"jobwire-trace","version":1,"roles":["client","worker","backend"]}
            {"ts":1,"actor":"client","id":"c-1","kind":"http.request","xid":"x-1","method":"POST","path":"/api/requests","body":{"clientId":"c-1","CatID":9}}
            {"ts":2,"actor":"client","id":"c-1","kind":"http.response","xid":"x-1","status":200,"body":{"ok":true,"ReqID":"R-1"}}
            {"ts":3,"actor":"backend","kind":"io.out","event":"new","payload":{"ReqID":"R-1"},"to":"w-1"}
            {"ts":3,"actor":"worker","id":"w-1","kind":"io.in","event":"new","payload":{"ReqID":"R-1"}}

            """)
        // The recorded backend sent it to w-1 alone, against MSG-3: served as it was.
        #expect(Self.rooms(script) == ["new w-1 w-1"])
    }
}
