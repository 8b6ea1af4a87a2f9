import SocketIOWire

/// The first place where two JSON values differ, for reports that say where an answer went wrong.
///
/// Objects compare as sets of members (order does not matter), arrays element by element, and
/// numbers by value, so `1` equals `1.0`.
public struct JSONDifference: Sendable, Hashable {
    /// Where the values differ: member names and array indices from the compared roots.
    public var path: [String]
    /// The expected value there; nil when the expectation has nothing at that path.
    public var expected: JSONValue?
    /// The observed value there; nil when the answer has nothing at that path.
    public var observed: JSONValue?

    /// A difference at `path`.
    public init(path: [String], expected: JSONValue?, observed: JSONValue?) {
        self.path = path
        self.expected = expected
        self.observed = observed
    }

    /// The first difference, walking the expected value in order; nil when the values agree.
    public static func first(expected: JSONValue, observed: JSONValue, path: [String] = []) -> JSONDifference? {
        switch (expected, observed) {
        case (.object(let want), .object(let got)):
            for member in want.members {
                guard let value = got[member.key] else {
                    return JSONDifference(path: path + [member.key], expected: member.value, observed: nil)
                }
                if let difference = first(expected: member.value, observed: value, path: path + [member.key]) { return difference }
            }
            if let extra = got.members.first(where: { want[$0.key] == nil }) {
                return JSONDifference(path: path + [extra.key], expected: nil, observed: extra.value)
            }
            return nil
        case (.array(let want), .array(let got)):
            for index in 0..<max(want.count, got.count) {
                let here = path + [String(index)]
                guard index < want.count else { return JSONDifference(path: here, expected: nil, observed: got[index]) }
                guard index < got.count else { return JSONDifference(path: here, expected: want[index], observed: nil) }
                if let difference = first(expected: want[index], observed: got[index], path: here) { return difference }
            }
            return nil
        case (.int, .double), (.double, .int), (.double, .double):
            return expected.doubleValue == observed.doubleValue ? nil : JSONDifference(path: path, expected: expected, observed: observed)
        default:
            return expected == observed ? nil : JSONDifference(path: path, expected: expected, observed: observed)
        }
    }

    /// The path written as in error messages: `state.queue[0].id`.
    public var field: String { VectorDocument.fieldName(path) }

    /// A value for a sentence: compact JSON, or `(absent)`.
    public static func describe(_ value: JSONValue?) -> String {
        value.map(\.compactText) ?? "(absent)"
    }
}
