import SocketIOWire

/// The client side of one Engine.IO v4 session: handshake, polling, upgrade, heartbeat and close.
///
/// Implements engine.io-protocol §Handshake, §Heartbeat, §Upgrade and §Close from the client's
/// seat, as engine.io-client does: open with a polling GET (or a WebSocket when polling is not
/// allowed), then, while still polling, open a probe WebSocket with the session id, send `2probe`,
/// require `3probe` as its first frame, wait for the pending GET and POST to return, and send `5`.
/// Every server `2` is answered with `3` carrying the same data; a session with no ping for
/// pingInterval + pingTimeout is closed. Fed events with the current time, it returns
/// ``ClientEngineAction``s and never performs I/O or reads a clock: generic over the clock's
/// `Instant`, its timers are `schedule` actions the driver arms (``ClientSession`` on a NIO event
/// loop, a test by hand).
struct ClientEngineStateMachine<Instant: InstantProtocol> where Instant.Duration == Duration {
    /// What the machine asks its driver to do.
    typealias Action = ClientEngineAction<Instant>

    /// The settings the machine reads.
    struct Configuration: Sendable {
        /// The transports in order of use (see ``SocketIOClientConfiguration/transports``).
        var transports: [SocketIOClientConfiguration.Transport]
        /// How long the handshake (and a close) may take.
        var connectTimeout: Duration
        /// How long an upgrade probe may take.
        var upgradeTimeout: Duration
    }

    /// The transport the session runs on.
    enum Transport: Equatable, Sendable {
        case polling
        case websocket(id: Int)
    }

    /// Where the session is; the steps in `ClientEngineStateMachine+Steps.swift` move it.
    enum State {
        case idle
        case handshaking(transport: Transport, deadline: Instant)
        case open(Session)
        case closed
    }

    /// An open session's transports, queues and deadlines.
    struct Session {
        var handshake: EngineIOHandshake
        var transport: Transport
        var pingDeadline: Instant
        var pollInFlight = false
        var postInFlight = false
        var outbox: [EngineIOPacket] = []
        var probe: Probe?
        /// Set once the client asked to close: the deadline for the close packet's POST.
        var closingDeadline: Instant?

        /// The session's sid, sent with every request.
        var sid: String { handshake.sid }
        /// True while polling must pause because the probe succeeded (engine.io-client `pause`).
        var isDraining: Bool { probe?.stage == .draining }
    }

    /// An upgrade in progress: the probe WebSocket and how far it got.
    struct Probe {
        enum Stage: Equatable { case connecting, probing, draining }
        var id: Int
        var deadline: Instant
        var stage: Stage
    }

    let configuration: Configuration
    /// The current state; only this type's methods change it.
    var state: State = .idle
    var nextWebSocketID = 0
    var scheduledDeadline: Instant?

    /// How many server pings the session answered; tests and diagnostics read it.
    var pingsAnswered = 0

    /// Creates an idle machine.
    init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The handshake of the open session, if one is open.
    var handshake: EngineIOHandshake? {
        if case .open(let session) = state { return session.handshake }
        return nil
    }

    /// The transport of the open session, if one is open.
    var transport: Transport? {
        if case .open(let session) = state { return session.transport }
        return nil
    }

    /// True between ``start(now:)`` and the `closed` action.
    var isActive: Bool {
        switch state {
        case .handshaking, .open: true
        case .idle, .closed: false
        }
    }

    // MARK: Events

    /// Starts a session: the polling handshake GET, or a WebSocket when polling is not allowed.
    mutating func start(now: Instant) -> [Action] {
        var actions: [Action] = []
        steps: do {
            switch state {
            case .handshaking, .open: break steps
            case .idle, .closed: break
            }
            let deadline = now.advanced(by: configuration.connectTimeout)
            if configuration.transports.first == .polling {
                state = .handshaking(transport: .polling, deadline: deadline)
                actions.append(.poll(sid: nil))
            } else {
                let id = makeWebSocketID()
                state = .handshaking(transport: .websocket(id: id), deadline: deadline)
                actions.append(.openWebSocket(id: id, sid: nil))
            }
        }
        return scheduling(actions)
    }

