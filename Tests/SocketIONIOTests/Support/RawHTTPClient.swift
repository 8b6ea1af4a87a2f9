import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP answer as the raw client read it.
struct RawHTTPResponse: Sendable {
    /// The status code.
    var status: Int
    /// The headers.
    var headers: HTTPHeaders
    /// The body as text.
    var body: String
}

/// Sends one HTTP/1.1 request per connection through NIO's client codecs and returns the exact answer.
///
/// Like node-fetch in the official suites: a fresh connection per request, the body sent as
/// given, the status and body returned as received. Every request has a deadline.
enum RawHTTPClient {
    /// Sends `method target` with `body` to 127.0.0.1:`port` and waits at most `timeout` for the whole answer.
    static func request(
        _ method: HTTPMethod,
        _ target: String,
        body: String? = nil,
        port: Int,
        timeout: Duration = .hangGuard
    ) async throws -> RawHTTPResponse {
        let group = MultiThreadedEventLoopGroup.singleton
        let loop = group.next()
        let promise = loop.makePromise(of: RawHTTPResponse.self)
        let what = "\(method) \(target)"
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: loop)
            .connectTimeout(.seconds(2))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(RawHTTPResponseCollector(promise: promise, what: what))
                }
            }
            .connect(host: "127.0.0.1", port: port)
            .get()
        } catch {
            promise.fail(error)
            throw error
        }
        let timer = loop.scheduleTask(in: timeout.timeAmountForTests) {
            promise.fail(RawTestClientError.timeout(what))
            channel.close(promise: nil)
        }
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "127.0.0.1:\(port)")
        headers.add(name: "Connection", value: "close")
        let bodyBuffer = body.map { channel.allocator.buffer(string: $0) }
        headers.add(name: "Content-Length", value: String(bodyBuffer?.readableBytes ?? 0))
        if body != nil { headers.add(name: "Content-Type", value: "text/plain;charset=UTF-8") }
        let head = HTTPRequestHead(version: .http1_1, method: method, uri: target, headers: headers)
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if let bodyBuffer { channel.write(HTTPClientRequestPart.body(.byteBuffer(bodyBuffer)), promise: nil) }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        defer {
            timer.cancel()
            channel.close(promise: nil)
        }
        return try await promise.futureResult.get()
    }
}

/// Collects one response into a promise; an early close fails it.
private final class RawHTTPResponseCollector: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let promise: EventLoopPromise<RawHTTPResponse>
    private let what: String
    private var response: RawHTTPResponse?

    init(promise: EventLoopPromise<RawHTTPResponse>, what: String) {
        self.promise = promise
        self.what = what
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            response = RawHTTPResponse(status: Int(head.status.code), headers: head.headers, body: "")
        case .body(let buffer):
            response?.body += String(buffer: buffer)
        case .end:
            if let response { promise.succeed(response) }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(RawTestClientError.connectionClosed(what))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }
}

extension Duration {
    /// The duration as a NIO time amount.
    var timeAmountForTests: TimeAmount {
        let (seconds, attoseconds) = components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
