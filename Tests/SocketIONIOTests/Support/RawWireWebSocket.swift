import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A wire-level test WebSocket to 127.0.0.1: exact text and binary frames out, every frame in.
///
/// Built on NIO's HTTP/1.1 client codec and `NIOTypedWebSocketClientUpgrader`; frames are
/// masked as RFC 6455 requires of clients. Nothing is added or answered at the Engine.IO level,
/// so tests control every byte; WebSocket pings are answered with pongs.
final class RawWireWebSocket: Sendable {
    /// One frame from the server.
    enum Frame: Sendable, Equatable, CustomStringConvertible {
        case text(String)
        case binary([UInt8])
        case close

        var description: String {
            switch self {
            case .text(let text): text
            case .binary(let bytes): "<binary \(bytes.map { String($0, radix: 16) }.joined(separator: " "))>"
            case .close: "<close>"
            }
        }
    }

    /// The frames received, in order; finished when the connection closes.
    let frames: TestMailbox<Frame>
    private let channel: any Channel

    private init(channel: any Channel, frames: TestMailbox<Frame>) {
        self.channel = channel
        self.frames = frames
    }

    /// Connects to `127.0.0.1:port` and upgrades `target`, e.g. `/socket.io/?EIO=4&transport=websocket`.
    static func connect(port: Int, target: String) async throws -> RawWireWebSocket {
        let frames = TestMailbox<Frame>()
        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<(any Channel)?>(maxFrameSize: 1 << 24) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandlers(
                                NIOWebSocketFrameAggregator(minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16, maxAccumulatedFrameSize: 1 << 24),
                                FrameCollector(frames: frames)
                            )
                            return channel
                        }
                    }
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: "127.0.0.1:\(port)")
                    headers.add(name: "Content-Length", value: "0")
                    var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
                        upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                            upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers),
                            upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(nil) }
                        )
                    )
                    configuration.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
                }
            }
        guard let channel = try await upgrade.get() else {
            throw TestTimeout("the server did not upgrade \(target) to WebSocket")
        }
        return RawWireWebSocket(channel: channel, frames: frames)
    }

    /// Sends one text frame with exactly these characters.
    func send(text: String) async throws {
        try await channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(string: text)))
    }

    /// Sends one binary frame with exactly these bytes.
    func send(binary: [UInt8]) async throws {
        try await channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .binary, maskKey: .random(), data: ByteBuffer(bytes: binary)))
    }

    /// The next frame, which must arrive within `timeout`; `.close` once the connection ended.
    func next(within timeout: Duration = .hangGuard) async throws -> Frame {
        try await frames.next(within: timeout, "WebSocket frame") ?? .close
    }

    /// The next text frame other than those in `skipping` (e.g. `6`, a noop).
    func nextText(skipping: Set<String> = [], within timeout: Duration = .hangGuard) async throws -> String {
        while true {
            switch try await next(within: timeout) {
            case .text(let text) where skipping.contains(text): continue
            case .text(let text): return text
            case let other: throw UnexpectedWireFrame(description: "expected a text frame, received \(other)")
            }
        }
    }

    /// Sends a close frame and closes the connection.
    func close() async {
        var code = ByteBuffer()
        code.writeInteger(UInt16(1000))
        try? await channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: code))
        try? await channel.close()
    }

    private final class FrameCollector: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame
        typealias OutboundOut = WebSocketFrame
        private let frames: TestMailbox<Frame>

        init(frames: TestMailbox<Frame>) { self.frames = frames }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            let payload = frame.unmaskedData
            switch frame.opcode {
            case .text: frames.put(.text(String(buffer: payload)))
            case .binary: frames.put(.binary(Array(payload.readableBytesView)))
            case .connectionClose: frames.put(.close)
            case .ping:
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: payload)), promise: nil)
            default: break
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            frames.finish()
            context.fireChannelInactive()
        }
    }
}

/// A frame that is not what the test expected.
struct UnexpectedWireFrame: Error, CustomStringConvertible {
    var description: String
}
