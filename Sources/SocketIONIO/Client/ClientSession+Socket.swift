import Logging
import NIOCore
import SocketIOWire

extension ClientSession {
    /// Carries out the Socket.IO machine's actions in order.
    func run(_ actions: [ClientSocketAction<ContinuousClock.Instant>]) {
        for action in actions {
            switch action {
            case .openEngine:
                run(engine.start(now: clock.now))
            case .send(let packets):
                run(engine.send(packets, now: clock.now))
            case .closeEngine:
                run(engine.close(now: clock.now))
            case .connected(let namespace, let sid):
                logger.debug("namespace connected", metadata: ["namespace": "\(namespace)", "sid": "\(sid)"])
                endReasons[namespace] = nil
                for waiter in connectWaiters.removeValue(forKey: namespace) ?? [] { waiter.succeed(()) }
            case .connectFailed(let namespace, let error):
                logger.debug("namespace connect failed", metadata: ["namespace": "\(namespace)", "error": "\(error)"])
                for waiter in connectWaiters.removeValue(forKey: namespace) ?? [] { waiter.fail(error) }
            case .disconnected(let namespace, let reason):
                logger.debug("namespace disconnected", metadata: ["namespace": "\(namespace)", "reason": "\(reason)"])
                endReasons[namespace] = endReason(reason, namespace: namespace)
                for continuation in (streams.removeValue(forKey: namespace) ?? [:]).values { continuation.finish() }
            case .deliverEvent(let namespace, let name, let arguments, let ackID):
                deliver(namespace: namespace, name: name, arguments: arguments, ackID: ackID)
            case .resolveAck(let id, let arguments):
                ackWaiters.removeValue(forKey: id)?.succeed(arguments)
            case .failAck(let id, let error):
                ackWaiters.removeValue(forKey: id)?.fail(error)
            case .schedule(let deadline):
                // A nested call may have moved the deadline since this action was made; the newest wins.
                guard deadline == socket.earliestDeadline else { continue }
                socketTimer?.cancel()
                socketTimer = eventLoop.assumeIsolated().scheduleTask(in: clock.now.duration(to: deadline).timeAmount) { [weak self] in
                    guard let self else { return }
                    self.run(self.socket.tick(now: self.timerNow(armedFor: deadline)))
                }
            }
        }
    }

    /// Hands a server event to the `on` handlers and the event streams of its namespace.
    private func deliver(namespace: String, name: String, arguments: [SocketIOValue], ackID: Int?) {
        logger.trace("event", metadata: ["namespace": "\(namespace)", "name": "\(name)", "ackID": "\(ackID.map(String.init) ?? "-")"])
        var ack: SocketIOAcknowledgement?
        if let ackID {
            let handle = weakHandle
            ack = SocketIOAcknowledgement(id: ackID) { arguments in
                handle.run { session in session.acknowledge(namespace: namespace, id: ackID, arguments: arguments) }
            }
        }
        let event = SocketIOEvent(namespace: namespace, name: name, arguments: arguments, ack: ack)
        for handler in handlers[namespace]?[name] ?? [] { handler(arguments, ack) }
        for id in (streams[namespace] ?? [:]).keys.sorted() {
            if case .dropped? = streams[namespace]?[id]?.yield(event) { closeForUnreadEvents(namespace: namespace) }
        }
    }

    /// An events stream of `namespace` holds its limit of unread events and one more came: closes
    /// the connection with a reason naming the server and the limit. After the actions being
    /// carried out, so the machines are not re-entered in the middle of a batch of packets.
    private func closeForUnreadEvents(namespace: String) {
        guard !closingForUnreadEvents else { return }
        closingForUnreadEvents = true
        let reason = Self.unreadEventsReason(peer: endpoint.peer, namespace: namespace, limit: configuration.maximumUnreadEvents)
        logger.warning("closing the connection: \(reason)")
        let handle = weakHandle
        eventLoop.execute {
            handle.run { session in
                session.run(session.engine.abort(.transportFailed(reason)))
                session.closingForUnreadEvents = false
            }
        }
    }

    /// The reason given when an events stream of `namespace` passes `limit` unread events.
    static func unreadEventsReason(peer: String, namespace: String, limit: Int) -> String {
        "the server at \(peer) sent more than the \(limit) events the client may hold unread on \(namespace) (maximumUnreadEvents): "
            + "the events() stream's consumer fell behind; connection closed"
    }

    /// What ``SocketIOClient/endReason(namespace:)`` gives for `reason`: an error naming the server.
    private func endReason(_ reason: ClientSocketDisconnectReason, namespace: String) -> SocketIOClientError {
        let error: SocketIOClientError =
            switch reason {
            case .engineClosed(let closed): ClientSocketStateMachine<ContinuousClock.Instant>.error(for: closed)
            case .protocolViolation(let violation): SocketIOClientError(.protocolViolation, violation)
            case .serverDisconnect: SocketIOClientError(.disconnected, "the server sent DISCONNECT")
            case .clientDisconnect: SocketIOClientError(.disconnected, "disconnect() was called")
            }
        return SocketIOClientError(error.code, "the connection to \(endpoint.peer) ended: \(error.message)", namespace: namespace)
    }

    /// The time a timer armed for `deadline` hands its machine: the event loop and the machines
    /// read different clocks, so the loop may fire a few nanoseconds before the deadline by the
    /// machines' clock; the deadline has passed all the same.
    func timerNow(armedFor deadline: ContinuousClock.Instant) -> ContinuousClock.Instant {
        max(clock.now, deadline)
    }

    /// Ends everything at once: used when the client is released without ``disconnectAll(promise:)``.
    func shutDown() {
        run(socket.disconnectAll())
        for continuations in streams.values {
            for continuation in continuations.values { continuation.finish() }
        }
        streams.removeAll()
    }
}
