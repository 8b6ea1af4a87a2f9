import SocketIOWire

/// The steps the events of ``ClientEngineStateMachine`` are made of.
extension ClientEngineStateMachine {

    /// Runs `body`, then adds a `schedule` action when the earliest deadline changed.
    mutating func scheduling(_ actions: [Action]) -> [Action] {
        var actions = actions
        let deadline = earliestDeadline
        if let deadline, deadline != scheduledDeadline { actions.append(.schedule(at: deadline)) }
        scheduledDeadline = deadline
        return actions
    }

    /// The next time ``tick(now:)`` has work to do.
    var earliestDeadline: Instant? {
        switch state {
        case .handshaking(_, let deadline): return deadline
        case .open(let session):
            return [session.pingDeadline, session.probe?.deadline, session.closingDeadline].compactMap { $0 }.min()
        case .idle, .closed: return nil
        }
    }

    mutating func makeWebSocketID() -> Int {
        nextWebSocketID += 1
        return nextWebSocketID
    }

    func upgradeAllowed(_ session: Session) -> Bool {
        session.transport == .polling && configuration.transports.contains(.websocket)
            && session.handshake.upgrades.contains("websocket")
    }

    mutating func open(_ handshake: EngineIOHandshake, on transport: Transport, now: Instant, into actions: inout [Action]) {
        let session = Session(handshake: handshake, transport: transport, pingDeadline: now.advanced(by: heartbeatWindow(handshake)))
        state = .open(session)
        actions.append(.opened(handshake))
    }

    func heartbeatWindow(_ handshake: EngineIOHandshake) -> Duration {
        .milliseconds(Int64(handshake.pingInterval) + Int64(handshake.pingTimeout))
    }

    /// Acts on packets from the server, in order, until one closes the session.
    mutating func process(_ packets: [EngineIOPacket], now: Instant, into actions: inout [Action]) {
        for packet in packets {
            guard case .open(var session) = state else { return }
            switch packet {
            case .ping(let data):
                session.pingDeadline = now.advanced(by: heartbeatWindow(session.handshake))
                state = .open(session)
                pingsAnswered += 1
                sendPackets([.pong(data)], into: &actions)
            case .message, .binaryMessage:
                actions.append(.deliver(packet))
            case .close:
                close(.serverClosed, into: &actions)
            case .noop, .pong, .upgrade:
                continue  // python-engineio sends `6` on the WebSocket after an upgrade; a pong or upgrade is meaningless here
            case .open:
                close(.protocolViolation("a second open packet"), into: &actions)
            }
        }
    }

    mutating func sendPackets(_ packets: [EngineIOPacket], into actions: inout [Action]) {
        guard case .open(var session) = state, session.closingDeadline == nil, !packets.isEmpty else { return }
        switch session.transport {
        case .websocket(let id):
            actions.append(.write(id: id, packets: packets))
        case .polling:
            session.outbox += packets
            state = .open(session)
            flushPolling(into: &actions)
        }
    }

    /// Keeps one GET outstanding while the session polls and is not paused for an upgrade.
    mutating func continuePolling(into actions: inout [Action]) {
        guard case .open(var session) = state, session.transport == .polling, !session.pollInFlight,
            !session.isDraining, session.closingDeadline == nil
        else { return }
        session.pollInFlight = true
        state = .open(session)
        actions.append(.poll(sid: session.sid))
    }

    /// POSTs queued packets, at most maxPayload bytes at a time (always at least one packet).
    mutating func flushPolling(into actions: inout [Action]) {
        guard case .open(var session) = state, session.transport == .polling, !session.postInFlight,
            !session.isDraining, !session.outbox.isEmpty
        else { return }
        var batch: [EngineIOPacket] = []
        var size = 0
        while let packet = session.outbox.first {
            let packetSize = packet.encodedText.utf8.count + (batch.isEmpty ? 0 : 1)
            if !batch.isEmpty, size + packetSize > session.handshake.maxPayload { break }
            batch.append(session.outbox.removeFirst())
            size += packetSize
        }
        session.postInFlight = true
        state = .open(session)
        actions.append(.post(sid: session.sid, payload: EngineIOPayload(batch)))
    }

    /// Sends `5` and the held packets on the probe once no GET or POST is outstanding.
    mutating func finishUpgradeIfDrained(into actions: inout [Action]) {
        guard case .open(var session) = state, let probe = session.probe, probe.stage == .draining,
            !session.pollInFlight, !session.postInFlight
        else { return }
        session.probe = nil
        session.transport = .websocket(id: probe.id)
        let held = session.outbox
        session.outbox = []
        state = .open(session)
        actions.append(.write(id: probe.id, packets: [.upgrade] + held))
        actions.append(.upgraded)
    }

    func abortProbe(_ session: inout Session, into actions: inout [Action]) {
        guard let probe = session.probe else { return }
        session.probe = nil
        actions.append(.closeWebSocket(id: probe.id))
    }

    /// Ends the session: closes the WebSockets still held and reports why.
    mutating func close(_ reason: ClientEngineCloseReason, into actions: inout [Action]) {
        switch state {
        case .handshaking(.websocket(let id), _):
            actions.append(.closeWebSocket(id: id))
        case .open(let session):
            if case .websocket(let id) = session.transport { actions.append(.closeWebSocket(id: id)) }
            if let probe = session.probe { actions.append(.closeWebSocket(id: probe.id)) }
        default:
            break
        }
        state = .closed
        actions.append(.closed(reason))
    }
}
