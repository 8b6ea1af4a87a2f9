import SocketIOWire

/// One Engine.IO v4 server session as a pure state machine: events in, actions out.
///
/// Implements engine.io-protocol §Transports, §Heartbeat and §Upgrade for the server side:
/// the handshake, one held poll at a time, buffering and flushing every buffered packet in one
/// response, the polling-to-WebSocket upgrade (`2probe`, `3probe`, a noop releasing the held
/// poll, `5`), server pings every pingInterval with expiry pingTimeout later, and close. It does
/// no I/O and reads no clock: every event carries `now`, and timers come back as
/// ``Action/scheduleTimer(_:)`` deadlines for the runtime to arm. Requests and WebSockets are
/// named by ``EngineIOTransportID``.
struct EngineIOSessionStateMachine<Instant: InstantProtocol> where Instant.Duration == Duration {
    /// The session's time limits.
    struct Timing: Sendable, Hashable {
        /// Time from the open packet (or the last pong) to the next ping.
        var pingInterval: Duration
        /// Time a ping waits for its pong before the session expires.
        var pingTimeout: Duration
        /// Time a probing WebSocket has to finish the upgrade with `5`.
        var upgradeTimeout: Duration
        /// Time a closing polling session waits for the poll that carries its close packet.
        var closeTimeout: Duration
        /// What may be queued for the client before the session is closed as a slow consumer; nil for no limit.
        var outboundLimit: SocketIOServer.OutboundLimit? = nil
    }

    /// How the session was opened.
    enum Opening: Sendable, Hashable {
        /// A polling handshake GET, answered with the open packet.
        case polling(handshakeRequest: EngineIOTransportID)
        /// A WebSocket without `sid`, whose first frame is the open packet.
        case webSocket(EngineIOTransportID)
    }

    /// The answer to a polling request.
    enum PollResponse: Sendable, Hashable {
        /// 200 with these packets joined by `\x1e` (a GET).
        case packets([EngineIOPacket])
        /// 200 with body `ok` (a POST).
        case ok
        /// An error status and body.
        case error(EngineIOHTTPError)
    }

    /// What the runtime must do, in order.
    enum Action: Sendable, Hashable {
        /// Answer the request.
        case respond(EngineIOTransportID, PollResponse)
        /// Write these packets to the WebSocket, one frame each.
        case send(EngineIOTransportID, [EngineIOPacket])
        /// Close the WebSocket.
        case closeWebSocket(EngineIOTransportID)
        /// Close the WebSocket's connection at once, without a close frame, dropping what it still
        /// queues (a slow consumer, whose close frame would wait behind its backlog).
        case dropWebSocket(EngineIOTransportID)
        /// Hand a message (text or binary) to the application.
        case deliver(EngineIOPacket)
        /// The session now runs on this WebSocket.
        case upgraded(EngineIOTransportID)
        /// Call ``timerFired(now:)`` at this instant, replacing any earlier timer.
        case scheduleTimer(Instant)
        /// The session ended; forget it and cancel its timer.
        case closed(EngineIOCloseReason)
    }

    enum Transport: Hashable {
        case polling(pendingPoll: EngineIOTransportID?)
        case webSocket(EngineIOTransportID)
    }

    enum Upgrade: Hashable {
        case none
        case awaitingProbe(EngineIOTransportID, deadline: Instant)
        case awaitingUpgrade(EngineIOTransportID, deadline: Instant)
    }

    enum Heartbeat: Hashable {
        case pingDue(Instant)
        case pongDue(Instant)
    }

    enum Lifecycle: Hashable {
        case open
        case closing(deadline: Instant, reason: EngineIOCloseReason)
        case closed(EngineIOCloseReason)
    }

    /// How long a session closed by the client's POST waits for a poll that raced that POST.
    static var clientCloseGrace: Duration { .milliseconds(100) }

    /// The handshake the session opened with.
    let handshake: EngineIOHandshake
    /// The time limits.
    let timing: Timing
    var transport: Transport
    var upgrade: Upgrade = .none
    var heartbeat: Heartbeat
    var lifecycle: Lifecycle = .open
    var buffer = EngineIOOutboundQueue()
    /// The bytes the session's WebSocket last said it holds unsent (``transportBacklog(_:on:now:)``).
    var transportBacklog = 0
    /// Since when more than the soft outbound limit is queued; nil while under it.
    var overSoftLimitSince: Instant?
    var scheduledTimer: Instant?

