import NIOCore
import NIOHTTP1

/// Carries Engine.IO long-polling requests between an HTTP/1.1 connection and the server core.
///
/// Reads each request (the body up to maxPayload, the rest counted but dropped), hands it to
/// ``EngineIOServerCore``, and writes whatever answer comes back, at once or when a held poll is
/// released, adding Content-Length, Connection and the CORS headers. It makes no protocol
/// decision. When the connection closes under a held poll, the session is told. A WebSocket
/// upgrade request on this kept-alive connection is handed, with everything after it, to a fresh
/// upgrader placed behind this handler, which leaves the pipeline once that upgrader is done
/// (see ``EngineIOPipeline``).
final class EngineIOPollingHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let core: EngineIOServerCore
    private var head: HTTPRequestHead?
    private var body: ByteBuffer?
    private var bodyTooLarge = false
    private var held: (session: EngineIOSession, id: EngineIOTransportID)?
    private var handedOff = false

    init(core: EngineIOServerCore) {
        self.core = core
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if handedOff {
            context.fireChannelRead(data)
            return
        }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if held == nil, head.headers[canonicalForm: "upgrade"].contains(where: { $0.lowercased() == "websocket" }) {
                handOffUpgrade(context: context, data: data)
                return
            }
            self.head = head
            body = context.channel.allocator.buffer(capacity: 0)
            bodyTooLarge = false
        case .body(var chunk):
            guard !bodyTooLarge, var buffer = body else { return }
            body = nil
            if buffer.readableBytes + chunk.readableBytes > core.maxPayload {
                bodyTooLarge = true
            } else {
                buffer.writeBuffer(&chunk)
                body = buffer
            }
        case .end:
            dispatch(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let held { held.session.pollAborted(held.id) }
        held = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        core.logger.debug("polling connection error", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    /// Puts a fresh upgrader behind this handler, passes it the upgrade request and every later
    /// read, and leaves the pipeline when the upgrader has upgraded the connection or given it a
    /// new polling handler.
    private func handOffUpgrade(context: ChannelHandlerContext, data: NIOAny) {
        do {
            try EngineIOPipeline.handOffUpgrade(from: self, context: context, configuration: EngineIOPipeline.upgradeConfiguration(core: core))
        } catch {
            errorCaught(context: context, error: error)
            return
        }
        handedOff = true
        context.fireChannelRead(data)
    }

    private func dispatch(context: ChannelHandlerContext) {
        guard let head else { return }
        self.head = nil
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        let responder = EngineIOPollResponder { response in
            loop.execute { bound.value.handler.write(response, for: head, context: bound.value.context) }
        }
        let isUpgrade = head.headers[canonicalForm: "upgrade"].contains { $0.lowercased() == "websocket" }
        held = core.handle(
            method: head.method,
            target: head.uri,
            headers: head.headers,
            isUpgrade: isUpgrade,
            body: body ?? context.channel.allocator.buffer(capacity: 0),
            bodyTooLarge: bodyTooLarge,
            remoteAddress: context.remoteAddress?.description,
            eventLoop: loop,
            responder: responder
        )
        body = nil
    }

    private func write(_ response: EngineIOHTTPResponse, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        held = nil
        guard context.channel.isActive else { return }
        guard !response.closesWithoutAnswer else {
            context.close(promise: nil)
            return
        }
        let buffer = context.channel.allocator.buffer(string: response.body)
        let keepAlive = request.isKeepAlive && response.status != .payloadTooLarge
        let responseHead = response.head(for: request, cors: core.configuration.cors, contentLength: buffer.readableBytes, keepAlive: keepAlive)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        if buffer.readableBytes > 0 {
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        if keepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }
}
