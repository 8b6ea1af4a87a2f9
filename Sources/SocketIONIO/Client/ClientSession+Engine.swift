import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket
import SocketIOWire

extension ClientSession {
    /// Carries out the Engine.IO machine's actions in order.
    func run(_ actions: [ClientEngineAction<ContinuousClock.Instant>]) {
        for action in actions {
            switch action {
            case .poll(let sid):
                sendPoll(sid: sid)
            case .post(let sid, let payload):
                sendPost(sid: sid, payload: payload)
            case .openWebSocket(let id, let sid):
                openWebSocket(id: id, sid: sid)
            case .write(let id, let packets):
                write(packets, toWebSocket: id)
            case .closeWebSocket(let id):
                closeWebSocket(id: id)
            case .schedule(let deadline):
                // A nested call may have moved the deadline since this action was made; the newest wins.
                guard deadline == engine.earliestDeadline else { continue }
                engineTimer?.cancel()
                engineTimer = eventLoop.assumeIsolated().scheduleTask(in: clock.now.duration(to: deadline).timeAmount) { [weak self] in
                    guard let self else { return }
                    self.run(self.engine.tick(now: self.timerNow(armedFor: deadline)))
                }
            case .opened(let handshake):
                logger.debug("Engine.IO session open", metadata: [
                    "sid": "\(handshake.sid)", "pingInterval": "\(handshake.pingInterval)", "pingTimeout": "\(handshake.pingTimeout)",
                ])
                run(socket.engineOpened(now: clock.now))
            case .upgraded:
                logger.debug("Engine.IO session upgraded to WebSocket")
            case .deliver(let packet):
                run(socket.receive(packet, now: clock.now))
            case .closed(let reason):
                logger.debug("Engine.IO session closed", metadata: ["reason": "\(reason)"])
                tearDownTransports()
                run(socket.engineClosed(reason))
                if !engine.isActive { completeCloseWaiters() }
            }
        }
    }

    private func lane(_ lane: inout ClientHTTPConnection?) -> ClientHTTPConnection {
        if let existing = lane { return existing }
        let made = ClientHTTPConnection(eventLoop: eventLoop, endpoint: endpoint, maximumBodySize: configuration.maximumHTTPBodySize)
        lane = made
        return made
    }

    private func sendPoll(sid: String?) {
        let connection = lane(&pollLane)
        let target = endpoint.target(transport: .polling, sid: sid)
        logger.trace("GET \(target)")
        connection.request(method: .GET, target: target, body: nil).assumeIsolated().whenComplete { [weak self] result in
            let decoded: Result<[EngineIOPacket], ClientTransportFailure> = result.mapError(Self.failure).flatMap { response in
                guard response.status == .ok else {
                    return .failure(ClientTransportFailure("GET answered \(response.status.code) \(String(buffer: response.body))"))
                }
                do {
                    return .success(try EngineIOPayload(bytes: response.body.readableBytesView).packets)
                } catch {
                    return .failure(ClientTransportFailure("undecodable polling payload: \(error)"))
                }
            }
            guard let self, self.pollLane === connection else { return }
            if case .success(let packets) = decoded {
                self.logger.trace("GET answered", metadata: ["packets": "\(EngineIOPayload(packets))"])
            }
            self.run(self.engine.pollCompleted(decoded, now: clock.now))
        }
    }

    private func sendPost(sid: String, payload: EngineIOPayload) {
        let connection = lane(&postLane)
        let target = endpoint.target(transport: .polling, sid: sid)
        logger.trace("POST \(target)", metadata: ["packets": "\(payload)"])
        let body = ByteBuffer(string: payload.encodedText)
        connection.request(method: .POST, target: target, body: body).assumeIsolated().whenComplete { [weak self] result in
            let outcome: Result<Void, ClientTransportFailure> = result.mapError(Self.failure).flatMap { response in
                response.status == .ok
                    ? .success(()) : .failure(ClientTransportFailure("POST answered \(response.status.code) \(String(buffer: response.body))"))
            }
            guard let self, self.postLane === connection else { return }
            self.run(self.engine.postCompleted(outcome, now: clock.now))
        }
    }

    private func openWebSocket(id: Int, sid: String?) {
        let target = endpoint.target(transport: .websocket, sid: sid)
        logger.trace("WebSocket \(id) opening \(target)")
        let handle = weakHandle
        ClientWebSocketConnector.connect(
            eventLoop: eventLoop, endpoint: endpoint, target: target, maximumFrameSize: configuration.maximumFrameSize,
            onEvent: { event in
                handle.run { session in session.webSocketEvent(event, id: id) }
            }
        ).assumeIsolated().whenFailure { [weak self] error in
            guard let self else { return }
            self.run(self.engine.webSocketClosed(id: id, failure: Self.failure(error), now: clock.now))
        }
    }

    private func webSocketEvent(_ event: ClientWebSocketHandler.Event, id: Int) {
        switch event {
        case .opened(let channel):
            guard engine.isActive else {
                channel.close(promise: nil)
                return
            }
            webSockets[id] = channel
            run(engine.webSocketOpened(id: id, now: clock.now))
        case .text(let bytes):
            let decoded = Result { () throws(SocketIOWireError) in try EngineIOPacket(textBytes: bytes) }
            logger.trace("WebSocket \(id) received", metadata: ["frame": "\(String(decoding: bytes, as: UTF8.self))"])
            run(engine.webSocketReceived(id: id, decoded, now: clock.now))
        case .binary(let data):
            logger.trace("WebSocket \(id) received", metadata: ["frame": "\(EngineIOFrame.binary(data))"])
            run(engine.webSocketReceived(id: id, .success(.binaryMessage(data)), now: clock.now))
        case .closed(let failure):
            webSockets[id] = nil
            run(engine.webSocketClosed(id: id, failure: failure, now: clock.now))
        }
    }

    private func write(_ packets: [EngineIOPacket], toWebSocket id: Int) {
        guard let channel = webSockets[id] else { return }
        for packet in packets {
            let frame: WebSocketFrame
            switch packet.frame {
            case .text(let text): frame = .client(.text, ByteBuffer(string: text))
            case .binary(let data): frame = .client(.binary, ByteBuffer(bytes: data))
            }
            logger.trace("WebSocket \(id) sent", metadata: ["frame": "\(packet.frame)"])
            channel.write(frame, promise: nil)
        }
        channel.flush()
    }

    /// Sends a close frame, then closes the connection when the server answers or after a second.
    private func closeWebSocket(id: Int) {
        guard let channel = webSockets.removeValue(forKey: id) else { return }
        channel.writeAndFlush(WebSocketFrame.clientClose(), promise: nil)
        eventLoop.scheduleTask(in: .seconds(1)) { channel.close(promise: nil) }
    }

    private func tearDownTransports() {
        engineTimer?.cancel()
        engineTimer = nil
        pollLane?.close()
        postLane?.close()
        pollLane = nil
        postLane = nil
        for id in webSockets.keys.sorted() { closeWebSocket(id: id) }
    }

    static func failure(_ error: any Error) -> ClientTransportFailure {
        (error as? ClientTransportFailure) ?? ClientTransportFailure("\(error)")
    }
}
