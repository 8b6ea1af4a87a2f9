import SocketIOWire

extension EngineIOSessionStateMachine {
    /// A WebSocket with this session's `sid` connected: it becomes the probe of an upgrade.
    ///
    /// Only a polling session that is not already upgrading accepts one; any other is closed
    /// (engine.io-protocol §Upgrade; the reference answers 101 and then closes).
    mutating func webSocketOpened(_ socket: EngineIOTransportID, now: Instant) -> [Action] {
        let actions = expireIfDue(now: now)
        guard case .open = lifecycle, case .polling = transport, case .none = upgrade else {
            return actions + [.closeWebSocket(socket)]
        }
        upgrade = .awaitingProbe(socket, deadline: now.advanced(by: timing.upgradeTimeout))
        return actions + rescheduleTimer()
    }

    /// A frame arrived on one of the session's WebSockets.
    ///
    /// On the session's transport it is an ordinary packet. On a probe the first packet must be
    /// `2probe` (answered `3probe`, and a held poll is released with a noop), the next `5`, which
    /// switches the session to the WebSocket and flushes the buffer there; anything else ends the
    /// upgrade and closes the probe.
    mutating func frameReceived(_ packet: EngineIOPacket, on socket: EngineIOTransportID, now: Instant) -> [Action] {
        var actions = expireIfDue(now: now)
        guard case .open = lifecycle else { return actions + [.closeWebSocket(socket)] }
        if case .webSocket(let active) = transport, active == socket {
            return actions + receive(packet, now: now)
        }
        switch upgrade {
        case .awaitingProbe(let probe, let deadline) where probe == socket:
            guard packet == .probePing else { return actions + abandonUpgrade() }
            upgrade = .awaitingUpgrade(probe, deadline: deadline)
            actions.append(.send(probe, [.probePong]))
            if case .polling(let pending?) = transport {
                actions.append(.respond(pending, .packets([.noop])))
                transport = .polling(pendingPoll: nil)
            }
            return actions
        case .awaitingUpgrade(let probe, _) where probe == socket:
            switch packet {
            case .upgrade:
                upgrade = .none
                transport = .webSocket(probe)
                actions.append(.upgraded(probe))
                return actions + flush() + rescheduleTimer()
            case .noop:
                return actions
            default:
                return actions + abandonUpgrade()
            }
        default:
            return actions + [.closeWebSocket(socket)]
        }
    }

    /// A WebSocket frame could not be decoded: the session ends if it was its transport, a probe is dropped.
    mutating func frameFailed(on socket: EngineIOTransportID, detail: String, now: Instant) -> [Action] {
        let actions = expireIfDue(now: now)
        guard case .open = lifecycle else { return actions + [.closeWebSocket(socket)] }
        if case .webSocket(let active) = transport, active == socket {
            return actions + finish(.parseError(detail))
        }
        if probeSocket == socket { return actions + abandonUpgrade() }
        return actions + [.closeWebSocket(socket)]
    }

    /// One of the session's WebSockets closed: the session ends with its transport, an upgrade ends with its probe.
    mutating func webSocketClosed(_ socket: EngineIOTransportID, now: Instant) -> [Action] {
        if case .webSocket(let active) = transport, active == socket {
            return finish(.transportClose)
        }
        guard probeSocket == socket else { return [] }
        upgrade = .none
        return flush() + rescheduleTimer()
    }

    /// The WebSocket being probed, if an upgrade is under way.
    var probeSocket: EngineIOTransportID? {
        switch upgrade {
        case .awaitingProbe(let probe, _), .awaitingUpgrade(let probe, _): probe
        case .none: nil
        }
    }

    /// Ends an upgrade under way: closes the probe and resumes flushing to polling.
    mutating func abandonUpgrade() -> [Action] {
        guard let probe = probeSocket else { return [] }
        upgrade = .none
        var actions: [Action] = [.closeWebSocket(probe)]
        if case .open = lifecycle { actions += flush() + rescheduleTimer() }
        return actions
    }
}
