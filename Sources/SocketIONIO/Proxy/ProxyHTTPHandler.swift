import Foundation
import NIOCore
import NIOHTTP1

/// Forwards an app's HTTP requests, one at a time and in order, over this connection's own
/// upstream connection, and writes each answer back; every request and answer is observed.
///
/// A byte carrier only: bodies pass unchanged, headers lose only their hop-by-hop members
/// (``ProxyHeaders``). A WebSocket upgrade on a kept-alive connection (aiohttp, and so
/// python-socketio, sends its probe WebSocket on a pooled polling connection) is handed, with
/// everything after it, to a fresh upgrader placed behind this handler, as the server's
/// ``EngineIOPollingHandler`` does.
final class ProxyHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let context: ProxyContext
    private var lane: ClientHTTPConnection?
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    /// Whole requests waiting for the one in flight.
    private var queue: [(head: HTTPRequestHead, body: ByteBuffer)] = []
    private var inFlight = false
    private var handedOff = false

    init(context: ProxyContext) {
        self.context = context
    }

    func channelRead(context channelContext: ChannelHandlerContext, data: NIOAny) {
        if handedOff {
            channelContext.fireChannelRead(data)
            return
        }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if !inFlight, queue.isEmpty, head.headers[canonicalForm: "upgrade"].contains(where: { $0.lowercased() == "websocket" }) {
                handOffUpgrade(context: channelContext, data: data)
                return
            }
            self.head = head
            body.clear()
        case .body(var chunk):
            body.writeBuffer(&chunk)
        case .end:
            guard let head else { return }
            self.head = nil
            queue.append((head, body))
            body = ByteBuffer()
            sendNext(context: channelContext)
        }
    }

    func channelInactive(context channelContext: ChannelHandlerContext) {
        lane?.close()
        lane = nil
        channelContext.fireChannelInactive()
    }

    func errorCaught(context channelContext: ChannelHandlerContext, error: any Error) {
        channelContext.close(promise: nil)
    }

    private func handOffUpgrade(context channelContext: ChannelHandlerContext, data: NIOAny) {
        do {
            try EngineIOPipeline.handOffUpgrade(from: self, context: channelContext, configuration: ProxyPipeline.upgradeConfiguration(context))
        } catch {
            errorCaught(context: channelContext, error: error)
            return
        }
        handedOff = true
        lane?.close()
        lane = nil
        channelContext.fireChannelRead(data)
    }

    /// Forwards the first waiting request unless one is in flight.
    private func sendNext(context channelContext: ChannelHandlerContext) {
        guard !inFlight, !queue.isEmpty else { return }
        let (head, body) = queue.removeFirst()
        inFlight = true
        let exchange = context.nextID()
        let request = ProxyHTTPRequest(method: head.method.rawValue, target: head.uri, headers: ProxyHeaders.list(head.headers), body: Data(body.readableBytesView))
        context.observe(.request(exchange: exchange, request))
        var headers = ProxyHeaders.forwarded(head.headers)
        headers.add(name: "Host", value: context.upstream.hostHeader)
        let carriesBody = body.readableBytes > 0 || head.headers[canonicalForm: "content-length"].first != nil
        if carriesBody { headers.add(name: "Content-Length", value: String(body.readableBytes)) }
        let forwarded = HTTPRequestHead(version: .http1_1, method: head.method, uri: head.uri, headers: headers)
        let lane = self.lane ?? ClientHTTPConnection(eventLoop: channelContext.eventLoop, endpoint: context.upstream)
        self.lane = lane
        lane.request(forwarded, body: carriesBody ? body : nil).assumeIsolated().whenComplete { result in
            self.inFlight = false
            switch result {
            case .success(let response):
                self.context.observe(.response(exchange: exchange, ProxyHTTPResponse(
                    status: Int(response.status.code), reason: response.status.reasonPhrase, headers: ProxyHeaders.list(response.headers), body: Data(response.body.readableBytesView)
                )))
                self.answer(response, to: head, context: channelContext)
                self.sendNext(context: channelContext)
            case .failure(let error):
                self.context.observe(.failed(exchange: exchange, reason: "\(error)"))
                if channelContext.channel.isActive { ProxyPipeline.badGateway(channelContext.channel, "the upstream did not answer: \(error)") }
            }
        }
    }

    private func answer(_ response: ClientHTTPResponse, to request: HTTPRequestHead, context channelContext: ChannelHandlerContext) {
        guard channelContext.channel.isActive else { return }
        var headers = ProxyHeaders.forwarded(response.headers)
        headers.add(name: "Content-Length", value: String(response.body.readableBytes))
        let keepAlive = request.isKeepAlive && !response.headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        channelContext.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: response.status, headers: headers))), promise: nil)
        if response.body.readableBytes > 0 { channelContext.write(wrapOutboundOut(.body(.byteBuffer(response.body))), promise: nil) }
        let written = channelContext.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive { written.assumeIsolated().whenComplete { _ in channelContext.close(promise: nil) } }
    }
}
