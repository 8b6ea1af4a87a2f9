import Testing
@testable import JobWire
import SocketIOWire

/// Malformed scenarios and impossible steps are refused with the field's path (OFFL-15).
struct OfflineInputTests {
    static let state = #"{"connectivity":"online","screen":"contacts","jwt":null,"everOnline":true,"entities":{"c-1":{"name":"Ana"}},"queue":[],"inFlight":[],"nextTempId":1,"nextSeq":1}"#

    private func refused(_ input: String) -> String? {
        switch OfflineScenario.run(input: JSONValue.parsing(input)) {
        case .success: return nil
        case .failure(let error): return error.field
        }
    }

    @Test(arguments: [
        (#"[]"#, "input"),
        (#"{"steps":[]}"#, "initial"),
        (#"{"initial":{"connectivity":"wifi"},"steps":[]}"#, "initial.connectivity"),
        (#"{"initial":\#(state.replacingOccurrences(of: #""jwt":null"#, with: #""jwt":{"token":"t","expiresAt":"soon"}"#)),"steps":[]}"#, "initial.jwt.expiresAt"),
        (#"{"initial":\#(state.replacingOccurrences(of: #""jwt":null,"everOnline":true"#, with: #""jwt":{"token":"t","expiresAt":5},"everOnline":false"#)),"steps":[]}"#, "initial.everOnline"),
        (#"{"initial":\#(state.replacingOccurrences(of: #""queue":[]"#, with: #""queue":[{"seq":1,"kind":"list"}]"#)),"steps":[]}"#, "initial.queue[0].kind"),
        (#"{"initial":\#(state),"steps":{}}"#, "steps"),
        (#"{"initial":\#(state),"steps":[{"op":"fly"}]}"#, "steps[0].op"),
        (#"{"initial":\#(state),"steps":[{"op":"refresh"},{"op":"response","seq":1,"outcome":"ok"}]}"#, "steps[1].body"),
        (#"{"initial":\#(state),"steps":[{"op":"refresh"},{"op":"response","seq":1,"outcome":"ok","body":{"items":[{"id":"c-2","data":{}},{"id":"c-2","data":{}}]}}]}"#, "steps[1].body.items[1].id"),
        (#"{"initial":\#(state),"steps":[{"op":"response","seq":1.5,"outcome":"ok"}]}"#, "steps[0].seq"),
        (#"{"initial":\#(state),"steps":[{"op":"create","data":{}},{"op":"edit","id":"c-2","changes":{}}]}"#, "steps[1].id"),
    ])
    func theFirstBadFieldIsNamed(input: String, field: String) {
        #expect(refused(input) == field)
    }

    @Test func aWholeNumberWrittenWithAFractionIsAccepted() {
        #expect(refused(#"{"initial":\#(Self.state.replacingOccurrences(of: #""nextSeq":1"#, with: #""nextSeq":3.0"#)),"steps":[{"op":"refresh"}]}"#) == nil)
    }

    @Test func stepsAreCheckedOnlyWhenReached() {
        // The edit of tmp-1 is fine until the response replaced its id.
        let input = #"{"initial":\#(Self.state),"steps":[{"op":"create","data":{}},{"op":"edit","id":"tmp-1","changes":{}},{"op":"response","seq":1,"outcome":"ok","body":{"id":"c-9"}},{"op":"edit","id":"tmp-1","changes":{}}]}"#
        #expect(refused(input) == "steps[3].id")
    }

    @Test func theStateRoundTripsThroughJSON() throws {
        var app = OfflineFixtures.app(.offline)
        try app.apply(.create(data: OfflineFixtures.bea))
        try app.apply(.edit(id: "c-1", changes: ["city": "Segovia"]))
        try app.apply(.goOnline)
        #expect(try OfflineAppModel(json: app.json) == app)
        for operation: OfflineOperation in [.refresh, .create(data: ["a": 1]), .edit(id: "c-1", changes: [:]), .response(seq: 2, outcome: .failure, body: nil), .launch(now: 5), .enterPIN(accepted: false)] {
            #expect(try OfflineOperation(json: operation.json, path: "s") == operation)
        }
    }

    @Test func apiErrorsAreRelativeToTheOperation() {
        var app = OfflineFixtures.app(.online)
        do {
            try app.apply(.response(seq: 9, outcome: .ok, body: nil))
            Issue.record("a response to nothing was accepted")
        } catch {
            #expect(error.field == "seq")
            #expect(error.prefixed(by: "steps[4]").field == "steps[4].seq")
        }
    }
}