    private init(handshake: EngineIOHandshake, timing: Timing, transport: Transport, now: Instant) {
        self.handshake = handshake
        self.timing = timing
        self.transport = transport
        self.heartbeat = .pingDue(now.advanced(by: timing.pingInterval))
    }

    /// Opens a session: the open packet goes out on the handshake request or WebSocket, and the
    /// first ping is scheduled pingInterval from `now`.
    static func open(handshake: EngineIOHandshake, timing: Timing, via opening: Opening, now: Instant) -> (machine: Self, actions: [Action]) {
        switch opening {
        case .polling(let request):
            var machine = Self(handshake: handshake, timing: timing, transport: .polling(pendingPoll: nil), now: now)
            let actions: [Action] = [.respond(request, .packets([.open(handshake)]))] + machine.rescheduleTimer()
            return (machine, actions)
        case .webSocket(let socket):
            var machine = Self(handshake: handshake, timing: timing, transport: .webSocket(socket), now: now)
            let actions: [Action] = [.send(socket, [.open(handshake)])] + machine.rescheduleTimer()
            return (machine, actions)
        }
    }

    /// True once the session has ended.
    var isClosed: Bool {
        if case .closed = lifecycle { return true }
        return false
    }

    /// The session's transport name: `polling` or `websocket`.
    var transportName: String {
        if case .webSocket = transport { return "websocket" }
        return "polling"
    }

    // MARK: Polling

    /// A GET arrived: answer it with the buffered packets, hold it, or refuse it.
    mutating func pollReceived(_ request: EngineIOTransportID, now: Instant) -> [Action] {
        var actions = expireIfDue(now: now)
        switch lifecycle {
        case .closed:
            return actions + [.respond(request, .error(.unknownSessionID))]
        case .closing(_, let reason):
            actions.append(.respond(request, .packets(buffer.take())))
            return actions + finish(reason)
        case .open:
            break
        }
        guard case .polling(let pending) = transport else {
            return actions + [.respond(request, .error(.badRequest))]
        }
        if pending != nil {
            // The reference closes a session whose client polls twice at once.
            actions.append(.respond(request, .error(.badRequest)))
            return actions + finish(.transportError("overlapping poll"))
        }
        if case .awaitingUpgrade = upgrade {
            return actions + [.respond(request, .packets([.noop]))]
        }
        transport = .polling(pendingPoll: request)
        return actions + flush()
    }

    /// A POST body was decoded: act on each packet in order, then answer `ok` (400 after a protocol error).
    mutating func postReceived(_ request: EngineIOTransportID, packets: [EngineIOPacket], now: Instant) -> [Action] {
        var actions = expireIfDue(now: now)
        switch lifecycle {
        case .closed: return actions + [.respond(request, .error(.unknownSessionID))]
        case .closing: return actions + [.respond(request, .ok)]
        case .open: break
        }
        guard case .polling = transport else {
            return actions + [.respond(request, .error(.badRequest))]
        }
        for packet in packets {
            actions += receive(packet, now: now)
            guard case .open = lifecycle else { break }
        }
        switch lifecycle {
        case .closed(.transportError), .closed(.parseError): actions.append(.respond(request, .error(.badRequest)))
        default: actions.append(.respond(request, .ok))
        }
        return actions
    }

    /// A POST could not be used: too large (413, the session stays) or not a valid payload (400, the session ends).
    mutating func postFailed(_ request: EngineIOTransportID, error: EngineIOHTTPError, detail: String, now: Instant) -> [Action] {
        var actions = expireIfDue(now: now)
        guard case .open = lifecycle else {
            return actions + [.respond(request, .error(isClosed ? .unknownSessionID : error))]
        }
        actions.append(.respond(request, .error(error)))
        if error != .payloadTooLarge {
            actions += finish(.parseError(detail))
        }
        return actions
    }

    /// The connection of a held GET closed before it was answered; the reference ends the session.
    mutating func pollAborted(_ request: EngineIOTransportID, now: Instant) -> [Action] {
        guard case .polling(let pending) = transport, pending == request else { return [] }
        transport = .polling(pendingPoll: nil)
        guard case .open = lifecycle else { return [] }
        return finish(.transportClose)
    }

