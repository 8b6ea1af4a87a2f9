import Foundation

/// The seven Engine.IO v4 packet types, each written as one ASCII digit.
///
/// Enforces engine.io-protocol §Protocol: `0` open, `1` close, `2` ping, `3` pong,
/// `4` message, `5` upgrade, `6` noop.
public enum EngineIOPacketType: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The server's handshake packet, carrying ``EngineIOHandshake`` JSON.
    case open = 0
    /// Asks the other side to close the transport.
    case close = 1
    /// A heartbeat request (`2`), or `2probe` while upgrading.
    case ping = 2
    /// A heartbeat answer (`3`), or `3probe` while upgrading.
    case pong = 3
    /// Application data, text or binary.
    case message = 4
    /// The client's last step of a transport upgrade.
    case upgrade = 5
    /// A packet that does nothing, used to release a pending poll during an upgrade.
    case noop = 6

    /// The ASCII digit that starts the packet on the wire.
    public var digit: Character { Character(Unicode.Scalar(UInt8(ascii: "0") + rawValue)) }

    /// The lower-case name the protocol document uses, e.g. `"message"`.
    public var name: String {
        switch self {
        case .open: "open"
        case .close: "close"
        case .ping: "ping"
        case .pong: "pong"
        case .message: "message"
        case .upgrade: "upgrade"
        case .noop: "noop"
        }
    }

    /// The same as ``name``.
    public var description: String { name }

    /// Looks a type up by its protocol name; nil for an unknown name.
    public init?(name: String) {
        guard let type = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = type
    }
}

/// One Engine.IO v4 packet: the unit a WebSocket frame or a polling payload record carries.
///
/// Implements engine.io-protocol §Protocol and §Packet encoding. A binary message travels as a
/// raw WebSocket binary frame, or as `b` + base64 in a polling payload; every other packet is
/// text (`<type digit>[data]`). Decoding accepts what the reference parser accepts, except that
/// data after `close`, `upgrade` and `noop` is rejected, and `open` must carry a valid handshake.
public enum EngineIOPacket: Sendable, Hashable {
    /// `0{...}`: the server's handshake.
    case open(EngineIOHandshake)
    /// `1`: close the session.
    case close
    /// `2[data]`: a heartbeat ping; the data is empty, or `"probe"` during an upgrade.
    case ping(String)
    /// `3[data]`: a heartbeat pong; the data echoes the ping's, `"probe"` during an upgrade.
    case pong(String)
    /// `4<text>`: a text message, e.g. an encoded Socket.IO packet.
    case message(String)
    /// A binary message: a raw WebSocket binary frame, or `b<base64>` in a polling payload.
    case binaryMessage(Data)
    /// `5`: the client completes an upgrade.
    case upgrade
    /// `6`: no operation.
    case noop

    /// The probe ping a client sends first on an upgrading WebSocket: `2probe`.
    public static let probePing = EngineIOPacket.ping("probe")
    /// The probe pong the server answers with: `3probe`.
    public static let probePong = EngineIOPacket.pong("probe")
    /// A plain heartbeat ping: `2`.
    public static let heartbeatPing = EngineIOPacket.ping("")
    /// A plain heartbeat pong: `3`.
    public static let heartbeatPong = EngineIOPacket.pong("")

    /// The packet's type; a binary message is of type ``EngineIOPacketType/message``.
    public var type: EngineIOPacketType {
        switch self {
        case .open: .open
        case .close: .close
        case .ping: .ping
        case .pong: .pong
        case .message, .binaryMessage: .message
        case .upgrade: .upgrade
        case .noop: .noop
        }
    }

    /// True for a binary message, which needs a binary frame (or base64 in a payload).
    public var isBinary: Bool {
        if case .binaryMessage = self { return true }
        return false
    }

    /// True when the packet can be a record of a polling payload: its text holds no `\u{1E}` separator.
    ///
    /// The protocol assumes the record separator never occurs in data (engine.io-protocol §History, v3 to v4).
    public var canTravelInPayload: Bool {
        switch self {
        case .message(let text), .ping(let text), .pong(let text): !text.utf8.contains(EngineIOPayload.separator)
        default: true
        }
    }
}
