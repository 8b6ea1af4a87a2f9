import NIOCore
import NIOHTTP1
import NIOWebSocket

/// What an accepted connection turned out to be after its first request.
enum EngineIOConnectionKind: Sendable {
    /// HTTP/1.1 long-polling requests.
    case polling
    /// An upgraded WebSocket.
    case webSocket
}

/// Sets up a new connection: NIO's HTTP/1.1 server codecs with its WebSocket upgrader, then
/// ``EngineIOPollingHandler``, or ``EngineIOWebSocketHandler`` with an ``EngineIOFrameBypass``
/// at the front for frames encoded in advance.
enum EngineIOPipeline {
    /// Configures `channel` for `core`; the future tells which kind the connection became.
    static func configure(_ channel: any Channel, core: EngineIOServerCore) throws -> EventLoopFuture<EngineIOConnectionKind> {
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
        let upgradeConfiguration = NIOTypedHTTPServerUpgradeConfiguration<EngineIOConnectionKind>(
            upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(EngineIOPollingHandler(core: core))
                    return .polling
                }
            }
        )
        return try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
            configuration: .init(upgradeConfiguration: upgradeConfiguration)
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
