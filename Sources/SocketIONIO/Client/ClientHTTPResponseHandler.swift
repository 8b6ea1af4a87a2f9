import NIOCore
import NIOHTTP1

/// Collects one HTTP response at a time and completes the promise of the request that awaits it.
///
/// A byte carrier only: it knows nothing of Engine.IO. A connection that closes or fails while
/// a response is awaited fails that promise. A body longer than `maximumBodySize` fails it too,
/// naming the peer and the limit, and closes the connection at once, so no more of it is held.
final class ClientHTTPResponseHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private var pending: EventLoopPromise<ClientHTTPResponse>?
    private var status: HTTPResponseStatus?
    private var headers = HTTPHeaders()
    private var body = ByteBuffer()
    private let peer: String
    private let maximumBodySize: Int

    /// Creates a collector for answers from `peer` (`host:port`, for errors) of at most `maximumBodySize` bytes each.
    init(peer: String, maximumBodySize: Int = SocketIOClientConfiguration.defaultMaximumMessageSize) {
        self.peer = peer
        self.maximumBodySize = maximumBodySize
    }

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
            guard body.readableBytes + chunk.readableBytes <= maximumBodySize else {
                body = ByteBuffer()
                fail(ClientTransportFailure(Self.oversizeReason(peer: peer, limit: maximumBodySize)))
                context.close(promise: nil)
                return
            }
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

    /// The reason given when `peer` answers with a body over `limit` bytes.
    static func oversizeReason(peer: String, limit: Int) -> String {
        "the server at \(peer) sent an HTTP response body over the client's limit of \(limit) bytes (maximumHTTPBodySize); connection closed"
    }

    private func fail(_ failure: ClientTransportFailure) {
        guard let promise = pending else { return }
        pending = nil
        promise.fail(failure)
    }
}
