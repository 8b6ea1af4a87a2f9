import Testing
@testable import JobWire
import SocketIOWire

/// How the offline suite judges and explains an answer: the first differing step, its operation and field.
struct OfflineSuiteTests {
    static let vector = OfflineVectorTests.cases.first { $0.id == "replay.in-order-one-at-a-time" }!

    private func tampered(_ change: (inout [JSONValue]) -> Void) -> JSONValue {
        var steps = Self.vector.expect["steps"]!.arrayValue!
        change(&steps)
        return ["steps": .array(steps)]
    }

    @Test func aCorrectAnswerPassesWhateverItsMemberOrder() {
        let reordered = tampered { steps in
            steps = steps.map { step in .object(JSONObject(step.objectValue!.members.reversed())) }
        }
        #expect(OfflineSuite().mismatch(for: Self.vector, observed: reordered) == nil)
    }

    @Test func aFailureNamesTheStepItsOperationAndTheField() throws {
        let newestFirst = tampered { steps in
            var first = steps[0].objectValue!
            var effects = first["effects"]!.arrayValue!
            effects.swapAt(0, 1)
            first["effects"] = .array(effects)
            steps[0] = .object(first)
        }
        let mismatch = try #require(OfflineSuite().mismatch(for: Self.vector, observed: newestFirst))
        #expect(mismatch.expected.hasPrefix("after steps[0] (goOnline): effects[0].request.seq is 4"))
        #expect(mismatch.observed.contains("is 1"))
        #expect(mismatch.observed.contains("(effects: send #1 edit c-1, send #4 options)"))
        #expect(mismatch.observed.hasSuffix("first difference, first step"))
    }

    @Test func aLaterStepSaysWhichEarlierStepsAgree() throws {
        let wrongQueue = tampered { steps in
            var third = steps[2].objectValue!
            var state = third["state"]!.objectValue!
            state["queue"] = [["seq": 9, "kind": "edit", "id": "c-9", "data": [:]]]
            third["state"] = .object(state)
            steps[2] = .object(third)
        }
        let mismatch = try #require(OfflineSuite().mismatch(for: Self.vector, observed: wrongQueue))
        #expect(mismatch.expected == "after steps[2] (response 2 ok): state.queue[0] is (absent)")
        #expect(mismatch.observed.hasSuffix("steps[0] to steps[1] agree"))
    }

    @Test func aRefusalAfterADivergencePointsAtTheDivergence() throws {
        var steps = Self.vector.expect["steps"]!.arrayValue!
        var first = steps[0].objectValue!
        first["effects"] = [["type": "send", "request": ["seq": 4, "kind": "options"]], ["type": "send", "request": ["seq": 3, "kind": "edit", "id": "c-3", "data": [:]]]]
        steps = [.object(first)]
        let observed: JSONValue = ["invalid": ["field": "steps[1].seq", "message": "no request 1 is in flight"], "steps": .array(steps)]
        let mismatch = try #require(OfflineSuite().mismatch(for: Self.vector, observed: observed))
        #expect(mismatch.expected.hasPrefix("after steps[0] (goOnline): effects[1].request.seq is 1"))
        #expect(mismatch.observed.hasSuffix("; then input refused at steps[1].seq (no request 1 is in flight)"))
    }

    @Test func refusalsCompareByFieldOnly() {
        let expect: JSONValue = ["invalid": ["field": "steps[1].seq", "message": "documentation"]]
        let vector = VectorCase(id: "x.y", description: "d", requirement: "OFFL-15", input: ["steps": []], expect: expect, file: "f", line: 1)
        #expect(OfflineSuite().mismatch(for: vector, observed: ["invalid": ["field": "steps[1].seq", "message": "other words"]]) == nil)
        let wrong = OfflineSuite().mismatch(for: vector, observed: ["invalid": ["field": "steps[0].op"]])
        #expect(wrong?.observed == "input refused at steps[0].op")
        let ran = OfflineSuite().mismatch(for: vector, observed: ["steps": []])
        #expect(ran?.observed == "the input ran, with 0 step results")
    }

    @Test func expectationsMustMatchTheirInput() {
        let suite = OfflineSuite()
        let input: JSONValue = ["steps": [["op": "refresh"], ["op": "refresh"]]]
        #expect(suite.problem(input: input, expect: ["steps": [["state": [:], "effects": []]]])?.message == "has 1 entries for the input's 2 steps")
        #expect(suite.problem(input: input, expect: ["steps": [["effects": []]]])?.path == ["steps", "0", "state"])
        #expect(suite.problem(input: input, expect: ["nope": 1]) != nil)
    }

    @Test func jsonDifferencesIgnoreMemberOrderAndNumberSpelling() {
        #expect(JSONDifference.first(expected: ["a": 1, "b": [1.0, 2]], observed: ["b": [1, 2.0], "a": 1.0]) == nil)
        #expect(JSONDifference.first(expected: ["a": [1]], observed: ["a": [1, 2]])?.field == "a[1]")
        #expect(JSONDifference.first(expected: ["a": 1], observed: ["a": 1, "z": true])?.field == "z")
    }
}
