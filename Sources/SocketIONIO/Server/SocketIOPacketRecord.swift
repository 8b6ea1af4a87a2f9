import Foundation
import SocketIOWire

/// One Socket.IO packet the server received or sent, as the configuration's observer sees it.
///
/// The observer is called on the connection's event loop in wire order: inbound packets once
/// complete (with their attachments), before the application sees them; outbound packets as they
/// are handed to Engine.IO. It must not block.
public struct SocketIOPacketRecord: Sendable, Hashable {
    /// Which way a packet travelled.
    public enum Direction: String, Sendable, Hashable {
        /// From the client to the server.
        case inbound
        /// From the server to the client.
        case outbound
    }

    /// Which way the packet travelled.
    public var direction: Direction
    /// The Engine.IO session id of the connection.
    public var engineIOSessionID: String
    /// The packet's namespace, `/` for the main one.
    public var namespace: String
    /// The socket id of the namespace when it is joined (after the CONNECT reply), else nil.
    public var socketID: String?
    /// The decoded packet, attachments included.
    public var packet: SocketIOPacket
    /// When the server handled the packet.
    public var timestamp: Date

    /// Creates a record.
    public init(direction: Direction, engineIOSessionID: String, namespace: String, socketID: String?, packet: SocketIOPacket, timestamp: Date) {
        self.direction = direction
        self.engineIOSessionID = engineIOSessionID
        self.namespace = namespace
        self.socketID = socketID
        self.packet = packet
        self.timestamp = timestamp
    }
}
