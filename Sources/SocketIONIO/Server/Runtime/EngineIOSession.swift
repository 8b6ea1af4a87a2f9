import Logging
import NIOCore
import SocketIOWire
import Synchronization

/// What sits above an Engine.IO session: the Socket.IO connection, or an Engine.IO-only application.
///
/// All calls arrive on the session's event loop.
protocol EngineIOSessionDelegate: AnyObject {
    /// The open packet is out; the session can carry messages.
    func engineIOSessionDidOpen(_ session: EngineIOSession)
    /// A message (text or binary) arrived.
    func engineIOSession(_ session: EngineIOSession, didReceive message: EngineIOPacket)
    /// The server is shutting down; the session closes right after this call.
    func engineIOSessionWillShutDown(_ session: EngineIOSession)
    /// The session ended.
    func engineIOSession(_ session: EngineIOSession, didCloseWith reason: EngineIOCloseReason)
}

/// Writes frames to one WebSocket, or closes it; safe to call from any thread.
///
/// Writes made on the WebSocket's own loop happen at once (the flush follows when the loop has
/// finished its current tasks), so packets leave in the order the session sent them whichever
/// path they took; from another loop they are queued to the WebSocket's loop.
struct EngineIOWebSocketEndpoint: Sendable {
    /// Writes the packets, one frame each.
    let send: @Sendable ([EngineIOPacket]) -> Void
    /// Writes complete frames already encoded (for many sessions at once).
    let sendFrames: @Sendable ([ByteBuffer]) -> Void
    /// Sends a close frame and closes the connection.
    let close: @Sendable () -> Void
    /// Closes the connection at once, without a close frame; what it still queues is dropped.
    let drop: @Sendable () -> Void
    /// The writer itself, for a session on the same loop: no closure and no loop check per write.
    let writer: NIOLoopBound<any EngineIOFrameWriter>
}

/// Writes complete WebSocket frames at once; only on its event loop.
protocol EngineIOFrameWriter: AnyObject {
    /// Writes the frames; they are flushed when the loop has finished its current tasks.
    func writeFrames(_ frames: [ByteBuffer])
}

/// The runtime of one Engine.IO session: runs its state machine on one event loop and carries out its actions.
///
/// Every method may be called from any thread; work hops to ``eventLoop``, where all state
/// lives. Held requests and WebSockets are kept by id; the timer is one scheduled task, re-armed
/// on every ``EngineIOSessionStateMachine/Action/scheduleTimer(_:)``.
final class EngineIOSession: @unchecked Sendable {
    typealias Machine = EngineIOSessionStateMachine<ContinuousClock.Instant>

    /// The session id.
    let sid: String
    /// The loop that owns the session's state.
    let eventLoop: any EventLoop
    /// The query and headers of the request that opened the session, and the client's address.
    let origin: EngineIORequestOrigin
    /// Completed when the session has ended.
    let closedPromise: EventLoopPromise<Void>

    private let core: EngineIOServerCore
    /// How many tasks for this session wait in its loop's queue (``onLoop(_:)``).
    private let queuedTasks = Mutex(0)
    /// How many of those tasks are running now (nested); only on the loop.
    private var runningQueuedTask = 0
    private let clock = ContinuousClock()
    private var machine: Machine?
    private var pendingResponders: [EngineIOTransportID: EngineIOPollResponder] = [:]
    private var webSockets: [EngineIOTransportID: EngineIOWebSocketEndpoint] = [:]
    /// The machine's ``EngineIOSessionStateMachine/directWebSocket``, kept so that a broadcast
    /// costs no machine step per session.
    private var directWebSocket: EngineIOWebSocketEndpoint?
    /// Its writer, when the WebSocket runs on the session's own loop (always, unless the
    /// session was opened by polling on another connection's loop).
    private var directWriter: (any EngineIOFrameWriter)?
    private var timer: Scheduled<Void>?
    private var delegate: (any EngineIOSessionDelegate)?
    private var opened = false

    init(sid: String, eventLoop: any EventLoop, origin: EngineIORequestOrigin, core: EngineIOServerCore) {
        self.sid = sid
        self.eventLoop = eventLoop
        self.origin = origin
        self.core = core
        self.closedPromise = eventLoop.makePromise()
    }

    private var logger: Logger { core.logger }

    /// Runs `body` on the session's loop, after the session's work queued earlier from any thread:
    /// at once when already there and nothing is queued, else queued.
    ///
    /// Running at once on the loop while another thread's work for the session still waits in the
    /// loop's queue would overtake it, and a client must get its packets in the order they were sent.
    func onLoop(_ body: @escaping @Sendable () -> Void) {
        Self.onLoop(eventLoop, of: [self], body)
    }

