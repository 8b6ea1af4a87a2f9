import NIOCore
import NIOPosix

/// A Socket.IO client over WebSocket that connects, joins `/`, and then never reads a byte: the
/// stuck consumer that an outbound limit (``SocketIOServer/OutboundLimit``) is there for.
///
/// For tests and soak benchmarks. Its channel has autoRead off and a small receive buffer, so the
/// server's writes pile up on the server after a few kilobytes. It writes the upgrade request and
/// its masked CONNECT frame in one go, without waiting for the 101, which it never reads either;
/// nor does it answer pings.
public final class StuckWebSocketClient: Sendable {
    private let channel: any Channel

    private init(channel: any Channel) { self.channel = channel }

    /// Connects to `host`:`port`, upgrades `path` (`/socket.io/`) to a WebSocket and sends the
    /// Socket.IO CONNECT `40` for `/`, with `auth` (JSON text, under 120 bytes) when given.
    public static func connect(
        host: String = "127.0.0.1", port: Int, path: String = "/socket.io/", auth: String = "",
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> StuckWebSocketClient {
        let payload = Array(("40" + auth).utf8)
        precondition(payload.count < 126, "a short CONNECT only")
        let channel = try await ClientBootstrap(group: group)
            .channelOption(.autoRead, value: false)
            .channelOption(.socketOption(.so_rcvbuf), value: 4096)
            .connect(host: host, port: port).get()
        let request = "GET \(path)?EIO=4&transport=websocket HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        let frame = [0x81, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try await channel.writeAndFlush(ByteBuffer(bytes: Array(request.utf8) + frame))
        return StuckWebSocketClient(channel: channel)
    }

    /// Closes the client's end.
    public func close() { channel.close(promise: nil) }
}
