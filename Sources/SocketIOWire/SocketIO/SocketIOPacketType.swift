/// The seven Socket.IO v5 packet types, written as the packet's first digit.
///
/// Enforces socket.io-protocol §Exchange protocol: 0 CONNECT, 1 DISCONNECT, 2 EVENT, 3 ACK,
/// 4 CONNECT_ERROR, 5 BINARY_EVENT, 6 BINARY_ACK.
public enum SocketIOPacketType: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Joins a namespace (client), or grants it with `{"sid":...}` (server).
    case connect = 0
    /// Leaves a namespace; no payload, no answer.
    case disconnect = 1
    /// An event: a non-empty array whose first element names it.
    case event = 2
    /// The answer to an event that carried an ack id: an array, possibly empty.
    case ack = 3
    /// The server refuses a CONNECT: `{"message":...}` (a string from older peers).
    case connectError = 4
    /// An EVENT with binary attachments following it.
    case binaryEvent = 5
    /// An ACK with binary attachments following it.
    case binaryAck = 6

    /// The upper-case name the protocol document uses, e.g. `"BINARY_EVENT"`.
    public var name: String {
        switch self {
        case .connect: "CONNECT"
        case .disconnect: "DISCONNECT"
        case .event: "EVENT"
        case .ack: "ACK"
        case .connectError: "CONNECT_ERROR"
        case .binaryEvent: "BINARY_EVENT"
        case .binaryAck: "BINARY_ACK"
        }
    }

    /// The same as ``name``.
    public var description: String { name }

    /// Looks a type up by its protocol name, e.g. `"CONNECT_ERROR"`; nil for an unknown name.
    public init?(name: String) {
        guard let type = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = type
    }

    /// True for BINARY_EVENT and BINARY_ACK, whose text starts with an `N-` attachment count.
    public var isBinary: Bool { self == .binaryEvent || self == .binaryAck }

    /// The binary form of EVENT and ACK (others unchanged), used when a payload holds binary data.
    public var binaryForm: SocketIOPacketType {
        switch self {
        case .event: .binaryEvent
        case .ack: .binaryAck
        default: self
        }
    }

    /// The plain form of BINARY_EVENT and BINARY_ACK (others unchanged).
    public var plainForm: SocketIOPacketType {
        switch self {
        case .binaryEvent: .event
        case .binaryAck: .ack
        default: self
        }
    }
}