    /// Runs `body` once on `loop` for `sessions` (all on that loop), after the work queued earlier
    /// for any of them: at once when already there and nothing of theirs is queued (or when called
    /// from their queued work, which holds its place in their order), else queued.
    static func onLoop(_ loop: any EventLoop, of sessions: [EngineIOSession], _ body: @escaping @Sendable () -> Void) {
        if loop.inEventLoop, sessions.allSatisfy({ $0.runningQueuedTask > 0 || $0.queuedTasks.withLock { $0 == 0 } }) {
            body()
            return
        }
        for session in sessions { session.queuedTasks.withLock { $0 += 1 } }
        loop.execute {
            for session in sessions {
                session.queuedTasks.withLock { $0 -= 1 }
                session.runningQueuedTask += 1
            }
            body()
            for session in sessions { session.runningQueuedTask -= 1 }
        }
    }

    // MARK: Opening

    /// Opens the session on a handshake request or a new WebSocket and tells the delegate.
    func open(
        handshake: EngineIOHandshake,
        timing: Machine.Timing,
        pollResponder: EngineIOPollResponder?,
        webSocket: (id: EngineIOTransportID, endpoint: EngineIOWebSocketEndpoint)?,
        delegate: any EngineIOSessionDelegate
    ) {
        eventLoop.assertInEventLoop()
        self.delegate = delegate
        let opening: Machine.Opening
        if let webSocket {
            webSockets[webSocket.id] = webSocket.endpoint
            opening = .webSocket(webSocket.id)
        } else {
            let id = EngineIOTransportID.next()
            pendingResponders[id] = pollResponder
            opening = .polling(handshakeRequest: id)
        }
        let (machine, actions) = Machine.open(handshake: handshake, timing: timing, via: opening, now: clock.now)
        self.machine = machine
        logger.debug("engine.io session opened", metadata: ["sid": "\(sid)", "transport": "\(machine.transportName)"])
        apply(actions)
        refreshDirectWebSocket()
        opened = true
        delegate.engineIOSessionDidOpen(self)
    }

    // MARK: Events from the handlers

    /// A GET for this session.
    func poll(_ responder: EngineIOPollResponder) -> EngineIOTransportID {
        let id = EngineIOTransportID.next()
        onLoop { self.pendingResponders[id] = responder; self.step { $0.pollReceived(id, now: $1) } }
        return id
    }

    /// A POST for this session, with its body already read.
    func post(body: ByteBuffer, tooLarge: Bool, responder: EngineIOPollResponder) {
        let id = EngineIOTransportID.next()
        onLoop {
            self.pendingResponders[id] = responder
            if tooLarge {
                self.step { $0.postFailed(id, error: .payloadTooLarge, detail: "payload too large", now: $1) }
                return
            }
            do throws(SocketIOWireError) {
                let payload = try EngineIOPayload(bytes: body.readableBytesView, maximumBytes: self.core.maxPayload)
                self.step { $0.postReceived(id, packets: payload.packets, now: $1) }
            } catch {
                let failure: EngineIOHTTPError = error.code == .payloadTooLarge ? .payloadTooLarge : .badRequest
                self.step { $0.postFailed(id, error: failure, detail: error.description, now: $1) }
            }
        }
    }

    /// The connection of a held GET closed before its answer.
    func pollAborted(_ id: EngineIOTransportID) {
        onLoop {
            guard self.pendingResponders.removeValue(forKey: id) != nil else { return }
            self.step { $0.pollAborted(id, now: $1) }
        }
    }

    /// A WebSocket with this session's sid connected (an upgrade probe).
    func webSocketOpened(_ id: EngineIOTransportID, endpoint: EngineIOWebSocketEndpoint) {
        onLoop {
            self.webSockets[id] = endpoint
            self.step { $0.webSocketOpened(id, now: $1) }
        }
    }

    /// A frame arrived on one of the session's WebSockets.
    func frameReceived(_ result: Result<EngineIOPacket, SocketIOWireError>, on id: EngineIOTransportID) {
        onLoop {
            switch result {
            case .success(let packet): self.step { $0.frameReceived(packet, on: id, now: $1) }
            case .failure(let error): self.step { $0.frameFailed(on: id, detail: error.description, now: $1) }
            }
        }
    }

    /// One of the session's WebSockets holds `bytes` its client has not taken yet (outbound limit).
    func outboundBacklog(_ bytes: Int, on id: EngineIOTransportID) {
        onLoop { self.step { $0.transportBacklog(bytes, on: id, now: $1) } }
    }

