import SocketIOWire

/// The JSON-lines messages of Docs/ADAPTER.md that a runner sends to an adapter and reads back.
///
/// Only the message formats live here, as values in and values out, so any platform can build
/// and read them; starting the adapter program and carrying the lines over its pipes is the
/// `JobWireAdapters` module's `AdapterTestee`.
public enum AdapterMessages {
    /// The protocol version this runner speaks.
    public static let protocolVersion: Int64 = 1

    /// The runner's `hello`, offering `suites`.
    public static func hello(suites: [String]) -> JSONValue {
        ["type": "hello", "protocol": .int(protocolVersion), "suites": .array(suites.map(JSONValue.string))]
    }

    /// One vector as the line of a `case` request of `suite`, with the input exactly as the vector
    /// file wrote it (``VectorCase/inputText``); the answer must carry the vector's id.
    public static func caseRequestLine(_ vector: VectorCase, suite: String) -> String {
        caseRequestLine(suite: suite, id: vector.id, inputText: vector.inputText)
    }

    /// The line of a `case` request whose input is the JSON text `inputText`, passed on byte for
    /// byte (it must be one valid JSON value on one line): ADAPTER.md promises inputs exactly as
    /// written, which re-encoding a parsed value would break (`9.0` would become `9`).
    public static func caseRequestLine(suite: String, id: String, inputText: String) -> String {
        let head: JSONValue = ["type": "case", "suite": .string(suite), "id": .string(id)]
        return String(head.compactText.dropLast()) + #","input":"# + inputText + "}"
    }

    /// The runner's last message: the adapter exits with status 0.
    public static let stop: JSONValue = ["type": "stop"]

    /// What an adapter said about itself in its `hello` answer.
    public struct Hello: Sendable, Hashable {
        /// The name it reports under, if it gave one.
        public var name: String?
        /// The suites it declared.
        public var suites: [String]
        /// The whole answer, for suites that read more of it (the scenario suite's `roles`).
        public var reply: JSONValue
    }

    /// Reads the answer to the runner's `hello`; the error says why the handshake failed.
    public static func hello(from reply: JSONValue) -> Result<Hello, AdapterHandshakeError> {
        guard reply["type"]?.stringValue == "hello" else {
            return .failure(AdapterHandshakeError("testee answered the hello handshake with \(reply.compactText)"))
        }
        guard reply["protocol"]?.integerValue == protocolVersion else {
            return .failure(AdapterHandshakeError(
                "testee speaks adapter protocol \(reply["protocol"]?.compactText ?? "(none)"); this runner speaks \(protocolVersion)"))
        }
        let suites = reply["suites"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return .success(Hello(name: reply["name"]?.stringValue, suites: suites, reply: reply))
    }

    /// What an answer to a `case` request means: an output, a skip with its reason, or an error.
    public static func answer(from reply: JSONValue) -> TesteeAnswer {
        switch reply["type"]?.stringValue {
        case "result":
            guard let output = reply["output"] else { return .error("testee's result has no \"output\"") }
            return .output(output)
        case "skipped":
            return .skipped(reply["reason"]?.stringValue ?? "(no reason given)")
        case "error":
            return .error("testee reported an error: \(reply["message"]?.stringValue ?? "(no message)")")
        default:
            return .error("testee answered with an unknown type: \(reply.compactText)")
        }
    }
}

/// Why an adapter's `hello` answer ends the session before any case runs.
public struct AdapterHandshakeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence the report shows for every case of the session.
    public var message: String

    /// Wraps the sentence.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
