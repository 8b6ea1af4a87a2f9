import SocketIOWire

/// Why a ``SocketIOClient`` call failed, with the server's CONNECT_ERROR payload on a refusal.
///
/// A struct around a private enum, so codes can be added later without breaking callers.
/// socket.io-protocol §CONNECT_ERROR: a refused namespace gets `44/nsp,{"message":...}`;
/// ``connectErrorPayload`` holds that JSON as received (an object, or a string from older servers).
public struct SocketIOClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable category of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case invalidURL = "invalid-url"
            case connectRefused = "connect-refused"
            case connectTimeout = "connect-timeout"
            case ackTimeout = "ack-timeout"
            case notConnected = "not-connected"
            case disconnected = "disconnected"
            case transportFailed = "transport-failed"
            case protocolViolation = "protocol-violation"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The code's stable kebab-case name.
        public var name: String { base.rawValue }
        /// The same as ``name``.
        public var description: String { base.rawValue }

        /// The server URL cannot be used (scheme other than http/ws, or no host).
        public static let invalidURL = Code(.invalidURL)
        /// The server answered CONNECT with CONNECT_ERROR.
        public static let connectRefused = Code(.connectRefused)
        /// The Engine.IO handshake or the CONNECT reply did not come within the connect timeout.
        public static let connectTimeout = Code(.connectTimeout)
        /// No ACK arrived within the timeout.
        public static let ackTimeout = Code(.ackTimeout)
        /// The namespace is not connected, so nothing can be sent on it.
        public static let notConnected = Code(.notConnected)
        /// The namespace or the whole connection closed while the call waited.
        public static let disconnected = Code(.disconnected)
        /// An HTTP request or the WebSocket failed, or answered with an unexpected status.
        public static let transportFailed = Code(.transportFailed)
        /// The server sent bytes that break Engine.IO or Socket.IO rules.
        public static let protocolViolation = Code(.protocolViolation)
    }

    /// The category of the failure.
    public let code: Code
    /// A readable sentence about what happened.
    public let message: String
    /// The namespace concerned, when there is one.
    public let namespace: String?
    /// The CONNECT_ERROR payload as the server sent it, for ``Code/connectRefused``.
    public let connectErrorPayload: JSONValue?

    /// Creates an error; the client uses this, and tests may too.
    public init(_ code: Code, _ message: String, namespace: String? = nil, connectErrorPayload: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.namespace = namespace
        self.connectErrorPayload = connectErrorPayload
    }

    /// The `message` member of an object payload, or a string payload itself.
    public var connectErrorMessage: String? {
        connectErrorPayload?["message"]?.stringValue ?? connectErrorPayload?.stringValue
    }

    /// A one-line description: code, namespace and message.
    public var description: String {
        var text = code.name
        if let namespace { text += " [\(namespace)]" }
        text += ": " + message
        if let connectErrorPayload { text += " " + connectErrorPayload.compactText }
        return text
    }
}
