import NIOCore
import NIOHTTP1
import NIOPosix

/// The status and body of one polling answer.
struct ClientHTTPResponse: Sendable {
    /// The HTTP status.
    var status: HTTPResponseStatus
    /// The response's headers, as received.
    var headers = HTTPHeaders()
    /// The whole body.
    var body: ByteBuffer
}

/// One keep-alive HTTP/1.1 connection that carries one polling request at a time.
///
/// The Engine.IO state machine keeps at most one GET and one POST outstanding, so the driver
/// uses two of these lanes. A lane connects on first use and again after the server closed it.
/// Confined to its event loop.
final class ClientHTTPConnection {
    private let eventLoop: any EventLoop
    private let endpoint: ClientEndpoint
    private let maximumBodySize: Int
    private var channel: (any Channel)?
    private var closed = false

    /// Creates an idle lane to the endpoint's host and port, accepting answers of at most `maximumBodySize` bytes.
    init(eventLoop: any EventLoop, endpoint: ClientEndpoint, maximumBodySize: Int = SocketIOClientConfiguration.defaultMaximumMessageSize) {
        self.eventLoop = eventLoop
        self.endpoint = endpoint
        self.maximumBodySize = maximumBodySize
    }

    /// Sends one request and completes with the whole response.
    func request(method: HTTPMethod, target: String, body: ByteBuffer?) -> EventLoopFuture<ClientHTTPResponse> {
        eventLoop.assertInEventLoop()
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: endpoint.hostHeader)
        headers.add(name: "Accept", value: "*/*")
        if let body {
            headers.add(name: "Content-Type", value: "text/plain; charset=UTF-8")
            headers.add(name: "Content-Length", value: String(body.readableBytes))
        }
        return request(HTTPRequestHead(version: .http1_1, method: method, uri: target, headers: headers), body: body)
    }

    /// Sends one request with the head as given (the recording proxy forwards an app's) and completes with the whole response.
    func request(_ head: HTTPRequestHead, body: ByteBuffer?) -> EventLoopFuture<ClientHTTPResponse> {
        eventLoop.assertInEventLoop()
        return connectedChannel().assumeIsolated().flatMap { channel in
            let promise = channel.eventLoop.makePromise(of: ClientHTTPResponse.self)
            do {
                let handler = try channel.pipeline.syncOperations.handler(type: ClientHTTPResponseHandler.self)
                handler.expect(promise)
            } catch {
                promise.fail(error)
                return promise.futureResult
            }
            channel.write(HTTPClientRequestPart.head(head), promise: nil)
            if let body { channel.write(HTTPClientRequestPart.body(.byteBuffer(body)), promise: nil) }
            channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            return promise.futureResult
        }.nonisolated()
    }

    deinit {
        channel?.close(promise: nil)
    }

    /// Closes the connection; later requests fail.
    func close() {
        closed = true
        channel?.close(promise: nil)
        channel = nil
    }

    private func connectedChannel() -> EventLoopFuture<any Channel> {
        if closed { return eventLoop.makeFailedFuture(ClientTransportFailure("the HTTP connection is closed")) }
        if let channel, channel.isActive { return eventLoop.makeSucceededFuture(channel) }
        let peer = endpoint.peer
        let maximumBodySize = maximumBodySize
        let future = ClientBootstrap(group: eventLoop)
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ClientHTTPResponseHandler(peer: peer, maximumBodySize: maximumBodySize))
                }
            }
            .connect(host: endpoint.host, port: endpoint.port)
        return future.assumeIsolated().map { channel in
            if self.closed {
                channel.close(promise: nil)
            } else {
                self.channel = channel
            }
            return channel
        }.nonisolated()
    }
}
