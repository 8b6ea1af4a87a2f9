import Foundation

extension EngineIOPacket {
    /// The packet as text: `<type digit>[data]`, or `b<base64>` for a binary message.
    ///
    /// This is the polling payload record (engine.io-protocol §Packet encoding, HTTP long-polling);
    /// on a WebSocket use ``frame``, which sends binary messages as raw binary frames.
    public var encodedText: String {
        switch self {
        case .open(let handshake): "0" + handshake.jsonText
        case .close: "1"
        case .ping(let data): "2" + data
        case .pong(let data): "3" + data
        case .message(let text): "4" + text
        case .binaryMessage(let data): "b" + Base64.encode(data)
        case .upgrade: "5"
        case .noop: "6"
        }
    }

    /// The packet as one WebSocket frame: binary messages as raw bytes, everything else as text.
    public var frame: EngineIOFrame {
        if case .binaryMessage(let data) = self { return .binary(data) }
        return .text(encodedText)
    }

    /// Decodes one packet from a WebSocket frame; a binary frame is always a binary message.
    public init(frame: EngineIOFrame) throws(SocketIOWireError) {
        switch frame {
        case .text(let text): try self.init(text: text)
        case .binary(let data): self = .binaryMessage(data)
        }
    }

    /// Decodes one packet from text: a WebSocket text frame or one polling payload record.
    ///
    /// Like the reference parser, a text starting with `b` is a base64 binary message on
    /// either transport.
    public init(text: String) throws(SocketIOWireError) {
        self = try text.withUTF8Bytes { buffer throws(SocketIOWireError) in try Self.decodeValidated(buffer) }
    }

    /// Decodes one packet from the UTF-8 bytes of a text frame, checking that they are UTF-8.
    public init(textBytes bytes: some Collection<UInt8>) throws(SocketIOWireError) {
        let array = Array(bytes)
        if let bad = UTF8Validation.firstInvalidOffset(in: array) {
            throw SocketIOWireError(.invalidUTF8, "a text packet is not valid UTF-8", at: bad)
        }
        self = try array.withUnsafeBufferPointer { buffer throws(SocketIOWireError) in try Self.decodeValidated(buffer) }
    }

    /// Decodes a packet from bytes already known to be UTF-8.
    static func decodeValidated(_ bytes: UnsafeBufferPointer<UInt8>) throws(SocketIOWireError) -> EngineIOPacket {
        guard let first = bytes.first else {
            throw SocketIOWireError(.emptyPacket, "an Engine.IO packet needs at least a type character", at: 0)
        }
        let rest = UnsafeBufferPointer(rebasing: bytes[1...])
        func restText() -> String { String(decoding: rest, as: UTF8.self) }
        func noData(_ type: EngineIOPacketType) throws(SocketIOWireError) {
            guard rest.isEmpty else {
                throw SocketIOWireError(.unexpectedData, "a \(type.name) packet carries no data", at: 1)
            }
        }
        switch first {
        case UInt8(ascii: "b"):
            do {
                return .binaryMessage(Data(try Base64.decode(rest)))
            } catch {
                throw error.shifted(by: 1)
            }
        case UInt8(ascii: "0"):
            guard !rest.isEmpty else {
                throw SocketIOWireError(.invalidHandshake, "an open packet must carry the handshake JSON", at: 1)
            }
            return .open(try EngineIOHandshake(jsonText: rest, offset: 1))
        case UInt8(ascii: "1"): try noData(.close); return .close
        case UInt8(ascii: "2"): return .ping(restText())
        case UInt8(ascii: "3"): return .pong(restText())
        case UInt8(ascii: "4"): return .message(restText())
        case UInt8(ascii: "5"): try noData(.upgrade); return .upgrade
        case UInt8(ascii: "6"): try noData(.noop); return .noop
        default:
            throw SocketIOWireError(.unknownPacketType, "unknown Engine.IO packet type \(describe(first))", at: 0)
        }
    }

    /// A short printable form of one byte for error messages.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }
}

extension EngineIOPacket: CustomStringConvertible {
    /// The packet's text form (binary messages as `b<base64>`), with the separator shown as `\x1e`.
    public var description: String {
        encodedText.replacingOccurrences(of: "\u{1E}", with: "\\x1e")
    }
}
