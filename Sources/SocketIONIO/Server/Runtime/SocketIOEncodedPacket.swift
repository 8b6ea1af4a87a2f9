import SocketIOWire

/// A Socket.IO packet encoded once for the connections of one event loop: its text and
/// attachments as Engine.IO packets and as WebSocket frames.
///
/// A broadcast makes one per event loop rather than one in all: the frames' storage is then
/// retained and released by one thread only, and the loops do not contend for its reference
/// count (which, shared, cost more than the encoding it saves).
struct SocketIOEncodedPacket: Sendable {
    /// The packet, for observers.
    let packet: SocketIOPacket
    /// The packet's namespace.
    let namespace: String
    /// Its Engine.IO messages, encoded.
    let engineIO: EngineIOEncodedPackets

    /// Encodes `packet`.
    init(_ packet: SocketIOPacket) {
        self.packet = packet
        self.namespace = packet.namespace
        self.engineIO = EngineIOEncodedPackets(packet.engineIOPackets)
    }
}
