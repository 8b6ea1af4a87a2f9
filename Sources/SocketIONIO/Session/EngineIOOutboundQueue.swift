import SocketIOWire

/// The packets a session buffers for its client, with their size, for the outbound limit.
///
/// The size is the bytes the packets hold (a message's UTF-8 text, a binary message's bytes, one
/// byte for the others: an open packet's few hundred bytes go out first, before anything piles up), not their encoding on a transport; kept as packets are added, so the
/// limit is checked without walking the buffer.
struct EngineIOOutboundQueue: Hashable {
    /// The packets, oldest first.
    private(set) var packets: [EngineIOPacket]
    /// The bytes they hold.
    private(set) var bytes: Int

    /// A queue holding `packets`.
    init(_ packets: [EngineIOPacket] = []) {
        self.packets = packets
        self.bytes = packets.reduce(0) { $0 + Self.size(of: $1) }
    }

    /// True when nothing is buffered.
    var isEmpty: Bool { packets.isEmpty }

    /// Adds packets at the end.
    mutating func append(_ more: [EngineIOPacket]) {
        packets += more
        for packet in more { bytes += Self.size(of: packet) }
    }

    /// Adds one packet at the end.
    mutating func append(_ packet: EngineIOPacket) {
        packets.append(packet)
        bytes += Self.size(of: packet)
    }

    /// The packets, leaving the queue empty.
    mutating func take() -> [EngineIOPacket] {
        defer { self = EngineIOOutboundQueue() }
        return packets
    }

    /// The bytes one packet holds.
    static func size(of packet: EngineIOPacket) -> Int {
        switch packet {
        case .message(let text): text.utf8.count
        case .binaryMessage(let data): data.count
        default: 1
        }
    }
}
