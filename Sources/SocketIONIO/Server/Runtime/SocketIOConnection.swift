import Foundation
import Logging
import NIOCore
import SocketIOWire

/// The runtime of the Socket.IO layer of one Engine.IO session: runs its state machine on the
/// session's event loop and carries out its actions.
///
/// Asks namespaces to authorize CONNECTs, creates the ``SocketIOServerSocket`` of each joined
/// namespace, routes events and acks to them, reports every packet to the observer, and keeps the
/// callbacks of the server's own acks. Public sockets call in from any thread; work hops to the loop.
final class SocketIOConnection: EngineIOSessionDelegate, @unchecked Sendable {
    typealias Machine = SocketIOConnectionStateMachine<ContinuousClock.Instant>
    /// Receives the client's answer to one of the server's events, or the reason there is none.
    typealias AckCallback = @Sendable (Result<[SocketIOValue], SocketIOServerError>) -> Void

    private struct AckKey: Hashable {
        var namespace: String
        var id: Int
    }

    /// The Engine.IO session below.
    let session: EngineIOSession
    /// The identity of the session's loop: a broadcast groups connections by it without
    /// touching the loop object's reference count from every thread.
    let loopID: ObjectIdentifier
    private let registry: SocketIONamespaceRegistry
    private let configuration: SocketIOServer.Configuration
    private let clock = ContinuousClock()
    private var machine: Machine
    private var sockets: [String: SocketIOServerSocket] = [:]
    private var pendingHandshakes: [String: SocketIOHandshake] = [:]
    private var ackCallbacks: [AckKey: AckCallback] = [:]
    private var timer: Scheduled<Void>?
    /// The machine's ``SocketIOConnectionStateMachine/sendableNamespaces`` after its last step,
    /// so that a broadcast costs no machine step per connection.
    private var broadcastNamespaces: [String] = []

    init(session: EngineIOSession, registry: SocketIONamespaceRegistry, configuration: SocketIOServer.Configuration) {
        self.session = session
        self.registry = registry
        self.configuration = configuration
        self.machine = Machine(connectTimeout: configuration.connectTimeout)
        self.loopID = ObjectIdentifier(session.eventLoop)
    }

    /// The loop of the session, where the connection's state lives.
    var eventLoop: any EventLoop { session.eventLoop }

    // MARK: EngineIOSessionDelegate

    func engineIOSessionDidOpen(_ session: EngineIOSession) {
        step { $0.start(now: $1) }
    }

    func engineIOSession(_ session: EngineIOSession, didReceive message: EngineIOPacket) {
        step { $0.receive(message, now: $1) }
    }

    func engineIOSessionWillShutDown(_ session: EngineIOSession) {
        for namespace in sockets.keys.sorted() {
            step { $0.disconnect(namespace: namespace, reason: .serverShuttingDown, now: $1) }
        }
    }

    func engineIOSession(_ session: EngineIOSession, didCloseWith reason: EngineIOCloseReason) {
        step { machine, _ in machine.engineClosed(reason) }
    }

    // MARK: Calls from sockets (any thread)

    /// Emits an event on a namespace; `ack` receives the client's answer.
    func emit(namespace: String, name: String, arguments: [SocketIOValue], ack: AckCallback?) {
        emitExpiring(namespace: namespace, name: name, arguments: arguments, timeout: nil, ack: ack)
    }

    /// Emits an event whose answer `ack` receives, or ``SocketIOServerError/ackTimeout`` after `timeout`.
    func emitExpiring(namespace: String, name: String, arguments: [SocketIOValue], timeout: Duration?, ack: AckCallback?) {
        session.onLoop {
            var result: (actions: [Machine.Action], ackID: Int?) = ([], nil)
            self.step { machine, now in
                result = machine.emit(namespace: namespace, name: name, arguments: arguments, wantsAck: ack != nil, now: now)
                return []
            }
            if let ack {
                guard let id = result.ackID else {
                    ack(.failure(.disconnected))
                    return
                }
                let key = AckKey(namespace: namespace, id: id)
                self.ackCallbacks[key] = ack
                if let timeout {
                    self.eventLoop.scheduleTask(in: timeout.timeAmount) {
                        guard let callback = self.ackCallbacks.removeValue(forKey: key) else { return }
                        self.machine.forgetAck(namespace: namespace, id: id)
                        callback(.failure(.ackTimeout))
                    }
                }
            }
            self.apply(result.actions)
        }
    }

    /// Sends a packet encoded once for many connections (a broadcast), if its namespace is joined; on the loop.
    func deliver(_ encoded: SocketIOEncodedPacket) {
        eventLoop.assertInEventLoop()
        guard broadcastNamespaces.contains(encoded.namespace) else { return }
        observe(.outbound, encoded.packet)
        session.send(encoded.engineIO)
    }

