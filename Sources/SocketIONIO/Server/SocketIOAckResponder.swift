import NIOConcurrencyHelpers
import SocketIOWire

/// Answers one event a client sent with an ack id: `ack(arguments...)` sends `3<id>[arguments...]`.
///
/// Implements socket.io-protocol §Acknowledgement for the receiving server: the answer is an
/// ACK (a BINARY_ACK when an argument holds binary data) with the event's id. Only the first
/// answer is sent, as in the reference.
public final class SocketIOAckResponder: Sendable {
    /// The ack id the client chose.
    public let id: Int
    private let namespace: String
    private let connection: SocketIOConnection
    private let answered = NIOLockedValueBox(false)

    init(connection: SocketIOConnection, namespace: String, id: Int) {
        self.connection = connection
        self.namespace = namespace
        self.id = id
    }

    /// Sends the answer.
    public func callAsFunction(_ arguments: SocketIOValue...) {
        send(arguments)
    }

    /// Sends the answer, arguments given as an array.
    public func send(_ arguments: [SocketIOValue]) {
        let first = answered.withLockedValue { answered in
            defer { answered = true }
            return !answered
        }
        guard first else { return }
        connection.acknowledge(namespace: namespace, id: id, arguments: arguments)
    }
}
