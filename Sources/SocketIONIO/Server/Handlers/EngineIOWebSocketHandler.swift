import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket
import SocketIOWire

/// Carries Engine.IO packets between one upgraded WebSocket and its session.
///
/// Decodes each data frame into one packet (a binary frame is always a binary message), answers
/// WebSocket pings and close frames, and writes the session's packets one frame each. The
/// session decides everything else. Fragmented messages arrive whole through
/// `NIOWebSocketFrameAggregator`, which, like the frame decoder, enforces maxPayload.
final class EngineIOWebSocketHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let core: EngineIOServerCore
    private let request: HTTPRequestHead
    private var attachment: (session: EngineIOSession, id: EngineIOTransportID)?
    private var closing = false

    init(core: EngineIOServerCore, request: HTTPRequestHead) {
        self.core = core
        self.request = request
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        let endpoint = EngineIOWebSocketEndpoint(
            send: { packets in loop.execute { bound.value.handler.write(packets, context: bound.value.context) } },
            close: { loop.execute { bound.value.handler.close(context: bound.value.context, code: .normalClosure) } }
        )
        attachment = core.webSocketConnected(request, remoteAddress: context.remoteAddress?.description, eventLoop: loop, endpoint: endpoint)
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
            close(context: context, code: code)
        default:
            break
        }
    }

    private func deliver(_ result: Result<EngineIOPacket, SocketIOWireError>) {
        guard let attachment else { return }
        attachment.session.frameReceived(result, on: attachment.id)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let attachment { attachment.session.webSocketClosed(attachment.id) }
        attachment = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        core.logger.debug("websocket connection error", metadata: ["error": "\(error)"])
        close(context: context, code: .unexpectedServerError)
    }

    private func write(_ packets: [EngineIOPacket], context: ChannelHandlerContext) {
        guard !closing, context.channel.isActive else { return }
        for packet in packets {
            switch packet.frame {
            case .text(let text):
                let buffer = context.channel.allocator.buffer(string: text)
                context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: nil)
            case .binary(let bytes):
                let buffer = context.channel.allocator.buffer(bytes: bytes)
                context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .binary, data: buffer)), promise: nil)
            }
        }
        context.flush()
    }

    private func close(context: ChannelHandlerContext, code: WebSocketErrorCode) {
        guard !closing else { return }
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