    /// Answers the client's event `id`.
    func acknowledge(namespace: String, id: Int, arguments: [SocketIOValue]) {
        session.onLoop { self.step { $0.acknowledge(namespace: namespace, id: id, arguments: arguments, now: $1) } }
    }

    /// Disconnects the socket of `namespace`; with `closingConnection` the whole connection closes too.
    /// Ends the Engine.IO session at once, sending no Socket.IO packet.
    func dropConnection() {
        session.terminate()
    }

    func disconnect(namespace: String, closingConnection: Bool) {
        session.onLoop {
            self.step { $0.disconnect(namespace: namespace, now: $1) }
            if closingConnection { self.session.close(reason: .serverClose) }
        }
    }

    // MARK: Running the machine

    private func step(_ event: (inout Machine, ContinuousClock.Instant) -> [Machine.Action]) {
        eventLoop.assertInEventLoop()
        let actions = event(&machine, clock.now)
        broadcastNamespaces = machine.sendableNamespaces
        apply(actions)
    }

    private func apply(_ actions: [Machine.Action]) {
        for action in actions {
            switch action {
            case .received(let packet):
                observe(.inbound, packet)
            case .send(let packet):
                observe(.outbound, packet)
                session.send(packet.engineIOPackets)
            case .authorize(let namespace, let auth):
                authorize(namespace: namespace, auth: auth)
            case .connected(let namespace, let sid):
                connected(namespace: namespace, sid: sid)
            case .event(let namespace, let name, let arguments, let ackID):
                guard let socket = sockets[namespace] else { continue }
                let responder = ackID.map { SocketIOAckResponder(connection: self, namespace: namespace, id: $0) }
                socket.dispatch(name, arguments: arguments, ack: responder)
            case .ack(let namespace, let id, let arguments):
                ackCallbacks.removeValue(forKey: AckKey(namespace: namespace, id: id))?(.success(arguments))
            case .disconnected(let namespace, let reason):
                disconnected(namespace: namespace, reason: reason)
            case .close(let reason):
                session.close(reason: reason)
            case .scheduleTimer(let deadline):
                timer?.cancel()
                timer = eventLoop.scheduleTask(in: clock.now.duration(to: deadline).timeAmount) {
                    self.timer = nil
                    self.step { $0.timerFired(now: $1) }
                }
            case .cancelTimer:
                timer?.cancel()
                timer = nil
            }
        }
    }

    private func authorize(namespace name: String, auth: JSONObject) {
        let handshake = SocketIOHandshake(
            namespace: name,
            auth: auth,
            query: session.origin.query,
            headers: session.origin.headers,
            engineIOSessionID: session.sid,
            remoteAddress: session.origin.remoteAddress
        )
        guard let namespace = registry.existing(name) else {
            step { $0.refuse(namespace: name, message: "Invalid namespace", data: nil, now: $1) }
            return
        }
        switch namespace.authorization(for: handshake) {
        case .accept:
            pendingHandshakes[name] = handshake
            step { $0.accept(namespace: name, sid: EngineIOSessionID.make(), now: $1) }
        case .refuse(let message, let data):
            step { $0.refuse(namespace: name, message: message, data: data, now: $1) }
        }
    }

    private func connected(namespace name: String, sid: String) {
        guard let namespace = registry.existing(name), let handshake = pendingHandshakes.removeValue(forKey: name) else { return }
        let socket = SocketIOServerSocket(id: sid, namespace: namespace, handshake: handshake, connection: self)
        sockets[name] = socket
        namespace.add(socket)
        configuration.logger.debug("socket.io socket connected", metadata: ["sid": "\(session.sid)", "namespace": "\(name)"])
        namespace.connectionHandler?(socket)
    }

    private func disconnected(namespace name: String, reason: SocketIODisconnectReason) {
        let lost = ackCallbacks.filter { $0.key.namespace == name }
        for key in lost.keys { ackCallbacks[key] = nil }
        for callback in lost.values { callback(.failure(.disconnected)) }
        guard let socket = sockets.removeValue(forKey: name) else { return }
        registry.existing(name)?.remove(socket)
        configuration.logger.debug("socket.io socket disconnected", metadata: ["sid": "\(session.sid)", "namespace": "\(name)", "reason": "\(reason)"])
        socket.didDisconnect(reason)
    }

    private func observe(_ direction: SocketIOPacketRecord.Direction, _ packet: SocketIOPacket) {
        guard let observer = configuration.observer else { return }
        observer(SocketIOPacketRecord(
            direction: direction,
            engineIOSessionID: session.sid,
            namespace: packet.namespace,
            socketID: machine.socketID(of: packet.namespace),
            packet: packet,
            timestamp: Date()
        ))
    }
}
