import Foundation
import SocketIOWire

/// The Socket.IO v5 side of one Engine.IO session, as a pure state machine.
///
/// Implements socket.io-protocol §Exchange protocol for a server and the reference server's
/// state rules (socket.io `client.ts`): CONNECT asks the application to accept or refuse the
/// namespace; a packet for a namespace not joined, a second CONNECT, a client CONNECT_ERROR or a
/// packet the decoder refuses closes the whole connection; no namespace joined within
/// connectTimeout closes it too. It numbers outgoing acks per namespace from 0 and delivers only
/// acks it is waiting for. Binary packets are joined through ``SocketIOBinaryReassembler``.
/// Every event carries `now`; the connect timeout comes back as a deadline.
struct SocketIOConnectionStateMachine<Instant: InstantProtocol> where Instant.Duration == Duration {
    /// What the runtime must do, in order.
    enum Action: Sendable, Hashable {
        /// A complete packet arrived from the client (for observers).
        case received(SocketIOPacket)
        /// Send this packet (its text, then its attachments).
        case send(SocketIOPacket)
        /// Ask the namespace whether to accept this CONNECT; answer with ``accept(namespace:sid:now:)`` or ``refuse(namespace:message:data:now:)``.
        case authorize(namespace: String, auth: JSONObject)
        /// The namespace was joined under this socket id; its CONNECT reply has been sent.
        case connected(namespace: String, sid: String)
        /// An event for the application, with an ack id when the client wants an answer.
        case event(namespace: String, name: String, arguments: [SocketIOValue], ackID: Int?)
        /// The client answered the server's event `id`.
        case ack(namespace: String, id: Int, arguments: [SocketIOValue])
        /// The socket of this namespace is gone.
        case disconnected(namespace: String, reason: SocketIODisconnectReason)
        /// Close the Engine.IO session.
        case close(EngineIOCloseReason)
        /// Call ``timerFired(now:)`` at this instant.
        case scheduleTimer(Instant)
        /// No timer is needed any more.
        case cancelTimer
    }

    enum NamespaceState: Hashable {
        case connecting
        case connected(sid: String, nextAckID: Int, pendingAcks: Set<Int>)
    }

    /// The connect timeout.
    let connectTimeout: Duration
    var namespaces: [String: NamespaceState] = [:]
    var connectDeadline: Instant?
    var reassembler: SocketIOBinaryReassembler
    var isClosed = false

    /// A connection that has joined no namespace yet.
    init(connectTimeout: Duration, maximumAttachments: Int = SocketIOPacketHeader.defaultMaximumAttachments) {
        self.connectTimeout = connectTimeout
        self.reassembler = SocketIOBinaryReassembler(maximumAttachments: maximumAttachments)
    }

    /// The Engine.IO session opened: the connect timeout starts.
    mutating func start(now: Instant) -> [Action] {
        let deadline = now.advanced(by: connectTimeout)
        connectDeadline = deadline
        return [.scheduleTimer(deadline)]
    }

    /// The socket id of a joined namespace.
    func socketID(of namespace: String) -> String? {
        if case .connected(let sid, _, _)? = namespaces[namespace] { return sid }
        return nil
    }

    // MARK: From the client

    /// An Engine.IO message arrived: decode it (joining attachments) and act on the packet.
    mutating func receive(_ message: EngineIOPacket, now: Instant) -> [Action] {
        guard !isClosed else { return [] }
        let packet: SocketIOPacket?
        do {
            switch message {
            case .message(let text): packet = try reassembler.receive(text: text)
            case .binaryMessage(let data): packet = try reassembler.receive(binary: data)
            default: return []
            }
        } catch {
            return fail("\(error)")
        }
        guard let packet else { return [] }
        return [.received(packet)] + handle(packet)
    }

    private mutating func handle(_ packet: SocketIOPacket) -> [Action] {
        let namespace = packet.namespace
        switch packet.type {
        case .connect:
            guard namespaces[namespace] == nil else { return fail("a second CONNECT for \(namespace)") }
            namespaces[namespace] = .connecting
            return [.authorize(namespace: namespace, auth: packet.payload?.objectValue ?? JSONObject())]
        case .connectError:
            return fail("a CONNECT_ERROR from the client")
        default:
            break
        }
        guard case .connected(let sid, let nextAckID, var pendingAcks)? = namespaces[namespace] else {
            return fail("a \(packet.type) packet for \(namespace), which is not joined")
        }
        switch packet.type {
        case .disconnect:
            namespaces[namespace] = nil
            return [.disconnected(namespace: namespace, reason: .clientNamespaceDisconnect)]
        case .event, .binaryEvent:
            guard let arguments = try? packet.arguments(), let first = packet.payload?.arrayValue?.first else {
                return fail("an event without arguments")
            }
            let name = first.stringValue ?? first.compactText
            return [.event(namespace: namespace, name: name, arguments: arguments, ackID: packet.ackID)]
        case .ack, .binaryAck:
            guard let id = packet.ackID, pendingAcks.remove(id) != nil else { return [] }
            namespaces[namespace] = .connected(sid: sid, nextAckID: nextAckID, pendingAcks: pendingAcks)
            guard let arguments = try? packet.arguments() else { return fail("an ack whose attachments do not fit") }
            return [.ack(namespace: namespace, id: id, arguments: arguments)]
        case .connect, .connectError:
            return []
        }
    }

