import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A tiny loopback server that misbehaves on purpose, for the client's inbound limits: it answers
/// the first request with canned bytes (an oversize HTTP body), or upgrades to WebSocket and sends
/// canned frames (an oversize message). It reports when the client closed its connection.
final class FloodingFakeServer: Sendable {
    /// The port the server listens on, on 127.0.0.1.
    let port: Int
    /// Succeeds when a client connection ends (the client closed it).
    let clientClosed: EventLoopFuture<Void>
    private let channel: any Channel

    private init(port: Int, clientClosed: EventLoopFuture<Void>, channel: any Channel) {
        self.port = port
        self.clientClosed = clientClosed
        self.channel = channel
    }

    /// Answers the first HTTP request with `response`, written as given, and keeps the connection open.
    static func answering(_ response: ByteBuffer) async throws -> FloodingFakeServer {
        try await start { channel, closed in
            try channel.pipeline.syncOperations.addHandler(CannedAnswer(response: response, closed: closed))
        }
    }

    /// Upgrades the first request to WebSocket, then sends `frames` and keeps the connection open.
    static func upgrading(thenSending frames: [WebSocketFrame]) async throws -> FloodingFakeServer {
        try await start { channel, closed in
            let upgrader = NIOWebSocketServerUpgrader(
                maxFrameSize: 1 << 24,
                shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(CannedFrames(frames: frames, closed: closed))
                    }
                }
            )
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in })
            )
        }
    }

    /// Stops listening.
    func stop() async {
        try? await channel.close()
    }

    private static func start(
        _ initialize: @escaping @Sendable (any Channel, EventLoopPromise<Void>) throws -> Void
    ) async throws -> FloodingFakeServer {
        let group = MultiThreadedEventLoopGroup.singleton
        let closed = group.next().makePromise(of: Void.self)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture { try initialize(child, closed) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return FloodingFakeServer(port: channel.localAddress?.port ?? 0, clientClosed: closed.futureResult, channel: channel)
    }
}

/// Writes its canned answer on the first bytes received; reports the connection's end.
private final class CannedAnswer: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let response: ByteBuffer
    private let closed: EventLoopPromise<Void>
    private var answered = false

    init(response: ByteBuffer, closed: EventLoopPromise<Void>) {
        self.response = response
        self.closed = closed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        answered = true
        context.writeAndFlush(wrapOutboundOut(response), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed.succeed(())
        context.fireChannelInactive()
    }
}

/// Sends its canned frames once the WebSocket is up; reports the connection's end.
private final class CannedFrames: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let frames: [WebSocketFrame]
    private let closed: EventLoopPromise<Void>

    init(frames: [WebSocketFrame], closed: EventLoopPromise<Void>) {
        self.frames = frames
        self.closed = closed
    }

    func handlerAdded(context: ChannelHandlerContext) {
        for frame in frames { context.write(wrapOutboundOut(frame), promise: nil) }
        context.flush()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func channelInactive(context: ChannelHandlerContext) {
        closed.succeed(())
        context.fireChannelInactive()
    }
}
