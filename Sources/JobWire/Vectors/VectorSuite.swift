import SocketIOWire

/// A family of vectors (`eligibility`, `offline` ...): how its expectations are checked
/// at load time, how an answer is compared with one, and what the built-in implementation answers.
public protocol VectorSuite: Sendable {
    /// The suite's name, which is also its folder under `Vectors/`.
    var name: String { get }

    /// Describes what is wrong with an `expect` value, with the sub-path at fault, or nil when it is well formed.
    func problem(inExpectation expect: JSONValue) -> (path: [String], message: String)?

    /// Compares an implementation's output with the expectation; nil when they agree.
    func mismatch(expected: JSONValue, observed: JSONValue) -> VectorMismatch?

    /// The answer of JobWire's own implementation for `input`.
    func builtinOutput(for input: JSONValue) -> JSONValue

    /// Like ``problem(inExpectation:)``, for suites whose expectation must agree with its input.
    func problem(input: JSONValue, expect: JSONValue) -> (path: [String], message: String)?

    /// Like ``mismatch(expected:observed:)``, for suites that explain a difference with the input.
    func mismatch(for vector: VectorCase, observed: JSONValue) -> VectorMismatch?

    /// The requirements a wrong answer breaks, when the suite can tell them from what the answer
    /// did (they may differ from the one the vector exercises); empty when it cannot.
    func violations(for vector: VectorCase, observed: JSONValue) -> [Violation]
}

extension VectorSuite {
    /// By default an expectation is checked on its own.
    public func problem(input: JSONValue, expect: JSONValue) -> (path: [String], message: String)? {
        problem(inExpectation: expect)
    }

    /// By default an answer is compared with the expectation alone.
    public func mismatch(for vector: VectorCase, observed: JSONValue) -> VectorMismatch? {
        mismatch(expected: vector.expect, observed: observed)
    }

    /// By default a failure stays under the vector's requirement.
    public func violations(for vector: VectorCase, observed: JSONValue) -> [Violation] { [] }
}

/// How an answer differs from a vector's expectation, in words a reader can act on.
public struct VectorMismatch: Sendable, Hashable {
    /// What the vector expects, rendered for a report.
    public var expected: String
    /// What the implementation answered, rendered for a report.
    public var observed: String

    public init(expected: String, observed: String) {
        self.expected = expected
        self.observed = observed
    }
}

/// The suites `jobwire vectors run --suite` knows.
public enum VectorSuites {
    /// Every suite by name.
    public static let all: [any VectorSuite] = [EligibilitySuite(), OfflineSuite()]

    /// The suite called `name`, if there is one.
    public static func named(_ name: String) -> (any VectorSuite)? {
        all.first { $0.name == name }
    }
}
