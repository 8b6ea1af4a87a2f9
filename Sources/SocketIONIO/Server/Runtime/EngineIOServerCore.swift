import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import SocketIOWire
import Synchronization

/// The Engine.IO server shared by every connection: routes requests and WebSockets to sessions.
///
/// Holds the session table (sid to ``EngineIOSession``), opens sessions on handshakes, and
/// answers requests that reach no session with the reference's error codes. A new session lives
/// on the event loop of the connection that opened it.
final class EngineIOServerCore: Sendable {
    /// The server's configuration.
    let configuration: SocketIOServer.Configuration
    /// The request router for the configured path and transports.
    let router: EngineIORequestRouter
    /// The session time limits.
    let timing: EngineIOSession.Machine.Timing

    private let makeDelegate: @Sendable (EngineIOSession) -> any EngineIOSessionDelegate
    private let state = NIOLockedValueBox(State())
    private let flushBatchers = NIOLockedValueBox<[ObjectIdentifier: EngineIOFlushBatcher]>([:])
    private let queued = Atomic(0)

    private struct State {
        var sessions: [String: EngineIOSession] = [:]
        var accepting = true
    }

    /// A core for `configuration`; `makeDelegate` builds the layer above each new session.
    init(configuration: SocketIOServer.Configuration, makeDelegate: @escaping @Sendable (EngineIOSession) -> any EngineIOSessionDelegate) {
        self.configuration = configuration
        self.makeDelegate = makeDelegate
        self.router = EngineIORequestRouter(
            path: configuration.path,
            pollingEnabled: configuration.transports.contains(.polling),
            webSocketEnabled: configuration.transports.contains(.webSocket),
            corsEnabled: configuration.cors != nil
        )
        self.timing = .init(
            pingInterval: configuration.pingInterval,
            pingTimeout: configuration.pingTimeout,
            upgradeTimeout: configuration.upgradeTimeout,
            closeTimeout: configuration.pingTimeout,
            outboundLimit: configuration.outboundLimit
        )
    }

    /// The logger.
    var logger: Logger { configuration.logger }
    /// The largest body or message accepted.
    var maxPayload: Int { configuration.maxPayload }

    /// The flush batcher of `loop`, shared by every WebSocket on it.
    func flushBatcher(for loop: any EventLoop) -> EngineIOFlushBatcher {
        flushBatchers.withLockedValue { batchers in
            if let batcher = batchers[ObjectIdentifier(loop)] { return batcher }
            let batcher = EngineIOFlushBatcher(eventLoop: loop)
            batchers[ObjectIdentifier(loop)] = batcher
            return batcher
        }
    }

    /// The bytes queued for all sessions' clients, as the sessions count them for the outbound
    /// limit (buffered packets, and each WebSocket's last reported backlog); 0 once they are closed.
    var queuedOutboundBytes: Int { queued.load(ordering: .relaxed) }

    /// Adds a change of one session's queued bytes to ``queuedOutboundBytes``.
    func countQueued(_ delta: Int) {
        queued.add(delta, ordering: .relaxed)
    }

    /// The open session with this id.
    func session(_ sid: String) -> EngineIOSession? {
        state.withLockedValue { $0.sessions[sid] }
    }

    /// Every open session.
    var sessions: [EngineIOSession] {
        state.withLockedValue { Array($0.sessions.values) }
    }

    /// Forgets a closed session.
    func remove(_ session: EngineIOSession) {
        state.withLockedValue { state in
            if state.sessions[session.sid] === session { state.sessions[session.sid] = nil }
        }
    }

    /// Stops opening sessions (shutdown) and returns the open ones.
    func stopAccepting() -> [EngineIOSession] {
        state.withLockedValue { state in
            state.accepting = false
            return Array(state.sessions.values)
        }
    }

    // MARK: HTTP

