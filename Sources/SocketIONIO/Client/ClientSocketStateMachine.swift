import SocketIOWire

/// The client side of Socket.IO v5 over one Engine.IO session: namespaces, events, acks, binary.
///
/// Implements socket.io-protocol §Exchange protocol from the client's seat: a CONNECT per
/// namespace (`40`, `40/admin,{auth}`) answered by `40{"sid":...}` or CONNECT_ERROR; EVENT and
/// BINARY_EVENT both ways; ack ids from one counter starting at 0, each answered by one ACK or
/// BINARY_ACK; DISCONNECT from either side. Binary attachments are joined by
/// ``SocketIOBinaryReassembler``; a packet that breaks the decoder's rules closes the connection,
/// as the reference does. Fed events with the current time, it returns ``ClientSocketAction``s;
/// like ``ClientEngineStateMachine`` it is generic over the clock's `Instant` and reads no clock.
struct ClientSocketStateMachine<Instant: InstantProtocol> where Instant.Duration == Duration {
    /// What the machine asks its driver to do.
    typealias Action = ClientSocketAction<Instant>

    private enum EngineStatus: Equatable { case closed, opening, open, closing }

    private enum Namespace {
        case waitingForEngine(auth: JSONObject?, deadline: Instant)
        case connecting(deadline: Instant)
        case connected(sid: String)
    }

    private struct PendingAck {
        var namespace: String
        var deadline: Instant
    }

    private struct OwedAck: Hashable {
        var namespace: String
        var id: Int
    }

    /// How long a namespace may take to connect, Engine.IO handshake included.
    let connectTimeout: Duration
    private var engine: EngineStatus = .closed
    private var namespaces: [String: Namespace] = [:]
    private var namespaceOrder: [String] = []
    private var nextAckID = 0
    private var pendingAcks: [Int: PendingAck] = [:]
    private var owedAcks: Set<OwedAck> = []
    private var reassembler = SocketIOBinaryReassembler()
    private var scheduledDeadline: Instant?

    /// Creates a machine with no namespace and no engine.
    init(connectTimeout: Duration) {
        self.connectTimeout = connectTimeout
    }

    /// The Socket.IO sid of a connected namespace.
    func sid(of namespace: String) -> String? {
        if case .connected(let sid)? = namespaces[namespace] { return sid }
        return nil
    }

    /// The namespaces connected now, in the order they were asked for.
    var connectedNamespaces: [String] {
        namespaceOrder.filter { sid(of: $0) != nil }
    }

    // MARK: Client calls

    /// Joins a namespace, opening the engine first when needed; already joined ones answer at once.
    mutating func connect(namespace: String, auth: JSONObject?, now: Instant) -> [Action] {
        var actions: [Action] = []
        steps: do {
            switch namespaces[namespace] {
            case .connected(let sid)?:
                actions.append(.connected(namespace: namespace, sid: sid))
                break steps
            case .connecting?, .waitingForEngine?:
                break steps
            case nil:
                break
            }
            let deadline = now.advanced(by: connectTimeout)
            namespaceOrder.append(namespace)
            switch engine {
            case .open:
                namespaces[namespace] = .connecting(deadline: deadline)
                actions.append(.send(SocketIOPacket.connect(namespace: namespace, auth: auth).engineIOPackets))
            case .opening, .closing:
                namespaces[namespace] = .waitingForEngine(auth: auth, deadline: deadline)
            case .closed:
                namespaces[namespace] = .waitingForEngine(auth: auth, deadline: deadline)
                engine = .opening
                actions.append(.openEngine)
            }
        }
        return scheduling(actions)
    }

    /// Sends an EVENT (BINARY_EVENT when an argument holds bytes) that wants no ACK.
    mutating func emit(namespace: String, event: String, arguments: [SocketIOValue], now: Instant) throws(SocketIOClientError) -> [Action] {
        try checkEmit(namespace: namespace, event: event)
        return scheduling([.send(SocketIOPacket.event(event, arguments, namespace: namespace).engineIOPackets)])
    }