    // MARK: Application

    /// The application sends packets: buffered, then flushed to the WebSocket or the held poll.
    mutating func send(_ packets: [EngineIOPacket], now: Instant) -> [Action] {
        guard case .open = lifecycle, !packets.isEmpty else { return [] }
        buffer.append(packets)
        return flush() + checkOutbound(now: now)
    }

    /// The application closes the session: buffered packets go first, then the close.
    ///
    /// On a WebSocket the socket is closed at once; on polling a close packet is queued and the
    /// session ends when a poll carries it, or closeTimeout later.
    mutating func close(reason: EngineIOCloseReason = .serverClose, now: Instant) -> [Action] {
        guard case .open = lifecycle else { return [] }
        var actions = abandonUpgrade()
        switch transport {
        case .webSocket(let socket):
            if !buffer.isEmpty { actions.append(.send(socket, buffer.take())) }
            return actions + finish(reason)
        case .polling(let pending):
            buffer.append(.close)
            if let pending {
                actions.append(.respond(pending, .packets(buffer.take())))
                transport = .polling(pendingPoll: nil)
                return actions + finish(reason)
            }
            lifecycle = .closing(deadline: now.advanced(by: timing.closeTimeout), reason: reason)
            return actions + rescheduleTimer()
        }
    }

    /// The WebSocket that packets sent now would be written to at once, unchanged: the session
    /// is open on a WebSocket and buffers nothing. Sending to it directly is the same as
    /// ``send(_:now:)``, which would buffer the packets and flush them there.
    var directWebSocket: EngineIOTransportID? {
        guard case .open = lifecycle, case .webSocket(let socket) = transport, buffer.isEmpty else { return nil }
        return socket
    }

    // MARK: Shared steps

    /// Acts on one packet from the client on the session's current transport.
    mutating func receive(_ packet: EngineIOPacket, now: Instant) -> [Action] {
        switch packet {
        case .close:
            guard case .polling(nil) = transport, probeSocket == nil else { return finish(.clientClose) }
            // No poll is held: one that raced the POST still gets its noop, as if it had come first.
            buffer = EngineIOOutboundQueue([.noop])
            lifecycle = .closing(deadline: now.advanced(by: min(timing.closeTimeout, Self.clientCloseGrace)), reason: .clientClose)
            return rescheduleTimer()
        case .pong:
            guard case .pongDue = heartbeat else { return [] }
            heartbeat = .pingDue(now.advanced(by: timing.pingInterval))
            return rescheduleTimer()
        case .ping:
            return finish(.transportError("invalid heartbeat direction"))
        case .message, .binaryMessage:
            return [.deliver(packet)]
        case .open, .upgrade, .noop:
            return []
        }
    }

    /// Writes the buffer to the WebSocket, or to the held poll; keeps it while neither exists.
    mutating func flush() -> [Action] {
        guard !buffer.isEmpty else { return [] }
        defer { checkDrained() }
        switch transport {
        case .webSocket(let socket):
            return [.send(socket, buffer.take())]
        case .polling(let pending?):
            transport = .polling(pendingPoll: nil)
            return [.respond(pending, .packets(buffer.take()))]
        case .polling(nil):
            return []
        }
    }

    /// Ends the session: releases the held poll (noop after a client close, close otherwise),
    /// closes every WebSocket and reports the reason.
    mutating func finish(_ reason: EngineIOCloseReason) -> [Action] {
        guard !isClosed else { return [] }
        var actions: [Action] = []
        switch transport {
        case .polling(let pending?):
            actions.append(.respond(pending, .packets([reason == .clientClose ? .noop : .close])))
            transport = .polling(pendingPoll: nil)
        case .polling(nil):
            break
        case .webSocket(let socket):
            if case .slowConsumer = reason { actions.append(.dropWebSocket(socket)) } else { actions.append(.closeWebSocket(socket)) }
        }
        switch upgrade {
        case .awaitingProbe(let probe, _), .awaitingUpgrade(let probe, _): actions.append(.closeWebSocket(probe))
        case .none: break
        }
        upgrade = .none
        buffer = EngineIOOutboundQueue()
        transportBacklog = 0
        overSoftLimitSince = nil
        lifecycle = .closed(reason)
        scheduledTimer = nil
        actions.append(.closed(reason))
        return actions
    }
}
