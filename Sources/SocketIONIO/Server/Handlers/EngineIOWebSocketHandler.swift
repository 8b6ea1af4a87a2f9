import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket
import SocketIOWire

/// Carries Engine.IO packets between one upgraded WebSocket and its session.
///
/// Decodes each data frame into one packet (a binary frame is always a binary message), answers
/// WebSocket pings and close frames, and writes the session's packets one frame each, encoded
/// here or in advance (``EngineIOEncodedPackets``) and passed through ``EngineIOFrameBypass``,
/// flushing through its loop's ``EngineIOFlushBatcher``. It tells the session how much its client has
/// not taken (NIO's pending writes) when the channel's writability changes, and when a flush leaves
/// more than the hard outbound limit; the session decides whether that is a slow consumer, and
/// everything else. Fragmented
/// messages arrive whole through `NIOWebSocketFrameAggregator`, which, like the frame decoder,
/// enforces maxPayload.
final class EngineIOWebSocketHandler: ChannelInboundHandler, RemovableChannelHandler, EngineIOFlushable, EngineIOFrameWriter {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let core: EngineIOServerCore
    private let request: HTTPRequestHead
    private var attachment: (session: EngineIOSession, id: EngineIOTransportID)?
    private var closing = false
    private var context: ChannelHandlerContext?
    private var batcher: EngineIOFlushBatcher?
    private var flushQueued = false
    /// Set once the channel went inactive; cheaper to test per write than the channel's own state.
    private var inactive = false
    /// A report of the backlog to the session is queued on the loop.
    private var backlogReportQueued = false

    private let bypass: EngineIOFrameBypass

    init(core: EngineIOServerCore, request: HTTPRequestHead, bypass: EngineIOFrameBypass) {
        self.core = core
        self.request = request
        self.bypass = bypass
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let loop = context.eventLoop
        batcher = core.flushBatcher(for: loop)
        let bound = NIOLoopBound(self, eventLoop: loop)
        // On the loop, writes happen at once (no task per write); the flush is batched.
        let endpoint = EngineIOWebSocketEndpoint(
            send: { packets in
                if loop.inEventLoop { bound.value.write(packets) } else { loop.execute { bound.value.write(packets) } }
            },
            sendFrames: { frames in
                if loop.inEventLoop { bound.value.write(frames) } else { loop.execute { bound.value.write(frames) } }
            },
            close: { loop.execute { bound.value.close(code: .normalClosure) } },
            drop: { loop.execute { bound.value.drop() } },
            writer: NIOLoopBound(self, eventLoop: loop)
        )
        attachment = core.webSocketConnected(request, remoteAddress: context.remoteAddress?.description, eventLoop: loop, endpoint: endpoint)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            let result: Result<EngineIOPacket, SocketIOWireError>
            do {
                result = .success(try EngineIOPacket(textBytes: frame.unmaskedData.readableBytesView))
            } catch {
                result = .failure(error)
            }
            deliver(result)
        case .binary:
            deliver(.success(.binaryMessage(Data(frame.unmaskedData.readableBytesView))))
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            var data = frame.unmaskedData
            let code = data.readWebSocketErrorCode() ?? .normalClosure
            close(code: code)
        default:
            break
        }
    }

    private func deliver(_ result: Result<EngineIOPacket, SocketIOWireError>) {
        guard let attachment else { return }
        attachment.session.frameReceived(result, on: attachment.id)
    }

    func channelInactive(context: ChannelHandlerContext) {
        inactive = true
        if let attachment { attachment.session.webSocketClosed(attachment.id) }
        attachment = nil
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        reportBacklogSoon()
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        core.logger.debug("websocket connection error", metadata: ["error": "\(error)"])
        close(code: .unexpectedServerError)
    }

    // MARK: Writing

    private func write(_ packets: [EngineIOPacket]) {
        guard let context, !closing, !inactive else { return }
        write(EngineIOEncodedPackets(packets, allocator: context.channel.allocator).frames)
    }

    func writeFrames(_ frames: [ByteBuffer]) {
        write(frames)
    }

    /// Writes complete frames through the bypass, straight to the socket; the flush follows in the loop's batch.
    private func write(_ frames: [ByteBuffer]) {
        guard !closing, !inactive, let front = bypass.context else { return }
        for frame in frames {
            front.write(NIOAny(frame), promise: nil)
        }
        guard !flushQueued, let batcher else { return }
        flushQueued = true
        batcher.flushSoon(self)
    }

    func flushPendingWrites() {
        flushQueued = false
        // Everything written passed the bypass, so a flush from there reaches it all.
        bypass.context?.flush()
        // Under the soft limit the channel is writable; past it, the hard limit is checked after
        // each flush, once the socket has taken what it could.
        if let context, !context.channel.isWritable, let hard = core.configuration.outboundLimit?.hardBytes, backlog(context) > hard {
            reportBacklogSoon()
        }
    }

    // MARK: Outbound limit

    /// The bytes written to the channel and not yet taken by the socket.
    private func backlog(_ context: ChannelHandlerContext) -> Int {
        (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
    }

    /// Tells the session the backlog once the loop is done with its current task: a writability
    /// change may come in the middle of a write the session itself made.
    private func reportBacklogSoon() {
        guard core.configuration.outboundLimit != nil, !backlogReportQueued, let context else { return }
        backlogReportQueued = true
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute {
            let handler = bound.value
            handler.backlogReportQueued = false
            guard let context = handler.context, let attachment = handler.attachment else { return }
            attachment.session.outboundBacklog(handler.backlog(context), on: attachment.id)
        }
    }

    /// Closes the connection at once (a slow consumer): no close frame, pending writes dropped.
    private func drop() {
        guard let context, !closing else { return }
        closing = true
        context.close(promise: nil)
    }

    private func close(code: WebSocketErrorCode) {
        guard let context, !closing else { return }
        closing = true
        guard context.channel.isActive else { return }
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
        context.writeAndFlush(wrapOutboundOut(frame)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