    /// Closes the connection after a protocol error.
    private mutating func fail(_ detail: String) -> [Action] {
        guard !isClosed else { return [] }
        return [.close(.parseError(detail))]
    }

    // MARK: From the application

    /// The namespace accepted the CONNECT: reply `0{"sid":...}` and report the socket.
    mutating func accept(namespace: String, sid: String, now: Instant) -> [Action] {
        guard !isClosed, namespaces[namespace] == .connecting else { return [] }
        namespaces[namespace] = .connected(sid: sid, nextAckID: 0, pendingAcks: [])
        var actions: [Action] = [.send(.connected(namespace: namespace, sid: sid)), .connected(namespace: namespace, sid: sid)]
        if connectDeadline != nil {
            connectDeadline = nil
            actions.append(.cancelTimer)
        }
        return actions
    }

    /// The namespace refused the CONNECT: reply CONNECT_ERROR `{"message":...}`; the connection stays.
    mutating func refuse(namespace: String, message: String, data: JSONValue?, now: Instant) -> [Action] {
        guard !isClosed, namespaces[namespace] == .connecting else { return [] }
        namespaces[namespace] = nil
        return [.send(.connectError(namespace: namespace, message: message, data: data))]
    }

    /// The application emits an event; with `wantsAck` it gets the next ack id of the namespace.
    mutating func emit(namespace: String, name: String, arguments: [SocketIOValue], wantsAck: Bool, now: Instant) -> (actions: [Action], ackID: Int?) {
        guard !isClosed, case .connected(let sid, let nextAckID, var pendingAcks)? = namespaces[namespace] else {
            return ([], nil)
        }
        var ackID: Int?
        if wantsAck {
            ackID = nextAckID
            pendingAcks.insert(nextAckID)
            namespaces[namespace] = .connected(sid: sid, nextAckID: nextAckID + 1, pendingAcks: pendingAcks)
        }
        return ([.send(.event(name, arguments, namespace: namespace, ackID: ackID))], ackID)
    }

    /// The namespaces that an event without ack would go out to now, as
    /// ``emit(namespace:name:arguments:wantsAck:now:)`` would send it: the joined ones, none once
    /// the connection closed. Broadcasts check this and send a packet encoded once instead of
    /// asking the machine to build one per connection.
    var sendableNamespaces: [String] {
        guard !isClosed else { return [] }
        return namespaces.compactMap { name, state in
            if case .connected = state { return name }
            return nil
        }
    }

    /// The application answers the client's event `id`.
    mutating func acknowledge(namespace: String, id: Int, arguments: [SocketIOValue], now: Instant) -> [Action] {
        guard !isClosed, case .connected? = namespaces[namespace] else { return [] }
        return [.send(.ack(arguments, id: id, namespace: namespace))]
    }

    /// Gives up waiting for the client's answer to event `id` (an ack timeout).
    mutating func forgetAck(namespace: String, id: Int) {
        guard case .connected(let sid, let nextAckID, var pendingAcks)? = namespaces[namespace] else { return }
        pendingAcks.remove(id)
        namespaces[namespace] = .connected(sid: sid, nextAckID: nextAckID, pendingAcks: pendingAcks)
    }

    /// The application disconnects the socket of a namespace: `1` goes out, the socket is gone.
    mutating func disconnect(namespace: String, reason: SocketIODisconnectReason = .serverNamespaceDisconnect, now: Instant) -> [Action] {
        guard !isClosed, case .connected? = namespaces[namespace] else { return [] }
        namespaces[namespace] = nil
        return [.send(.disconnect(namespace: namespace)), .disconnected(namespace: namespace, reason: reason)]
    }

    /// The connect timeout fired: close unless a namespace was joined.
    mutating func timerFired(now: Instant) -> [Action] {
        guard !isClosed, let deadline = connectDeadline else { return [] }
        guard now >= deadline else { return [.scheduleTimer(deadline)] }
        connectDeadline = nil
        return [.close(.connectTimeout)]
    }

    /// The Engine.IO session ended: every joined namespace's socket is gone.
    mutating func engineClosed(_ reason: EngineIOCloseReason) -> [Action] {
        guard !isClosed else { return [] }
        isClosed = true
        reassembler.reset()
        let joined = namespaces.compactMap { name, state -> String? in
            if case .connected = state { return name }
            return nil
        }.sorted()
        namespaces = [:]
        var actions: [Action] = joined.map { .disconnected(namespace: $0, reason: SocketIODisconnectReason(reason)) }
        if connectDeadline != nil {
            connectDeadline = nil
            actions.append(.cancelTimer)
        }
        return actions
    }
}
