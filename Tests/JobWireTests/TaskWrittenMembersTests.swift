import Foundation
import Testing
@testable import JobWire

/// TASK-8's "besides the fields it was created or edited with", both ways: a task answered with
/// another value than the create or edit wrote fails TASK-8 alone, and a value written another
/// way that means the same (a category id as a string, members in another order) passes, in the
/// answer and in every later read and list (TASK-26 compares those with what was written).
struct TaskWrittenMembersTests {
    /// The task session of Vectors/traces/good/tasks-backend.jsonl with `edit` applied to the
    /// task `objectId` in the answer on line `line` (1-based), or to every task answered when
    /// `line` is nil.
    static func trace(line: Int?, objectId: String = "T-1", _ edit: (inout [String: Any]) -> Void) throws -> String {
        let text = try String(contentsOf: TestPaths.vectors.appendingPathComponent("traces/good/tasks-backend.jsonl"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices where line == nil || index == line! - 1 {
            guard lines[index].contains(#""kind":"http.response""#),
                var event = try JSONSerialization.jsonObject(with: Data(lines[index].utf8)) as? [String: Any],
                var body = event["body"] as? [String: Any]
            else { continue }
            if var task = body["task"] as? [String: Any], task["objectId"] as? String == objectId || line == nil {
                edit(&task)
                body["task"] = task
            }
            if let tasks = body["tasks"] as? [[String: Any]] {
                body["tasks"] = tasks.map { task in
                    var task = task
                    if task["objectId"] as? String == objectId || line == nil { edit(&task) }
                    return task
                }
            }
            event["body"] = body
            lines[index] = String(decoding: try JSONSerialization.data(withJSONObject: event), as: UTF8.self)
        }
        return lines.joined(separator: "\n")
    }

    static func failed(_ text: String) throws -> Set<String> {
        Set(try TraceChecker.check(text: text, file: "tasks-backend.jsonl").failedIDs.map(\.rawValue))
    }

    /// The line of T-1's create answer in the trace.
    static let createAnswer = 27

    /// Every answer re-encoded (members in another order, `40.0` as `40`) still passes.
    @Test func theTraceReencodedPasses() throws {
        #expect(try Self.failed(Self.trace(line: nil) { _ in }) == [])
    }

    @Test func aCategoryAnsweredAsAStringIdIsTheSameCategory() throws {
        #expect(try Self.failed(Self.trace(line: Self.createAnswer) { $0["category"] = "9" }) == [])
        #expect(try Self.failed(Self.trace(line: nil) { task in
            if task["category"] is Int { task["category"] = "\(task["category"]!)" }
        }) == [])
    }

    /// Each editable member answered with another value than the create wrote, as JSON text.
    @Test(arguments: [
        ("category", "12"), ("Description", #""Fix the sink""#), ("address", #""Calle Menor 2""#),
        ("location", #"{"lat":40.5,"lng":-3.7}"#), ("image", #"["https://img.example.com/other.jpg"]"#),
    ])
    func aCreatedTaskAnsweredWithAnotherValueBreaksTASK8Alone(_ key: String, _ json: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        #expect(try Self.failed(Self.trace(line: Self.createAnswer) { $0[key] = value }) == ["TASK-8"], "\(key)")
    }
}