    /// Sends an EVENT with the next ack id; the ACK resolves or the timeout fails that id.
    mutating func emitWithAck(
        namespace: String, event: String, arguments: [SocketIOValue], timeout: Duration, now: Instant
    ) throws(SocketIOClientError) -> (ackID: Int, actions: [Action]) {
        try checkEmit(namespace: namespace, event: event)
        let id = nextAckID
        nextAckID += 1
        pendingAcks[id] = PendingAck(namespace: namespace, deadline: now.advanced(by: timeout))
        let actions = scheduling([.send(SocketIOPacket.event(event, arguments, namespace: namespace, ackID: id).engineIOPackets)])
        return (id, actions)
    }

    /// Answers a server event that carried `id`; a second answer for the same id is dropped.
    mutating func acknowledge(namespace: String, id: Int, arguments: [SocketIOValue]) -> [Action] {
        var actions: [Action] = []
        steps: do {
            guard owedAcks.remove(OwedAck(namespace: namespace, id: id)) != nil, sid(of: namespace) != nil else { break steps }
            actions.append(.send(SocketIOPacket.ack(arguments, id: id, namespace: namespace).engineIOPackets))
        }
        return scheduling(actions)
    }

    /// Leaves one namespace with DISCONNECT (`41`, `41/admin,`); the engine stays open.
    mutating func disconnect(namespace: String) -> [Action] {
        var actions: [Action] = []
        leave(namespace, into: &actions)
        return scheduling(actions)
    }

    /// Leaves every namespace, then closes the engine: the clean way out.
    mutating func disconnectAll() -> [Action] {
        var actions: [Action] = []
        for namespace in namespaceOrder { leave(namespace, into: &actions) }
        if engine == .open || engine == .opening {
            engine = .closing
            actions.append(.closeEngine)
        }
        return scheduling(actions)
    }

    // MARK: Engine events

    /// The engine opened: CONNECT every namespace that waited for it.
    mutating func engineOpened(now: Instant) -> [Action] {
        var actions: [Action] = []
        engine = .open
        reassembler.reset()
        var packets: [EngineIOPacket] = []
        for namespace in namespaceOrder {
            guard case .waitingForEngine(let auth, let deadline)? = namespaces[namespace] else { continue }
            namespaces[namespace] = .connecting(deadline: deadline)
            packets += SocketIOPacket.connect(namespace: namespace, auth: auth).engineIOPackets
        }
        if !packets.isEmpty { actions.append(.send(packets)) }
        return scheduling(actions)
    }

    /// The engine closed: every namespace and every awaited ACK ends; waiting CONNECTs reopen it.
    mutating func engineClosed(_ reason: ClientEngineCloseReason) -> [Action] {
        var actions: [Action] = []
        let wasClosing = engine == .closing
        engine = .closed
        reassembler.reset()
        owedAcks.removeAll()
        let error = Self.error(for: reason)
        for namespace in namespaceOrder {
            switch namespaces[namespace] {
            case .waitingForEngine? where wasClosing:
                continue  // asked for after disconnect(): gets a new session below
            case .waitingForEngine?, .connecting?:
                fail(namespace, error, into: &actions)
            case .connected?:
                drop(namespace)
                actions.append(.disconnected(namespace: namespace, reason: .engineClosed(reason)))
            case nil:
                continue
            }
        }
        for id in pendingAcks.keys.sorted() {
            pendingAcks[id] = nil
            actions.append(.failAck(id: id, SocketIOClientError(.disconnected, "the connection closed: \(reason)")))
        }
        if !namespaces.isEmpty {
            engine = .opening
            actions.append(.openEngine)
        }
        return scheduling(actions)
    }