    /// One of the session's WebSockets closed.
    func webSocketClosed(_ id: EngineIOTransportID) {
        onLoop {
            guard self.webSockets.removeValue(forKey: id) != nil else { return }
            self.step { $0.webSocketClosed(id, now: $1) }
        }
    }

    // MARK: Application side

    /// Sends packets to the client (buffered until a transport can carry them).
    func send(_ packets: [EngineIOPacket]) {
        onLoop { self.step { $0.send(packets, now: $1) } }
    }

    /// Sends packets encoded once for many sessions; on the session's loop.
    ///
    /// When the machine says they may go straight to the WebSocket, its frames are written as
    /// they are; otherwise the packets take the ordinary way through the machine.
    func send(_ encoded: EngineIOEncodedPackets) {
        eventLoop.assertInEventLoop()
        if let directWriter {
            directWriter.writeFrames(encoded.frames)
        } else if let directWebSocket {
            directWebSocket.sendFrames(encoded.frames)
        } else {
            step { $0.send(encoded.packets, now: $1) }
        }
    }

    /// Closes the session, after the packets already buffered.
    func close(reason: EngineIOCloseReason) {
        onLoop { self.step { $0.close(reason: reason, now: $1) } }
    }

    /// Closes the session because the server shuts down; the delegate says goodbye first.
    func shutDown() {
        onLoop {
            guard let machine = self.machine, !machine.isClosed else { return }
            self.delegate?.engineIOSessionWillShutDown(self)
            self.step { $0.close(reason: .serverShutdown, now: $1) }
        }
    }

    /// Ends the session at once, without waiting for a poll to carry the close packet.
    func terminate() {
        onLoop { self.step { machine, _ in machine.finish(.serverShutdown) } }
    }

    // MARK: Running the machine

    private func step(_ event: (inout Machine, ContinuousClock.Instant) -> [Machine.Action]) {
        eventLoop.assertInEventLoop()
        // Taken out, not copied, so the machine's buffers stay uniquely referenced while it runs.
        guard var machine = self.machine.take() else { return }
        let queuedBefore = machine.queuedBytes
        let actions = event(&machine, clock.now)
        if machine.queuedBytes != queuedBefore { core.countQueued(machine.queuedBytes - queuedBefore) }
        self.machine = machine
        apply(actions)
        refreshDirectWebSocket()
    }

    /// Remembers the WebSocket that packets may be written to directly, after every change of the machine or the WebSockets.
    private func refreshDirectWebSocket() {
        directWebSocket = machine?.directWebSocket.flatMap { webSockets[$0] }
        directWriter = directWebSocket.flatMap { $0.writer.eventLoop === eventLoop ? $0.writer.value : nil }
    }

    private func apply(_ actions: [Machine.Action]) {
        for action in actions {
            switch action {
            case .respond(let id, let response):
                pendingResponders.removeValue(forKey: id)?.respond(EngineIOHTTPResponse(response))
            case .send(let id, let packets):
                webSockets[id]?.send(packets)
            case .closeWebSocket(let id):
                webSockets.removeValue(forKey: id)?.close()
            case .dropWebSocket(let id):
                webSockets.removeValue(forKey: id)?.drop()
            case .deliver(let packet):
                delegate?.engineIOSession(self, didReceive: packet)
            case .upgraded:
                logger.debug("engine.io session upgraded", metadata: ["sid": "\(sid)"])
            case .scheduleTimer(let deadline):
                arm(deadline)
            case .closed(let reason):
                timer?.cancel()
                timer = nil
                logClosed(reason)
                core.remove(self)
                let delegate = self.delegate
                self.delegate = nil
                if opened { delegate?.engineIOSession(self, didCloseWith: reason) }
                closedPromise.succeed(())
            }
        }
    }

    /// Logs the end of the session: a slow consumer at notice level, with what was queued for it
    /// (an application that knows who the client is may say more, from the socket's disconnect reason).
    private func logClosed(_ reason: EngineIOCloseReason) {
        guard case .slowConsumer(let queued, let limit) = reason else {
            logger.debug("engine.io session closed", metadata: ["sid": "\(sid)", "reason": "\(reason)"])
            return
        }
        logger.notice(
            "engine.io session closed: slow consumer",
            metadata: [
                "sid": "\(sid)", "transport": "\(machine?.transportName ?? "?")", "queuedBytes": "\(queued)", "limit": "\(limit)",
                "remote": "\(origin.remoteAddress ?? "?")",
            ])
    }

    private func arm(_ deadline: ContinuousClock.Instant) {
        timer?.cancel()
        timer = eventLoop.scheduleTask(in: clock.now.duration(to: deadline).timeAmount) { [self] in
            self.timer = nil
            self.step { $0.timerFired(now: $1) }
        }
    }
}
