import NIOCore

/// The front of a WebSocket pipeline, through which complete frames already encoded skip the frame encoder.
///
/// It sits right after the pipeline's head and does nothing itself: ``EngineIOWebSocketHandler``
/// writes encoded frames (``EngineIOEncodedPackets/frames``) through this handler's context, so
/// they go straight to the socket, in order with everything written the ordinary way, which
/// passes here too. Saves a header buffer, an allocation and a pipeline walk per frame.
final class EngineIOFrameBypass: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The handler's context, once added.
    private(set) var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }
}
