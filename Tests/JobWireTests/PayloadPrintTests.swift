import SocketIOWire
import Testing

@testable import JobWire

/// The print a retired request keeps of its payloads (REST-15): equal for what
/// ``StateReadJudge/same(_:_:)`` calls the same, different for a changed member, a missing one
/// or a null in place of an emitted payload.
struct PayloadPrintTests {
    static let new: JSONValue = .object(["ReqID": "R-1", "CatID": 9, "Delay": 5, "BlockedXP": .array(["w-2"]), "lat": 40.01])
    static let apply: JSONValue = .object(["ReqID": "R-1", "workerId": "w-1", "workerRating": 4.5])
    static let end: JSONValue = .object(["ReqID": "R-1", "outcome": "happy", "by": "client"])

    static func state(new: JSONValue?, apply: JSONValue?, end: JSONValue?) -> JSONObject {
        ["ReqID": "R-1", "status": "closed", "new": new ?? .null, "apply": apply ?? .null, "end": end ?? .null]
    }

    static var emitted: RetiredPayloads {
        var request = RequestState(reqID: "R-1")
        (request.newPayload, request.applyPayload, request.endPayload) = (new, apply, end)
        return RetiredPayloads(request)
    }

    @Test func theSamePayloadsMatchWhateverTheirMembersOrderAndNumberSpelling() {
        let reordered: JSONValue = .object(["lat": 40.01, "BlockedXP": .array(["w-2"]), "Delay": .double(5.0), "CatID": 9, "ReqID": "R-1"])
        #expect(StateReadJudge.same(reordered, Self.new))
        #expect(Self.emitted.matches(Self.state(new: reordered, apply: Self.apply, end: Self.end)))
    }

    @Test func aChangedMissingOrNulledPayloadDoesNotMatch() {
        let changed: [JSONObject] = [
            Self.state(new: .object(["ReqID": "R-1", "CatID": 9, "Delay": 6, "BlockedXP": .array(["w-2"]), "lat": 40.01]), apply: Self.apply, end: Self.end),
            Self.state(new: .object(["ReqID": "R-1", "CatID": 9, "Delay": 5, "BlockedXP": .array([]), "lat": 40.01]), apply: Self.apply, end: Self.end),
            Self.state(new: .object(["ReqID": "R-1", "CatID": 9, "Delay": 5, "lat": 40.01]), apply: Self.apply, end: Self.end),
            Self.state(new: Self.new, apply: nil, end: Self.end),
            Self.state(new: Self.new, apply: Self.apply, end: .object(["ReqID": "R-1", "outcome": "unhappy", "by": "client"])),
            Self.state(new: Self.apply, apply: Self.new, end: Self.end),
        ]
        for state in changed { #expect(!Self.emitted.matches(state), "\(JSONValue.object(state).compactText)") }
    }

    /// A payload the request never emitted is not asked for: a request cancelled before any win has no `apply`.
    @Test func onlyTheEmittedPayloadsCount() {
        var request = RequestState(reqID: "R-1")
        (request.newPayload, request.endPayload) = (Self.new, Self.end)
        let retired = RetiredPayloads(request)
        #expect(retired.matches(Self.state(new: Self.new, apply: nil, end: Self.end)))
        #expect(!retired.matches(Self.state(new: Self.new, apply: nil, end: nil)))
    }
}
