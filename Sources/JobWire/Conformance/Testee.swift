import SocketIOWire

/// What a testee answered for one case.
public enum TesteeAnswer: Sendable, Hashable {
    /// The suite-specific output.
    case output(JSONValue)
    /// The testee chose not to run the case, and why.
    case skipped(String)
    /// The case could not be run: the testee failed, hung or broke the protocol.
    case error(String)
}

/// An implementation under test that answers vectors: JobWire's own, or an adapter program.
public protocol Testee: Sendable {
    /// The name it reports under.
    var name: String { get async }
    /// Answers one case of `suite`.
    func answer(_ vector: VectorCase, suite: any VectorSuite) async -> TesteeAnswer
    /// Releases what the testee holds (an adapter process); returns a problem to report, if any.
    func finish() async -> String?
}

/// JobWire's own implementation of every suite, for `jobwire vectors run` without `--adapter`.
public struct BuiltinTestee: Testee {
    public init() {}

    public var name: String { "builtin JobWire \(JobWireInfo.version)" }

    public func answer(_ vector: VectorCase, suite: any VectorSuite) async -> TesteeAnswer {
        .output(suite.builtinOutput(for: vector.input))
    }

    public func finish() async -> String? { nil }
}

/// Facts about this build of JobWire.
public enum JobWireInfo {
    /// The kit's version, printed in reports.
    public static let version = "0.1.0"
}
