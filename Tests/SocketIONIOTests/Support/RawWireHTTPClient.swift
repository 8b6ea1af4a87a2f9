import NIOCore
import NIOHTTP1
import NIOPosix

/// Sends one exact HTTP/1.1 request on a fresh connection to 127.0.0.1 and returns the whole response.
///
/// A wire-level test tool: the target and body go out as given (NIOHTTP1 encodes the framing),
/// with `Host`, `Content-Length` and `Connection: close` headers only.
enum RawWireHTTPClient {
    /// A response: status and body bytes.
    struct Response: Sendable, CustomStringConvertible {
        var status: Int
        var body: [UInt8]

        /// The body as UTF-8 text.
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The body split at the polling record separator `\x1e`.
        var records: [String] { text.split(separator: "\u{1E}", omittingEmptySubsequences: false).map(String.init) }
        var description: String { "\(status) \(text.replacingOccurrences(of: "\u{1E}", with: "\\x1e"))" }
    }

    /// Sends `method target` with `body` and waits at most `timeout` for the response.
    static func request(
        _ method: HTTPMethod, port: Int, target: String, body: String? = nil, timeout: TimeAmount = Duration.hangGuard.timeAmountForTests
    ) async throws -> Response {
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let promise = eventLoop.makePromise(of: Response.self)
        let timer = eventLoop.scheduleTask(in: timeout) {
            promise.fail(TestTimeout("no answer to \(method) \(target) within \(timeout)"))
        }
        defer { timer.cancel() }
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: eventLoop)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(ResponseCollector(promise: promise))
                    }
                }
                .connect(host: "127.0.0.1", port: port).get()
        } catch {
            promise.fail(error)
            throw error
        }
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "127.0.0.1:\(port)")
        headers.add(name: "Connection", value: "close")
        if let body {
            headers.add(name: "Content-Type", value: "text/plain; charset=UTF-8")
            headers.add(name: "Content-Length", value: String(body.utf8.count))
        }
        channel.write(HTTPClientRequestPart.head(HTTPRequestHead(version: .http1_1, method: method, uri: target, headers: headers)), promise: nil)
        if let body { channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(string: body))), promise: nil) }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        defer { channel.close(promise: nil) }
        return try await promise.futureResult.get()
    }

    /// GET on the polling transport.
    static func get(port: Int, query: String, path: String = "/socket.io/") async throws -> Response {
        try await request(.GET, port: port, target: path + "?" + query)
    }

    /// POST on the polling transport.
    static func post(port: Int, query: String, body: String, path: String = "/socket.io/") async throws -> Response {
        try await request(.POST, port: port, target: path + "?" + query, body: body)
    }

    private final class ResponseCollector: ChannelInboundHandler {
        typealias InboundIn = HTTPClientResponsePart
        private let promise: EventLoopPromise<Response>
        private var status = 0
        private var body: [UInt8] = []

        init(promise: EventLoopPromise<Response>) { self.promise = promise }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): status = Int(head.status.code)
            case .body(let buffer): body += buffer.readableBytesView
            case .end: promise.succeed(Response(status: status, body: body))
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            promise.fail(TestTimeout("the connection closed before the response ended"))
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            promise.fail(error)
            context.close(promise: nil)
        }
    }
}