    /// A polling GET returned: its decoded packets, or why it failed.
    mutating func pollCompleted(_ result: Result<[EngineIOPacket], ClientTransportFailure>, now: Instant) -> [Action] {
        var actions: [Action] = []
        steps: do {
            switch state {
            case .handshaking(.polling, _):
                switch result {
                case .failure(let failure):
                    close(.transportFailed("handshake: " + failure.reason), into: &actions)
                case .success(let packets):
                    guard case .open(let handshake)? = packets.first else {
                        close(.protocolViolation("the handshake answer does not start with an open packet"), into: &actions)
                        break steps
                    }
                    open(handshake, on: .polling, now: now, into: &actions)
                    process(Array(packets.dropFirst()), now: now, into: &actions)
                    continuePolling(into: &actions)
                    if case .open(var session) = state, upgradeAllowed(session) {
                        let id = makeWebSocketID()
                        session.probe = Probe(id: id, deadline: now.advanced(by: configuration.upgradeTimeout), stage: .connecting)
                        state = .open(session)
                        actions.append(.openWebSocket(id: id, sid: session.sid))
                    }
                }
            case .open(var session) where session.pollInFlight:
                session.pollInFlight = false
                state = .open(session)
                switch result {
                case .failure(let failure):
                    close(.transportFailed("poll: " + failure.reason), into: &actions)
                case .success(let packets):
                    process(packets, now: now, into: &actions)
                    continuePolling(into: &actions)
                    finishUpgradeIfDrained(into: &actions)
                }
            default:
                break steps
            }
        }
        return scheduling(actions)
    }

    /// A polling POST returned: success, or why it failed.
    mutating func postCompleted(_ result: Result<Void, ClientTransportFailure>, now: Instant) -> [Action] {
        var actions: [Action] = []
        steps: do {
            guard case .open(var session) = state, session.postInFlight else { break steps }
            session.postInFlight = false
            state = .open(session)
            if case .failure(let failure) = result {
                close(session.closingDeadline == nil ? .transportFailed("post: " + failure.reason) : .clientClosed, into: &actions)
                break steps
            }
            if session.closingDeadline != nil, session.outbox.isEmpty {
                close(.clientClosed, into: &actions)
                break steps
            }
            flushPolling(into: &actions)
            finishUpgradeIfDrained(into: &actions)
        }
        return scheduling(actions)
    }

    /// WebSocket `id` finished its HTTP upgrade.
    mutating func webSocketOpened(id: Int, now: Instant) -> [Action] {
        var actions: [Action] = []
        steps: do {
            switch state {
            case .handshaking(.websocket(id), _):
                break steps  // the server speaks first: the open packet
            case .open(var session) where session.probe?.id == id && session.probe?.stage == .connecting:
                session.probe?.stage = .probing
                state = .open(session)
                actions.append(.write(id: id, packets: [EngineIOPacket.probePing]))
            default:
                actions.append(.closeWebSocket(id: id))
            }
        }
        return scheduling(actions)
    }

    /// WebSocket `id` delivered one frame, decoded (or not) by the driver.
    mutating func webSocketReceived(id: Int, _ decoded: Result<EngineIOPacket, SocketIOWireError>, now: Instant) -> [Action] {
        var actions: [Action] = []
        steps: do {
            switch state {
            case .handshaking(.websocket(id), _):
                guard case .success(.open(let handshake)) = decoded else {
                    close(.protocolViolation("the first WebSocket frame is not an open packet"), into: &actions)
                    break steps
                }
                open(handshake, on: .websocket(id: id), now: now, into: &actions)
            case .open(let session) where session.transport == .websocket(id: id):
                switch decoded {
                case .failure(let error): close(.protocolViolation("bad frame: \(error)"), into: &actions)
                case .success(let packet): process([packet], now: now, into: &actions)
                }
            case .open(var session) where session.probe?.id == id:
                guard session.probe?.stage == .probing, case .success(let packet) = decoded, packet == .probePong else {
                    // engine.io-client: anything but `3probe` first fails the probe; keep polling.
                    abortProbe(&session, into: &actions)
                    state = .open(session)
                    continuePolling(into: &actions)
                    flushPolling(into: &actions)
                    break steps
                }
                session.probe?.stage = .draining
                state = .open(session)
                finishUpgradeIfDrained(into: &actions)
            default:
                break steps
            }
        }
        return scheduling(actions)
    }

