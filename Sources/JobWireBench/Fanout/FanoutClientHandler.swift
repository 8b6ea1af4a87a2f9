import NIOCore
import NIOWebSocket

/// One load-generator client after its WebSocket upgrade: joins `/`, answers pings, and records
/// each benchmark event's latency.
///
/// Speaks just enough Engine.IO v4 and Socket.IO v5 for a receiver: on the open packet it sends
/// CONNECT `40`, answers every ping `2` with `3`, completes `joined` on the CONNECT reply
/// (fails it on CONNECT_ERROR or a close), and hands each `42["fanout",phase,seq,sent,...]` to
/// its loop's ``FanoutLoopRecorder`` with the receive time. It reads nothing else of a frame,
/// holds none, and refuses a frame over ``maximumFrameSize`` by its header (NIO's decoder), so a
/// server that floods it costs no memory beyond a frame.
final class FanoutClientHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// The largest frame a client takes: 1 MiB, above the broker's largest message (maxPayload, 1 000 000 bytes).
    static let maximumFrameSize = 1 << 20

    private let recorder: FanoutLoopRecorder
    private let joined: EventLoopPromise<Void>
    private var reported = false

    init(recorder: FanoutLoopRecorder, joined: EventLoopPromise<Void>) {
        self.recorder = recorder
        self.joined = joined
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            let kind = frame.data.withUnsafeReadableBytes { FanoutFrame($0) }
            switch kind {
            case .event(let phase, _, let sent):
                recorder.record(phase: phase, sent: sent, received: FanoutClock.now())
            case .ping:
                send("3", context: context)
            case .open:
                // An app's identity (MSG-2), so a recording proxy in between records each delivery.
                send(#"40{"userId":"bench","role":"worker"}"#, context: context)
            case .connected:
                report(nil)
            case .connectError:
                report(FanoutClientFailure("the server refused the CONNECT to /"))
            case .closed:
                report(FanoutClientFailure("the server closed the session"))
            case .other:
                break
            }
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            report(FanoutClientFailure("the server sent a WebSocket close"))
            context.close(promise: nil)
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        report(FanoutClientFailure("the connection closed before the CONNECT reply"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case NIOWebSocketError.invalidFrameLength:
            report(FanoutClientFailure("a WebSocket frame over the client's limit of \(Self.maximumFrameSize) bytes; connection closed"))
        default:
            report(FanoutClientFailure("WebSocket error: \(error)"))
        }
        context.close(promise: nil)
    }

    private func send(_ text: String, context: ChannelHandlerContext) {
        let buffer = context.channel.allocator.buffer(string: text)
        let frame = WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: buffer)
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    private func report(_ failure: FanoutClientFailure?) {
        guard !reported else { return }
        reported = true
        if let failure { joined.fail(failure) } else { joined.succeed(()) }
    }
}

/// Why one load-generator client did not join.
public struct FanoutClientFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// A failure described in one sentence.
    public init(_ description: String) { self.description = description }
}
