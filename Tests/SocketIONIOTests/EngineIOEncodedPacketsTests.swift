import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket
import SocketIOWire
import Testing

@testable import SocketIONIO

/// Frames encoded once for a broadcast are byte for byte what NIO's frame encoder writes.
struct EngineIOEncodedPacketsTests {
    /// The bytes NIO's `WebSocketFrameEncoder` writes for an unmasked final frame.
    func nioEncoded(_ opcode: WebSocketOpcode, _ payload: [UInt8]) throws -> [UInt8] {
        let channel = EmbeddedChannel(handler: WebSocketFrameEncoder())
        let allocator = channel.allocator
        try channel.writeOutbound(WebSocketFrame(fin: true, opcode: opcode, data: allocator.buffer(bytes: payload)))
        var bytes: [UInt8] = []
        while var part = try channel.readOutbound(as: ByteBuffer.self) {
            bytes += part.readBytes(length: part.readableBytes) ?? []
        }
        _ = try channel.finish()
        return bytes
    }

    @Test(arguments: [0, 1, 124, 125, 126, 127, 65_534, 65_535, 65_536, 70_000])
    func textFramesMatchNIO(_ length: Int) throws {
        let text = String(repeating: "x", count: length)
        let encoded = EngineIOEncodedPackets([.message(text)])
        var frame = try #require(encoded.frames.first)
        #expect(frame.readBytes(length: frame.readableBytes) == (try nioEncoded(.text, Array(("4" + text).utf8))))
    }

    @Test(arguments: [0, 3, 126, 65_536])
    func binaryFramesMatchNIO(_ length: Int) throws {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        let encoded = EngineIOEncodedPackets([.binaryMessage(Data(bytes))])
        var frame = try #require(encoded.frames.first)
        #expect(frame.readBytes(length: frame.readableBytes) == (try nioEncoded(.binary, bytes)))
    }

    @Test func onePacketOneFrameInOrder() {
        let packets: [EngineIOPacket] = [.message("51-[\"b\",{\"_placeholder\":true,\"num\":0}]"), .binaryMessage(Data([1, 2]))]
        let encoded = EngineIOEncodedPackets(packets)
        #expect(encoded.packets == packets)
        #expect(encoded.frames.map { $0.getInteger(at: $0.readerIndex, as: UInt8.self) } == [0x81, 0x82])
    }
}
