import NIOCore
import NIOHTTP1

/// Collects one HTTP response at a time and completes the promise of the request that awaits it.
///
/// A byte carrier only: it knows nothing of Engine.IO. A connection that closes or fails while
/// a response is awaited fails that promise.
final class ClientHTTPResponseHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private var pending: EventLoopPromise<ClientHTTPResponse>?
    private var status: HTTPResponseStatus?
    private var headers = HTTPHeaders()
    private var body = ByteBuffer()

    /// Registers the promise of the request about to be written.
    func expect(_ promise: EventLoopPromise<ClientHTTPResponse>) {
        if let pending { pending.fail(ClientTransportFailure("a second request was written before the response")) }
        pending = promise
        status = nil
        body.clear()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            status = head.status
            headers = head.headers
            body.clear()
        case .body(var chunk):
            body.writeBuffer(&chunk)
        case .end:
            guard let promise = pending, let status else { return }
            pending = nil
            promise.succeed(ClientHTTPResponse(status: status, headers: headers, body: body))
            body = ByteBuffer()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(ClientTransportFailure("the server closed the HTTP connection"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(ClientTransportFailure("HTTP error: \(error)"))
        context.close(promise: nil)
    }

    private func fail(_ failure: ClientTransportFailure) {
        guard let promise = pending else { return }
        pending = nil
        promise.fail(failure)
    }
}
