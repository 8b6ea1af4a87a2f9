import NIOCore
import NIOHTTP1

/// Answers every request of a connection the server cannot take (past its maximum number of
/// connections) with 503 and closes it: a clear answer instead of an exhausted process.
///
/// The body is JSON like the server's other errors (`{"code", "message"}` without an Engine.IO
/// code, which has none for this), with `Retry-After: 1` and `Connection: close`; a WebSocket
/// upgrade request gets the same answer, before any 101.
final class EngineIOOverloadHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let maximum: Int
    private var answered = false

    /// A handler for a server holding its `maximum` connections.
    init(maximum: Int) {
        self.maximum = maximum
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let request) = unwrapInboundIn(data), !answered else { return }
        answered = true
        let body = context.channel.allocator.buffer(string: #"{"message":"too many connections: the server holds its maximum of \#(maximum)"}"#)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Retry-After", value: "1")
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: .serviceUnavailable, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