    /// WebSocket `id` closed or failed to open.
    mutating func webSocketClosed(id: Int, failure: ClientTransportFailure?, now: Instant) -> [Action] {
        var actions: [Action] = []
        steps: do {
            switch state {
            case .handshaking(.websocket(id), _):
                close(.transportFailed("WebSocket: " + (failure?.reason ?? "closed before the open packet")), into: &actions)
            case .open(let session) where session.transport == .websocket(id: id):
                if session.closingDeadline != nil {
                    close(.clientClosed, into: &actions)
                } else if let failure {
                    close(.transportFailed("WebSocket: " + failure.reason), into: &actions)
                } else {
                    close(.serverClosed, into: &actions)
                }
            case .open(var session) where session.probe?.id == id:
                session.probe = nil
                state = .open(session)
                continuePolling(into: &actions)
                flushPolling(into: &actions)
            default:
                break steps
            }
        }
        return scheduling(actions)
    }

    /// The Socket.IO layer sends packets: now on a WebSocket, or batched into the next POST.
    mutating func send(_ packets: [EngineIOPacket], now: Instant) -> [Action] {
        var actions: [Action] = []
        sendPackets(packets, into: &actions)
        return scheduling(actions)
    }

    /// The client closes the session: `1` on the current transport, then the transport.
    mutating func close(now: Instant) -> [Action] {
        var actions: [Action] = []
        steps: do {
            switch state {
            case .idle, .closed:
                break steps
            case .handshaking:
                close(.clientClosed, into: &actions)
            case .open(var session):
                guard session.closingDeadline == nil else { break steps }
                abortProbe(&session, into: &actions)
                switch session.transport {
                case .websocket(let id):
                    actions.append(.write(id: id, packets: [.close]))
                    state = .open(session)
                    close(.clientClosed, into: &actions)
                case .polling:
                    session.closingDeadline = now.advanced(by: configuration.connectTimeout)
                    session.outbox.append(.close)
                    state = .open(session)
                    flushPolling(into: &actions)
                }
            }
        }
        return scheduling(actions)
    }

    /// The client ends the session at once for `reason` (a limit of its own passed): the
    /// transports are closed without the close packet, which would wait behind what the server sends.
    mutating func abort(_ reason: ClientEngineCloseReason) -> [Action] {
        var actions: [Action] = []
        switch state {
        case .idle, .closed: break
        case .handshaking, .open: close(reason, into: &actions)
        }
        return scheduling(actions)
    }

    /// Time passed: expires the handshake, the heartbeat, a probe or a pending close.
    mutating func tick(now: Instant) -> [Action] {
        var actions: [Action] = []
        steps: do {
            switch state {
            case .handshaking(_, let deadline) where now >= deadline:
                close(.connectTimeout, into: &actions)
            case .open(var session):
                if let deadline = session.closingDeadline, now >= deadline {
                    close(.clientClosed, into: &actions)
                } else if now >= session.pingDeadline {
                    close(.pingTimeout, into: &actions)
                } else if let probe = session.probe, now >= probe.deadline {
                    abortProbe(&session, into: &actions)
                    state = .open(session)
                    continuePolling(into: &actions)
                    flushPolling(into: &actions)
                }
            default:
                break steps
            }
        }
        return scheduling(actions)
    }
}
