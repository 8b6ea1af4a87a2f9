import SocketIOWire

/// The `offline` vectors: a starting state and operations in, the state and effects after every
/// step out, or a refusal naming the first bad field (OFFL-1 ... OFFL-15, AUTH-1 ... AUTH-7).
///
/// Outputs are `{"steps":[{"state":{…},"effects":[…]}, …]}` or `{"invalid":{"field","message"}}`.
/// States compare with objects as sets of members and arrays in order; a failure names the first
/// step that differs, the operation it was, and the field: `after steps[2] (goOnline):
/// state.queue[0].id is "c-9"`.
public struct OfflineSuite: VectorSuite {
    /// The suite.
    public init() {}

    /// `offline`.
    public var name: String { "offline" }

    /// What ``OfflineScenario`` answers for `input`.
    public func builtinOutput(for input: JSONValue) -> JSONValue {
        switch OfflineScenario.run(input: input) {
        case .success(let steps): return ["steps": .array(steps.map(\.json))]
        case .failure(let error): return ["invalid": ["field": .string(error.field), "message": .string(error.message)]]
        }
    }

    /// Checks that `expect` is `{"invalid":{"field"}}` or a `steps` array of `{state, effects}`.
    public func problem(inExpectation expect: JSONValue) -> (path: [String], message: String)? {
        if let invalid = expect["invalid"] {
            return invalid["field"]?.stringValue == nil ? (["invalid", "field"], "expected the field name an implementation must reject") : nil
        }
        guard let steps = expect["steps"]?.arrayValue else {
            return ([], "expected {\"steps\":[{\"state\",\"effects\"}, …]} or {\"invalid\":{\"field\"}}")
        }
        for (index, step) in steps.enumerated() {
            if step["state"]?.objectValue == nil { return (["steps", String(index), "state"], "expected the state object after this step") }
            if step["effects"]?.arrayValue == nil { return (["steps", String(index), "effects"], "expected the array of this step's effects") }
        }
        return nil
    }

    /// Also checks that a `steps` expectation has one entry per step of the input.
    public func problem(input: JSONValue, expect: JSONValue) -> (path: [String], message: String)? {
        if let problem = problem(inExpectation: expect) { return problem }
        if let expected = expect["steps"]?.arrayValue, let given = input["steps"]?.arrayValue, expected.count != given.count {
            return (["steps"], "has \(expected.count) entries for the input's \(given.count) steps")
        }
        return nil
    }

    /// Compares without the input; ``mismatch(for:observed:)`` says more.
    public func mismatch(expected: JSONValue, observed: JSONValue) -> VectorMismatch? {
        OfflineAnswerComparison(input: .null, expected: expected, observed: observed).mismatch
    }

    /// Compares, naming the first differing step by its operation.
    public func mismatch(for vector: VectorCase, observed: JSONValue) -> VectorMismatch? {
        OfflineAnswerComparison(input: vector.input, expected: vector.expect, observed: observed).mismatch
    }

    /// The requirements the checker's OFFL and AUTH rules find broken in what the answer did.
    public func violations(for vector: VectorCase, observed: JSONValue) -> [Violation] {
        OfflineAttribution.violations(for: vector, observed: observed)
    }
}