    /// A message from the engine: text, or a binary attachment.
    mutating func receive(_ message: EngineIOPacket, now: Instant) -> [Action] {
        var actions: [Action] = []
        steps: do {
            guard engine == .open else { break steps }
            let completed: SocketIOPacket?
            do {
                switch message {
                case .message(let text): completed = try reassembler.receive(text: text)
                case .binaryMessage(let data): completed = try reassembler.receive(binary: data)
                default: break steps
                }
            } catch {
                violate("bad Socket.IO packet: \(error)", into: &actions)
                break steps
            }
            if let completed { handle(completed, into: &actions) }
        }
        return scheduling(actions)
    }

    /// Time passed: expires CONNECTs and ACKs whose deadline is reached.
    mutating func tick(now: Instant) -> [Action] {
        var actions: [Action] = []
        for namespace in namespaceOrder {
            switch namespaces[namespace] {
            case .waitingForEngine(_, let deadline)?, .connecting(let deadline)?:
                if now >= deadline {
                    fail(namespace, SocketIOClientError(.connectTimeout, "no CONNECT reply within \(Self.text(of: connectTimeout))", namespace: namespace), into: &actions)
                }
            default:
                continue
            }
        }
        for (id, pending) in pendingAcks.sorted(by: { $0.key < $1.key }) where now >= pending.deadline {
            pendingAcks[id] = nil
            actions.append(.failAck(id: id, SocketIOClientError(.ackTimeout, "no ACK for id \(id)", namespace: pending.namespace)))
        }
        return scheduling(actions)
    }

    // MARK: Steps

    private func checkEmit(namespace: String, event: String) throws(SocketIOClientError) {
        guard sid(of: namespace) != nil else {
            throw SocketIOClientError(.notConnected, "the namespace is not connected", namespace: namespace)
        }
        guard !SocketIOPacketHeader.reservedEventNames.contains(event) else {
            throw SocketIOClientError(.protocolViolation, "\"\(event)\" is a reserved event name", namespace: namespace)
        }
    }

    private mutating func handle(_ packet: SocketIOPacket, into actions: inout [Action]) {
        let namespace = packet.namespace
        switch packet.type {
        case .connect:
            guard case .connecting? = namespaces[namespace] else { return }
            guard let sid = packet.payload?["sid"]?.stringValue else {
                let error = SocketIOClientError(.protocolViolation, "the CONNECT reply has no string \"sid\"", namespace: namespace)
                fail(namespace, error, into: &actions)
                return
            }
            namespaces[namespace] = .connected(sid: sid)
            actions.append(.connected(namespace: namespace, sid: sid))
        case .connectError:
            guard case .connecting? = namespaces[namespace] else { return }
            let error = SocketIOClientError(
                .connectRefused, "the server refused the namespace", namespace: namespace, connectErrorPayload: packet.payload
            )
            fail(namespace, error, into: &actions)
        case .disconnect:
            switch namespaces[namespace] {
            case .connected?:
                drop(namespace)
                actions.append(.disconnected(namespace: namespace, reason: .serverDisconnect))
                failAcks(of: namespace, into: &actions)
            case .connecting?:
                fail(namespace, SocketIOClientError(.disconnected, "the server sent DISCONNECT", namespace: namespace), into: &actions)
            default:
                return
            }
        case .event, .binaryEvent:
            guard sid(of: namespace) != nil, let name = packet.payload?.arrayValue?.first else { return }
            guard let arguments = try? packet.arguments() else { return }
            if let id = packet.ackID { owedAcks.insert(OwedAck(namespace: namespace, id: id)) }
            let eventName = name.stringValue ?? name.compactText
            actions.append(.deliverEvent(namespace: namespace, name: eventName, arguments: arguments, ackID: packet.ackID))
        case .ack, .binaryAck:
            guard let id = packet.ackID, let pending = pendingAcks[id], pending.namespace == namespace,
                let arguments = try? packet.arguments()
            else { return }
            pendingAcks[id] = nil
            actions.append(.resolveAck(id: id, arguments: arguments))
        }
    }

