import Foundation
import Testing
@testable import JobWire
import SocketIOWire

/// A failing offline vector names the requirement the answer breaks, as the checker's OFFL and
/// AUTH rules judge the capture the answer amounts to (``OfflineAttribution``). The attribution can
/// be trusted only if every shipped expectation's capture is clean, and a wrong answer is blamed on
/// what it did wrong, whatever the vector exercises.
struct OfflineAttributionTests {
    static let runs = OfflineVectorTests.cases.filter { $0.expect["steps"] != nil }

    @Test(arguments: runs)
    func everyExpectationIsACleanCapture(_ vector: VectorCase) throws {
        let capture = try #require(OfflineAnswerTrace.capture(input: vector.input, answer: vector.expect), "\(vector.id): the expectation is not readable as steps")
        let found = capture.violations().map { "\($0.requirement) \($0.linesText): expected \($0.expected), observed \($0.observed)" }
        #expect(found.isEmpty, "\(vector.id) (\(vector.file):\(vector.line)): \(found)")
    }
}

extension OfflineAttributionTests {
    static let notified = runs.filter { vector in
        (vector.expect["steps"]?.arrayValue ?? []).contains { ($0["effects"]?.arrayValue ?? []).contains { $0["type"] == "notify" } }
    }

    /// Each vector whose expectation shows a notification, answered without its first one: the
    /// answer fails the vector, and the rules blame OFFL-5 whatever the vector exercises.
    @Test(arguments: notified)
    func anAnswerWithoutANotificationIsBlamedOnOFFL5(_ vector: VectorCase) throws {
        var steps = try #require(vector.expect["steps"]?.arrayValue)
        let index = try #require(steps.firstIndex { ($0["effects"]?.arrayValue ?? []).contains { $0["type"] == "notify" } })
        var step = try #require(steps[index].objectValue)
        var effects = try #require(step["effects"]?.arrayValue)
        effects.remove(at: try #require(effects.firstIndex { $0["type"] == "notify" }))
        step["effects"] = .array(effects)
        steps[index] = .object(step)
        let answer: JSONValue = ["steps": .array(steps)]
        #expect(OfflineSuite().mismatch(for: vector, observed: answer) != nil)
        let blamed = Set(OfflineSuite().violations(for: vector, observed: answer).map(\.requirement.rawValue))
        #expect(blamed == ["OFFL-5"], "\(vector.id) (exercises \(vector.requirement)): \(blamed)")
    }

    /// The vectors' entities are tasks (TASK-7), so an answer whose online edit sends only the
    /// member it changed is blamed on the app's half of TASK-10; OFFL-10 cannot tell, as the
    /// capture shows no earlier state of the entity.
    @Test func anEditOfOnlyWhatChangedIsBlamedOnTASK10() throws {
        let vector = try #require(Self.runs.first { $0.id == "edit.online-full-state" })
        var steps = try #require(vector.expect["steps"]?.arrayValue)
        var step = try #require(steps[0].objectValue)
        var effects = try #require(step["effects"]?.arrayValue)
        let index = try #require(effects.firstIndex { $0["type"] == "send" })
        var send = try #require(effects[index].objectValue)
        var request = try #require(send["request"]?.objectValue)
        let address = try #require(request["data"]?["address"])
        request["data"] = ["address": address]
        send["request"] = .object(request)
        effects[index] = .object(send)
        step["effects"] = .array(effects)
        steps[0] = .object(step)
        let answer: JSONValue = ["steps": .array(steps)]
        #expect(OfflineSuite().mismatch(for: vector, observed: answer) != nil)
        #expect(Set(OfflineSuite().violations(for: vector, observed: answer).map(\.requirement.rawValue)) == ["TASK-10"])
    }

    @Test func anAnswerTheKitCannotReadAsStepsStaysUnderTheVectorsRequirement() throws {
        let vector = try #require(Self.notified.first)
        #expect(OfflineSuite().violations(for: vector, observed: ["steps": [["state": "?", "effects": []]]]).isEmpty)
        #expect(OfflineSuite().violations(for: vector, observed: ["invalid": ["field": "steps[0]"]]).isEmpty)
    }
}
