import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

/// Joins an app's WebSocket to the upstream's: each whole message is observed and written to the
/// other side, in order, and a close on either side closes the other.
///
/// The upstream opens first (``ProxyPipeline`` accepts the app's upgrade only then), so messages
/// the upstream sends before the app's side is ready (the open packet of a WebSocket-only
/// session) wait here and go out, in order, when it is.
final class ProxyWebSocketLink: Sendable {
    /// The link's id in observations.
    let id: Int
    private let request: ProxyHTTPRequest
    private let observe: @Sendable (ProxyObservation) -> Void
    private let state = NIOLockedValueBox(State())

    private struct State {
        var app: (any Channel)?
        var upstream: (any Channel)?
        var waiting: [WebSocketFrame] = []
        var closed = false
    }

    init(id: Int, request: ProxyHTTPRequest, observe: @escaping @Sendable (ProxyObservation) -> Void) {
        self.id = id
        self.request = request
        self.observe = observe
    }

    /// What the upstream WebSocket did.
    func upstream(_ event: ClientWebSocketHandler.Event) {
        switch event {
        case .opened(let channel):
            state.withLockedValue { $0.upstream = channel }
            observe(.webSocketOpened(link: id, request))
        case .text(let bytes):
            toApp(.text(String(decoding: bytes, as: UTF8.self)), opcode: .text, bytes: bytes)
        case .binary(let data):
            toApp(.binary(data), opcode: .binary, bytes: Array(data))
        case .closed(let failure):
            close(byApp: failure == nil ? false : nil)
        }
    }

    private func toApp(_ message: ProxyMessage, opcode: WebSocketOpcode, bytes: [UInt8]) {
        observe(.webSocketMessage(link: id, fromApp: false, message))
        let frame = WebSocketFrame(fin: true, opcode: opcode, data: ByteBuffer(bytes: bytes))
        let app: (any Channel)? = state.withLockedValue { state in
            guard let app = state.app else {
                state.waiting.append(frame)
                return nil
            }
            return app
        }
        app?.writeAndFlush(frame, promise: nil)
    }

    /// The app's side is ready: what waited goes out first.
    func attach(app channel: any Channel) {
        let waiting = state.withLockedValue { state in
            state.app = channel
            defer { state.waiting = [] }
            return state.waiting
        }
        for frame in waiting { channel.write(frame, promise: nil) }
        channel.flush()
    }

    /// A whole message from the app.
    func fromApp(_ frame: WebSocketFrame) {
        var data = frame.unmaskedData
        let bytes = data.readBytes(length: data.readableBytes) ?? []
        let message: ProxyMessage = frame.opcode == .binary ? .binary(Data(bytes)) : .text(String(decoding: bytes, as: UTF8.self))
        observe(.webSocketMessage(link: id, fromApp: true, message))
        let upstream = state.withLockedValue { $0.upstream }
        upstream?.writeAndFlush(WebSocketFrame.client(frame.opcode, ByteBuffer(bytes: bytes)), promise: nil)
    }

    /// One side closed (the app when `byApp`, the upstream when false, a drop when nil): the other is closed too, once.
    func close(byApp: Bool?) {
        let channels: (app: (any Channel)?, upstream: (any Channel)?)? = state.withLockedValue { state in
            guard !state.closed else { return nil }
            state.closed = true
            return (state.app, state.upstream)
        }
        guard let channels else { return }
        observe(.webSocketClosed(link: id, byApp: byApp))
        if byApp != true, let app = channels.app {
            var code = ByteBuffer()
            code.writeInteger(UInt16(1000))
            app.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, data: code)).whenComplete { _ in app.close(promise: nil) }
        }
        if byApp != false, let upstream = channels.upstream {
            upstream.writeAndFlush(WebSocketFrame.clientClose()).whenComplete { _ in upstream.close(promise: nil) }
        }
    }
}

/// The app's side of a ``ProxyWebSocketLink``: whole messages go to the link, pings are answered,
/// and a close frame or a dropped connection closes the link.
final class ProxyAppWebSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let link: ProxyWebSocketLink

    init(link: ProxyWebSocketLink) {
        self.link = link
    }

    func handlerAdded(context: ChannelHandlerContext) {
        link.attach(app: context.channel)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary:
            link.fromApp(frame)
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            link.close(byApp: true)
            var code = frame.unmaskedData
            let echo = WebSocketFrame(fin: true, opcode: .connectionClose, data: code.readSlice(length: min(2, code.readableBytes)) ?? ByteBuffer())
            context.writeAndFlush(wrapOutboundOut(echo)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        link.close(byApp: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
