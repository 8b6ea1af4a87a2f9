import NIOCore
import NIOHTTP1
import NIOWebSocket

/// What an accepted connection turned out to be after its first request.
enum EngineIOConnectionKind: Sendable {
    /// HTTP/1.1 long-polling requests.
    case polling
    /// An upgraded WebSocket.
    case webSocket
    /// Refused: the server holds its maximum number of connections (``EngineIOOverloadHandler``).
    case refused
}

/// Sets up a new connection: NIO's HTTP/1.1 server codecs with its WebSocket upgrader, then
/// ``EngineIOPollingHandler``, or ``EngineIOWebSocketHandler`` with an ``EngineIOFrameBypass``
/// at the front for frames encoded in advance.
///
/// NIO's upgrader looks at the first request only. A client that keeps its connections alive may
/// send the upgrade on a connection that already carried polling requests (aiohttp, and so
/// python-socketio, reuses its pooled polling connection for the probe WebSocket, as Node's HTTP
/// server allows); ``EngineIOPollingHandler`` then hands that request to a fresh upgrader from
/// ``handOffUpgrade(from:context:configuration:)``, which continues the connection exactly as a first request would.
enum EngineIOPipeline {
    /// Configures `channel` for `core`; the future tells which kind the connection became.
    static func configure(_ channel: any Channel, core: EngineIOServerCore) throws -> EventLoopFuture<EngineIOConnectionKind> {
        try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
            configuration: .init(upgradeConfiguration: upgradeConfiguration(core: core))
        )
    }

    /// Configures `channel` to answer its requests 503 and close (the server holds its `maximum` connections).
    static func refuse(_ channel: any Channel, maximum: Int) throws -> EventLoopFuture<EngineIOConnectionKind> {
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
        try channel.pipeline.syncOperations.addHandler(EngineIOOverloadHandler(maximum: maximum))
        return channel.eventLoop.makeSucceededFuture(.refused)
    }

    /// Hands a later request of a kept-alive connection (whose first request went through
    /// `configureUpgradableHTTPServerPipeline`: the server's, the recording proxy's) to a fresh
    /// upgrader with `configuration`, placed behind `handler`, which continues the connection exactly
    /// as a first request would and takes the same HTTP handlers out; `handler` leaves the pipeline
    /// once the upgrader is done. The caller then passes it the upgrade request and every later read.
    static func handOffUpgrade<Result: Sendable>(
        from handler: some RemovableChannelHandler, context: ChannelHandlerContext, configuration: NIOTypedHTTPServerUpgradeConfiguration<Result>
    ) throws {
        let operations = context.pipeline.syncOperations
        let upgrader = try makeUpgradeHandler(operations, configuration: configuration)
        try operations.addHandler(upgrader, position: .after(handler))
        upgrader.upgradeResultFuture.assumeIsolated().whenComplete { _ in
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    private static func makeUpgradeHandler<Result: Sendable>(
        _ operations: ChannelPipeline.SynchronousOperations, configuration: NIOTypedHTTPServerUpgradeConfiguration<Result>
    ) throws -> NIOTypedHTTPServerUpgradeHandler<Result> {
        let encoder = try operations.handler(type: HTTPResponseEncoder.self)
        var extraHandlers: [any RemovableChannelHandler] = [try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)]
        if let handler = try? operations.handler(type: HTTPServerPipelineHandler.self) { extraHandlers.append(handler) }
        if let handler = try? operations.handler(type: NIOHTTPResponseHeadersValidator.self) { extraHandlers.append(handler) }
        if let handler = try? operations.handler(type: HTTPServerProtocolErrorHandler.self) { extraHandlers.append(handler) }
        return NIOTypedHTTPServerUpgradeHandler(httpEncoder: encoder, extraHTTPHandlers: extraHandlers, upgradeConfiguration: configuration)
    }

    static func upgradeConfiguration(core: EngineIOServerCore) -> NIOTypedHTTPServerUpgradeConfiguration<EngineIOConnectionKind> {
        let maxPayload = min(max(core.maxPayload, 1), Int(UInt32.max))
        let upgrader = NIOTypedWebSocketServerUpgrader<EngineIOConnectionKind>(
            maxFrameSize: maxPayload,
            shouldUpgrade: { channel, head in
                guard let refusal = core.upgradeRefusal(head) else {
                    return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
                }
                // NIO's typed upgrader drops a refused upgrade request, so it is answered here.
                refuse(channel, with: refusal, request: head, cors: core.configuration.cors)
                return channel.eventLoop.makeSucceededFuture(nil)
            },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    let operations = channel.pipeline.syncOperations
                    let bypass = EngineIOFrameBypass()
                    try operations.addHandler(bypass, position: .first)
                    try operations.addHandler(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 0,
                            maxAccumulatedFrameCount: 1 << 16,
                            maxAccumulatedFrameSize: maxPayload
                        )
                    )
                    try operations.addHandler(EngineIOWebSocketHandler(core: core, request: head, bypass: bypass))
                    return .webSocket
                }
            }
        )
        return NIOTypedHTTPServerUpgradeConfiguration<EngineIOConnectionKind>(
            upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(EngineIOPollingHandler(core: core))
                    return .polling
                }
            }
        )
    }

    /// Answers a WebSocket upgrade request that will not be upgraded, then closes the connection.
    private static func refuse(_ channel: any Channel, with response: EngineIOHTTPResponse, request: HTTPRequestHead, cors: SocketIOServer.CORS?) {
        let body = channel.allocator.buffer(string: response.body)
        let head = response.head(for: request, cors: cors, contentLength: body.readableBytes, keepAlive: false)
        channel.write(HTTPServerResponsePart.head(head), promise: nil)
        channel.write(HTTPServerResponsePart.body(.byteBuffer(body)), promise: nil)
        channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }
}
