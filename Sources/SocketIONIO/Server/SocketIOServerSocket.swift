import NIOConcurrencyHelpers
import SocketIOWire

/// One client's membership of one namespace, as the server sees it.
///
/// Implements the server side of socket.io-protocol §Sending and receiving data and
/// §Acknowledgement: ``on(_:_:)`` receives the client's events (with a responder when the client
/// wants an ack), ``emit(_:_:ack:)`` sends events, acks in both directions, binary data (`Data`
/// in ``SocketIOValue/binary(_:)``) in both directions. Handlers run on the connection's event
/// loop in wire order and must not block; every method may be called from any thread.
public final class SocketIOServerSocket: Sendable {
    /// The socket id, sent to the client in the CONNECT reply; also the name of its own room.
    public let id: String
    /// The CONNECT payload and the opening request's query and headers.
    public let handshake: SocketIOHandshake

    private let namespaceObject: SocketIONamespace
    /// The connection the socket belongs to.
    let connection: SocketIOConnection
    private let state = NIOLockedValueBox(State())

    private struct State {
        var handlers: [String: [@Sendable ([SocketIOValue], SocketIOAckResponder?) -> Void]] = [:]
        var anyHandlers: [@Sendable (String, [SocketIOValue], SocketIOAckResponder?) -> Void] = []
        var disconnectHandlers: [@Sendable (SocketIODisconnectReason) -> Void] = []
        var disconnectReason: SocketIODisconnectReason?
    }

    init(id: String, namespace: SocketIONamespace, handshake: SocketIOHandshake, connection: SocketIOConnection) {
        self.id = id
        self.namespaceObject = namespace
        self.handshake = handshake
        self.connection = connection
    }

    /// The namespace's name.
    public var namespace: String { namespaceObject.name }
    /// The CONNECT payload; an empty object when the client sent none.
    public var auth: JSONObject { handshake.auth }
    /// The Engine.IO session id of the connection.
    public var engineIOSessionID: String { handshake.engineIOSessionID }
    /// False once the socket left its namespace.
    public var isConnected: Bool { state.withLockedValue { $0.disconnectReason == nil } }

    // MARK: Receiving

    /// Receives the client's events named `event`: their arguments, and a responder when the client asked for an ack.
    public func on(_ event: String, _ handler: @escaping @Sendable (_ arguments: [SocketIOValue], _ ack: SocketIOAckResponder?) -> Void) {
        state.withLockedValue { $0.handlers[event, default: []].append(handler) }
    }

    /// Receives every event of the client, after the handlers for its name.
    public func onAny(_ handler: @escaping @Sendable (_ event: String, _ arguments: [SocketIOValue], _ ack: SocketIOAckResponder?) -> Void) {
        state.withLockedValue { $0.anyHandlers.append(handler) }
    }

    /// Learns when the socket leaves its namespace, and why.
    public func onDisconnect(_ handler: @escaping @Sendable (SocketIODisconnectReason) -> Void) {
        state.withLockedValue { $0.disconnectHandlers.append(handler) }
    }

    // MARK: Sending

    /// Emits an event; with `ack`, the client's answer arrives there (never, if the client does not answer).
    public func emit(_ event: String, _ arguments: SocketIOValue..., ack: (@Sendable ([SocketIOValue]) -> Void)? = nil) {
        emit(event, arguments: arguments, ack: ack)
    }

    /// Emits an event, arguments given as an array.
    public func emit(_ event: String, arguments: [SocketIOValue], ack: (@Sendable ([SocketIOValue]) -> Void)? = nil) {
        var callback: SocketIOConnection.AckCallback?
        if let ack {
            callback = { result in
                if case .success(let arguments) = result { ack(arguments) }
            }
        }
        connection.emit(namespace: namespace, name: event, arguments: arguments, ack: callback)
    }

    /// Emits an event and waits for the client's answer, at most `timeout`.
    ///
    /// Throws ``SocketIOServerError/ackTimeout`` when no answer came in time and
    /// ``SocketIOServerError/disconnected`` when the socket left first.
    public func emitWithAck(_ event: String, _ arguments: SocketIOValue..., timeout: Duration) async throws -> [SocketIOValue] {
        try await emitWithAck(event, arguments: arguments, timeout: timeout)
    }

    /// Emits an event and waits for the client's answer, arguments given as an array.
    public func emitWithAck(_ event: String, arguments: [SocketIOValue], timeout: Duration) async throws -> [SocketIOValue] {
        let namespace = self.namespace
        let connection = self.connection
        return try await withCheckedThrowingContinuation { continuation in
            let once = NIOLockedValueBox(false)
            connection.emitExpiring(namespace: namespace, name: event, arguments: arguments, timeout: timeout) { result in
                let first = once.withLockedValue { done in
                    defer { done = true }
                    return !done
                }
                guard first else { return }
                continuation.resume(with: result.mapError { $0 as any Error })
            }
        }
    }

    // MARK: Rooms

    /// Puts the socket in `room`.
    public func join(_ room: String) { namespaceObject.join(id, room: room) }
    /// Takes the socket out of `room`.
    public func leave(_ room: String) { namespaceObject.leave(id, room: room) }
    /// The rooms the socket is in, its own room included.
    public var rooms: Set<String> { namespaceObject.rooms(of: id) }
    /// The other sockets of `room`, to emit to (this socket left out).
    public func to(_ room: String) -> SocketIOBroadcast {
        SocketIOBroadcast(namespace: namespaceObject, excludedSocket: id).to(room)
    }

    // MARK: Leaving

    /// Sends DISCONNECT for the namespace; with `closingConnection` the whole connection closes too.
    public func disconnect(closingConnection: Bool = false) {
        connection.disconnect(namespace: namespace, closingConnection: closingConnection)
    }

    /// Closes the whole connection without a DISCONNECT packet, as a failing network does: the
    /// client sees its transport close (not a server disconnect) and reconnects on its own.
    public func dropConnection() {
        connection.dropConnection()
    }

    // MARK: Internal

    func dispatch(_ event: String, arguments: [SocketIOValue], ack: SocketIOAckResponder?) {
        let (handlers, anyHandlers) = state.withLockedValue { ($0.handlers[event] ?? [], $0.anyHandlers) }
        for handler in handlers { handler(arguments, ack) }
        for handler in anyHandlers { handler(event, arguments, ack) }
    }

    func didDisconnect(_ reason: SocketIODisconnectReason) {
        let handlers = state.withLockedValue { state -> [@Sendable (SocketIODisconnectReason) -> Void] in
            state.disconnectReason = reason
            defer { state.disconnectHandlers = []; state.handlers = [:]; state.anyHandlers = [] }
            return state.disconnectHandlers
        }
        for handler in handlers { handler(reason) }
    }
}
