/// A polling payload: the Engine.IO packets of one HTTP long-polling request or response body.
///
/// Implements engine.io-protocol §Packet encoding, HTTP long-polling: packets are joined by
/// the record separator `\x1e`, and binary messages are written as `b` + base64, e.g.
/// `4hello\x1ebAQIDBA==`. A body always holds at least one packet; empty records are invalid.
public struct EngineIOPayload: Sendable, Hashable {
    /// The record separator between packets, `\x1e` (ASCII RS).
    public static let separator: UInt8 = 0x1E

    /// The packets in order.
    public var packets: [EngineIOPacket]

    /// Wraps packets to be sent in one body.
    public init(_ packets: [EngineIOPacket]) { self.packets = packets }

    /// The body text: each packet's ``EngineIOPacket/encodedText`` joined by `\x1e`.
    ///
    /// A text that itself holds `\x1e` cannot be framed this way (see
    /// ``EngineIOPacket/canTravelInPayload``); the protocol assumes it never occurs.
    public var encodedText: String {
        var output = ""
        for (position, packet) in packets.enumerated() {
            if position > 0 { output.unicodeScalars.append("\u{1E}") }
            output += packet.encodedText
        }
        return output
    }

    /// Decodes a whole body given as text.
    public init(text: String) throws(SocketIOWireError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Decodes a whole body given as bytes; at most `maximumBytes` are accepted (answer 413 beyond).
    public init(bytes: some Collection<UInt8>, maximumBytes: Int = .max) throws(SocketIOWireError) {
        var decoder = EngineIOPayloadDecoder(maximumBytes: maximumBytes)
        var packets = try decoder.feed(bytes)
        packets += try decoder.finish()
        self.init(packets)
    }
}

extension EngineIOPayload: CustomStringConvertible {
    /// The body text with each separator shown as `\x1e`.
    public var description: String {
        packets.map(\.description).joined(separator: "\\x1e")
    }
}
