import Foundation
import NIOCore
import NIOWebSocket

/// Carries WebSocket messages between the channel and the client session, and answers control frames.
///
/// Reports each text message as its raw UTF-8 bytes and each binary message as data (the
/// driver decodes them), answers pings with pongs, completes the close handshake, and reports
/// the end of the connection once. Every frame it writes is masked, as RFC 6455 §5.3 requires
/// of clients. A message over the size limit (NIO's frame decoder or aggregator refuses it) ends
/// the connection with close 1009 and a failure naming the peer and the limit.
final class ClientWebSocketHandler: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// What the handler reports.
    enum Event: Sendable {
        /// The upgrade succeeded; frames follow on this channel.
        case opened(any Channel)
        /// A text message's bytes.
        case text([UInt8])
        /// A binary message.
        case binary(Data)
        /// The connection ended; with a failure when it did not close cleanly.
        case closed(ClientTransportFailure?)
    }

    private let onEvent: @Sendable (Event) -> Void
    private let peer: String
    private let maximumMessageSize: Int
    private var sentClose = false
    private var reportedClose = false

    /// Creates a handler for a connection to `peer` (`host:port`, for errors) whose messages are
    /// limited to `maximumMessageSize` bytes; it reports to `onEvent` on the channel's event loop.
    init(peer: String, maximumMessageSize: Int, onEvent: @escaping @Sendable (Event) -> Void) {
        self.peer = peer
        self.maximumMessageSize = maximumMessageSize
        self.onEvent = onEvent
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            var payload = frame.unmaskedData
            onEvent(.text(payload.readBytes(length: payload.readableBytes) ?? []))
        case .binary:
            var payload = frame.unmaskedData
            onEvent(.binary(Data(payload.readBytes(length: payload.readableBytes) ?? [])))
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            if sentClose {
                context.close(promise: nil)
            } else {
                sentClose = true
                var code = frame.unmaskedData
                let echo = WebSocketFrame(
                    fin: true, opcode: .connectionClose, maskKey: .random(),
                    data: code.readSlice(length: min(2, code.readableBytes)) ?? ByteBuffer()
                )
                context.writeAndFlush(wrapOutboundOut(echo)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            }
        default:
            break
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if unwrapOutboundIn(data).opcode == .connectionClose { sentClose = true }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        report(.closed(nil))
        context.fireChannelInactive()
    }

    /// Reports the failure first, then closes: with status 1009 for an oversize message, 1002 for
    /// another WebSocket protocol error (the work NIO's automatic error handling would do, which
    /// the connector turns off so that the close cannot be reported before its reason).
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let oversize = Self.isOversize(error)
        report(.closed(ClientTransportFailure(
            oversize
                ? "the server at \(peer) sent a WebSocket message over the client's limit of \(maximumMessageSize) bytes (maximumFrameSize); connection closed"
                : "WebSocket error from \(peer): \(error)"
        )))
        guard !sentClose, oversize || error is NIOWebSocketError || error is NIOWebSocketFrameAggregator.Error else {
            context.close(promise: nil)
            return
        }
        sentClose = true
        var code = ByteBuffer()
        code.write(webSocketErrorCode: oversize ? .messageTooLarge : .protocolError)
        context.writeAndFlush(wrapOutboundOut(.client(.connectionClose, code))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    private static func isOversize(_ error: any Error) -> Bool {
        switch error {
        case NIOWebSocketError.invalidFrameLength, NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge: true
        default: false
        }
    }

    private func report(_ event: Event) {
        guard !reportedClose else { return }
        reportedClose = true
        onEvent(event)
    }
}

extension WebSocketFrame {
    /// A masked, final client frame.
    static func client(_ opcode: WebSocketOpcode, _ data: ByteBuffer) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
    }

    /// A masked close frame with status 1000 (normal closure).
    static func clientClose() -> WebSocketFrame {
        var data = ByteBuffer()
        data.writeInteger(UInt16(1000))
        return client(.connectionClose, data)
    }
}
