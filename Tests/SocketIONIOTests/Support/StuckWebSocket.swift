import NIOCore
import NIOPosix

/// A WebSocket client that upgrades, joins `/`, and then never reads a byte: a stuck consumer.
///
/// Its channel has autoRead off and a small receive buffer, so the server's writes pile up after
/// a few kilobytes. It writes the upgrade request and its masked CONNECT frame in one go, without
/// waiting for the 101 (which it never reads either).
final class StuckWebSocket: Sendable {
    private let channel: any Channel

    private init(channel: any Channel) { self.channel = channel }

    /// Connects to `port` on 127.0.0.1, upgrades `/socket.io/` to a WebSocket and sends the
    /// Socket.IO CONNECT `40` for `/`, with `auth` (JSON text, under 120 bytes) when given.
    static func connect(port: Int, auth: String = "") async throws -> StuckWebSocket {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.autoRead, value: false)
            .channelOption(.socketOption(.so_rcvbuf), value: 4096)
            .connect(host: "127.0.0.1", port: port).get()
        let request = "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let payload = Array(("40" + auth).utf8)
        precondition(payload.count < 126, "a short CONNECT only")
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        let frame = [0x81, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try await channel.writeAndFlush(ByteBuffer(bytes: Array(request.utf8) + frame))
        return StuckWebSocket(channel: channel)
    }

    /// Closes the client's end.
    func close() { channel.close(promise: nil) }
}