    /// Handles a complete HTTP request; returns the session and id of a GET so the handler can report an abort.
    func handle(
        method: HTTPMethod,
        target: String,
        headers: HTTPHeaders,
        isUpgrade: Bool,
        body: ByteBuffer,
        bodyTooLarge: Bool,
        remoteAddress: String?,
        eventLoop: any EventLoop,
        responder: EngineIOPollResponder
    ) -> (session: EngineIOSession, id: EngineIOTransportID)? {
        switch router.route(method: method, target: target, isUpgrade: isUpgrade) {
        case .notFound:
            guard let httpHandler = configuration.httpHandler, !bodyTooLarge else {
                responder.respond(EngineIOHTTPResponse(bodyTooLarge ? .payloadTooLarge : .notFound))
                return nil
            }
            let request = SocketIOHTTPRequest(
                method: method.rawValue, target: target, headers: headers.map { ($0.name, $0.value) },
                body: Array(body.readableBytesView))
            Task {
                let answer = await httpHandler(request)
                var response = EngineIOHTTPResponse(status: HTTPResponseStatus(statusCode: answer.status), headers: answer.headers.map { ($0.name, $0.value) }, body: answer.body)
                response.closesWithoutAnswer = answer.closesWithoutAnswer
                responder.respond(response)
                // The responder queues its write on this loop first, so this runs after it.
                if let afterSend = answer.afterSend { eventLoop.execute(afterSend) }
            }
        case .preflight:
            responder.respond(.preflight)
        case .reject(let error):
            responder.respond(EngineIOHTTPResponse(error))
        case .handshake:
            let origin = EngineIORequestOrigin(target: target, headers: headers, remoteAddress: remoteAddress)
            guard let session = makeSession(origin: origin, eventLoop: eventLoop) else {
                responder.respond(EngineIOHTTPResponse(.badRequest))
                return nil
            }
            let upgrades = configuration.allowUpgrades && router.webSocketEnabled ? ["websocket"] : []
            session.open(handshake: handshake(session.sid, upgrades: upgrades), timing: timing, pollResponder: responder, webSocket: nil, delegate: makeDelegate(session))
        case .poll(let sid):
            guard let session = session(sid) else {
                responder.respond(EngineIOHTTPResponse(.unknownSessionID))
                return nil
            }
            return (session, session.poll(responder))
        case .post(let sid):
            guard let session = session(sid) else {
                responder.respond(EngineIOHTTPResponse(.unknownSessionID))
                return nil
            }
            session.post(body: body, tooLarge: bodyTooLarge, responder: responder)
        case .unsupportedMethod(let sid):
            responder.respond(EngineIOHTTPResponse(session(sid) == nil ? .unknownSessionID : .unsupportedMethod))
        }
        return nil
    }

    // MARK: WebSocket

    /// The error answer to a WebSocket upgrade request that must not get 101; nil to upgrade it.
    ///
    /// An upgrade whose `sid` names no open session gets 400 "Session ID unknown" before any 101,
    /// as the reference server's handshake check does; with a known `sid` the session decides, and
    /// closes a WebSocket it does not want after the 101.
    func upgradeRefusal(_ head: HTTPRequestHead) -> EngineIOHTTPResponse? {
        guard !router.acceptsUpgrade(target: head.uri) else {
            if let sid = EngineIORequestRouter.split(head.uri).query["sid"], session(sid) == nil {
                return EngineIOHTTPResponse(.unknownSessionID)
            }
            return nil
        }
        switch router.route(method: head.method, target: head.uri, isUpgrade: true) {
        case .notFound: return EngineIOHTTPResponse(.notFound)
        case .reject(let error): return EngineIOHTTPResponse(error)
        default: return EngineIOHTTPResponse(.badRequest)
        }
    }

    /// A WebSocket was upgraded: it opens a session, or probes the session of its `sid`; unknown sids are closed.
    func webSocketConnected(
        _ head: HTTPRequestHead,
        remoteAddress: String?,
        eventLoop: any EventLoop,
        endpoint: EngineIOWebSocketEndpoint
    ) -> (session: EngineIOSession, id: EngineIOTransportID)? {
        let id = EngineIOTransportID.next()
        let query = EngineIORequestRouter.split(head.uri).query
        if let sid = query["sid"] {
            guard let session = session(sid) else {
                endpoint.close()
                return nil
            }
            session.webSocketOpened(id, endpoint: endpoint)
            return (session, id)
        }
        let origin = EngineIORequestOrigin(target: head.uri, headers: head.headers, remoteAddress: remoteAddress)
        guard let session = makeSession(origin: origin, eventLoop: eventLoop) else {
            endpoint.close()
            return nil
        }
        session.open(handshake: handshake(session.sid, upgrades: []), timing: timing, pollResponder: nil, webSocket: (id, endpoint), delegate: makeDelegate(session))
        return (session, id)
    }

    // MARK: Sessions

    private func makeSession(origin: EngineIORequestOrigin, eventLoop: any EventLoop) -> EngineIOSession? {
        state.withLockedValue { state in
            guard state.accepting else { return nil }
            var sid = EngineIOSessionID.make()
            while state.sessions[sid] != nil { sid = EngineIOSessionID.make() }
            let session = EngineIOSession(sid: sid, eventLoop: eventLoop, origin: origin, core: self)
            state.sessions[sid] = session
            return session
        }
    }

    private func handshake(_ sid: String, upgrades: [String]) -> EngineIOHandshake {
        EngineIOHandshake(
            sid: sid,
            upgrades: upgrades,
            pingInterval: configuration.pingInterval.milliseconds,
            pingTimeout: configuration.pingTimeout.milliseconds,
            maxPayload: configuration.maxPayload
        )
    }
}
