import SocketIOWire

/// An event the server sent on a namespace: its name, its arguments and, when asked for, the way to ACK it.
///
/// socket.io-protocol §EVENT: the payload is `[name, arguments...]`; binary arguments arrive as
/// ``SocketIOValue/binary(_:)`` with the attachments already put back in place.
public struct SocketIOEvent: Sendable {
    /// The namespace the event arrived on, `/` for the main one.
    public let namespace: String
    /// The event name (a numeric name is given in its JSON text).
    public let name: String
    /// The arguments after the name.
    public let arguments: [SocketIOValue]
    /// The acknowledgement the server waits for, or nil when the event carried no ack id.
    public let ack: SocketIOAcknowledgement?

    /// Creates an event; the client builds these, and tests may too.
    public init(namespace: String, name: String, arguments: [SocketIOValue], ack: SocketIOAcknowledgement?) {
        self.namespace = namespace
        self.name = name
        self.arguments = arguments
        self.ack = ack
    }
}

/// Answers one server event that carried an ack id with an ACK (BINARY_ACK when an argument holds bytes).
///
/// socket.io-protocol §ACK: the receiver MUST answer with the same id. Only the first call sends;
/// later calls do nothing. It may be called from any thread.
public struct SocketIOAcknowledgement: Sendable {
    /// The ack id the server gave.
    public let id: Int
    private let send: @Sendable ([SocketIOValue]) -> Void

    /// Creates an acknowledgement that hands its arguments to `send`.
    public init(id: Int, send: @escaping @Sendable ([SocketIOValue]) -> Void) {
        self.id = id
        self.send = send
    }

    /// Sends the ACK with these arguments.
    public func callAsFunction(_ arguments: SocketIOValue...) {
        send(arguments)
    }

    /// Sends the ACK with an argument array.
    public func callAsFunction(arguments: [SocketIOValue]) {
        send(arguments)
    }
}
