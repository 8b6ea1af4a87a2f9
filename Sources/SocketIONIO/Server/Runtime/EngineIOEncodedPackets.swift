import NIOCore
import SocketIOWire

/// Engine.IO packets together with their complete WebSocket frames, encoded once for any number of sessions.
///
/// A broadcast encodes its packet once per event loop and hands the same bytes to every session
/// there: a session on a WebSocket writes them as they are (unmasked server frames are
/// byte-identical for every client, RFC 6455 §5.2, and engine.io-protocol §Packet encoding,
/// WebSocket, puts one packet in each frame), a session on polling or in an upgrade buffers
/// ``packets`` as usual. The frames share their storage, so nothing is copied per session.
struct EngineIOEncodedPackets: Sendable {
    /// The packets, for sessions that must buffer them.
    let packets: [EngineIOPacket]
    /// One complete frame (header and payload) per packet: text frames for text packets,
    /// binary frames for binary messages.
    let frames: [ByteBuffer]

    /// Encodes `packets` once.
    init(_ packets: [EngineIOPacket], allocator: ByteBufferAllocator = ByteBufferAllocator()) {
        self.packets = packets
        self.frames = packets.map { Self.frame(for: $0, allocator: allocator) }
    }

    /// The complete WebSocket frame that carries one packet.
    static func frame(for packet: EngineIOPacket, allocator: ByteBufferAllocator) -> ByteBuffer {
        switch packet.frame {
        case .text(let text):
            let length = text.utf8.count
            var buffer = allocator.buffer(capacity: length + 10)
            writeHeader(opcode: 0x1, length: length, to: &buffer)
            buffer.writeString(text)
            return buffer
        case .binary(let bytes):
            var buffer = allocator.buffer(capacity: bytes.count + 10)
            writeHeader(opcode: 0x2, length: bytes.count, to: &buffer)
            buffer.writeBytes(bytes)
            return buffer
        }
    }

    /// Writes the header of a final, unmasked frame (RFC 6455 §5.2): FIN and the opcode, then the
    /// payload length in 7 bits, or 126 and 16 bits, or 127 and 64 bits.
    static func writeHeader(opcode: UInt8, length: Int, to buffer: inout ByteBuffer) {
        buffer.writeInteger(0x80 | opcode)
        switch length {
        case ..<126:
            buffer.writeInteger(UInt8(length))
        case ..<65_536:
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        default:
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
    }
}