    private mutating func leave(_ namespace: String, into actions: inout [Action]) {
        switch namespaces[namespace] {
        case .connected?:
            drop(namespace)
            actions.append(.send(SocketIOPacket.disconnect(namespace: namespace).engineIOPackets))
            actions.append(.disconnected(namespace: namespace, reason: .clientDisconnect))
            failAcks(of: namespace, into: &actions)
        case .connecting?, .waitingForEngine?:
            fail(namespace, SocketIOClientError(.disconnected, "disconnect() was called", namespace: namespace), into: &actions)
        case nil:
            return
        }
    }

    /// A broken packet: every namespace ends and the engine is closed, as the reference server does.
    private mutating func violate(_ reason: String, into actions: inout [Action]) {
        for namespace in namespaceOrder {
            switch namespaces[namespace] {
            case .connected?:
                drop(namespace)
                actions.append(.disconnected(namespace: namespace, reason: .protocolViolation(reason)))
            case .connecting?, .waitingForEngine?:
                fail(namespace, SocketIOClientError(.protocolViolation, reason, namespace: namespace), into: &actions)
            case nil:
                continue
            }
        }
        for id in pendingAcks.keys.sorted() {
            actions.append(.failAck(id: id, SocketIOClientError(.protocolViolation, reason)))
        }
        pendingAcks.removeAll()
        owedAcks.removeAll()
        engine = .closing
        actions.append(.closeEngine)
    }

    private mutating func fail(_ namespace: String, _ error: SocketIOClientError, into actions: inout [Action]) {
        drop(namespace)
        actions.append(.connectFailed(namespace: namespace, error))
    }

    private mutating func failAcks(of namespace: String, into actions: inout [Action]) {
        for (id, pending) in pendingAcks.sorted(by: { $0.key < $1.key }) where pending.namespace == namespace {
            pendingAcks[id] = nil
            actions.append(.failAck(id: id, SocketIOClientError(.disconnected, "the namespace disconnected", namespace: namespace)))
        }
        owedAcks = owedAcks.filter { $0.namespace != namespace }
    }

    private mutating func drop(_ namespace: String) {
        namespaces[namespace] = nil
        namespaceOrder.removeAll { $0 == namespace }
    }

    static func error(for reason: ClientEngineCloseReason) -> SocketIOClientError {
        switch reason {
        case .connectTimeout: SocketIOClientError(.connectTimeout, reason.description)
        case .transportFailed: SocketIOClientError(.transportFailed, reason.description)
        case .protocolViolation: SocketIOClientError(.protocolViolation, reason.description)
        case .clientClosed, .serverClosed, .pingTimeout: SocketIOClientError(.disconnected, "the connection closed: \(reason)")
        }
    }

    /// The next time ``tick(now:)`` has work to do.
    var earliestDeadline: Instant? {
        var deadlines = pendingAcks.values.map(\.deadline)
        for case .waitingForEngine(_, let deadline) in namespaces.values { deadlines.append(deadline) }
        for case .connecting(let deadline) in namespaces.values { deadlines.append(deadline) }
        return deadlines.min()
    }

    private mutating func scheduling(_ actions: [Action]) -> [Action] {
        var actions = actions
        let deadline = earliestDeadline
        if let deadline, deadline != scheduledDeadline { actions.append(.schedule(at: deadline)) }
        scheduledDeadline = deadline
        return actions
    }

    /// A duration as the client's messages write it: in the largest whole unit, `10 s`, `500 ms`.
    static func text(of duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        for (unit, size) in [("s", Int64(1_000_000_000)), ("ms", 1_000_000), ("us", 1_000)] where nanoseconds % size == 0 {
            return "\(nanoseconds / size) \(unit)"
        }
        return "\(nanoseconds) ns"
    }
}
