import Foundation

/// A complete Socket.IO v5 packet: its header fields plus the binary attachments it announced.
///
/// Implements socket.io-protocol §Exchange protocol and §Packet encoding. On the wire the packet
/// is one Engine.IO message holding ``encodedText``, followed, for BINARY_EVENT and BINARY_ACK,
/// by one binary message per attachment (``engineIOPackets``). The payload keeps the
/// `{"_placeholder":true,"num":i}` placeholders; ``reconstructedPayload()`` puts the bytes back.
public struct SocketIOPacket: Sendable, Hashable {
    /// The packet type.
    public var type: SocketIOPacketType
    /// The namespace, `/` for the main one.
    public var namespace: String
    /// The acknowledgement id, when the sender wants an ACK (or this is one).
    public var ackID: Int?
    /// The JSON payload, with placeholders standing for ``attachments``.
    public var payload: JSONValue?
    /// The binary attachments, in placeholder order; empty for non-binary types.
    public var attachments: [Data]

    /// Creates a packet without checking it; ``validate(maximumAttachments:)`` applies the decoder's rules.
    public init(
        type: SocketIOPacketType,
        namespace: String = "/",
        ackID: Int? = nil,
        payload: JSONValue? = nil,
        attachments: [Data] = []
    ) {
        self.type = type
        self.namespace = namespace
        self.ackID = ackID
        self.payload = payload
        self.attachments = attachments
    }

    /// Completes a decoded header with its attachments, which must be exactly as many as it announced.
    public init(header: SocketIOPacketHeader, attachments: [Data]) throws(SocketIOWireError) {
        guard attachments.count == header.attachmentCount else {
            throw SocketIOWireError(
                .attachmentCountMismatch,
                "the packet announced \(header.attachmentCount) attachments but \(attachments.count) were given", at: 0
            )
        }
        self.init(
            type: header.type, namespace: header.namespace, ackID: header.ackID,
            payload: header.payload, attachments: attachments
        )
    }

    /// Decodes a packet text and completes it with `attachments` (none for non-binary packets).
    public init(
        decoding text: String,
        attachments: [Data] = [],
        maximumAttachments: Int = SocketIOPacketHeader.defaultMaximumAttachments
    ) throws(SocketIOWireError) {
        let header = try SocketIOPacketHeader(decoding: text, maximumAttachments: maximumAttachments)
        try self.init(header: header, attachments: attachments)
    }

    /// The header: everything but the attachment bytes, with their count.
    public var header: SocketIOPacketHeader {
        SocketIOPacketHeader(
            type: type, namespace: namespace, ackID: ackID, payload: payload,
            attachmentCount: type.isBinary ? attachments.count : 0
        )
    }

    /// The packet's text, e.g. `2["foo"]`; send it as the Engine.IO message `42["foo"]`.
    public var encodedText: String { header.encodedText }

    /// The Engine.IO messages that carry the packet: its text, then one binary message per attachment.
    public var engineIOPackets: [EngineIOPacket] {
        [.message(encodedText)] + (type.isBinary ? attachments.map(EngineIOPacket.binaryMessage) : [])
    }

    /// Checks the packet against the rules the decoder enforces.
    public func validate(maximumAttachments: Int = SocketIOPacketHeader.defaultMaximumAttachments) throws(SocketIOWireError) {
        if !type.isBinary, !attachments.isEmpty {
            throw SocketIOWireError(.attachmentCountMismatch, "only binary packet types carry attachments", at: 0)
        }
        try header.validate(maximumAttachments: maximumAttachments)
    }

    /// The payload with the attachments in place of their placeholders (binary types), or as is.
    public func reconstructedPayload() throws(SocketIOWireError) -> SocketIOValue? {
        guard let payload else { return nil }
        guard type.isBinary else { return SocketIOValue(payload) }
        return try SocketIOValue(reconstructing: payload, attachments: attachments)
    }

    /// The event name of an EVENT or BINARY_EVENT whose first element is a string.
    public var eventName: String? {
        guard type == .event || type == .binaryEvent else { return nil }
        return payload?.arrayValue?.first?.stringValue
    }

    /// The arguments with binary data in place: after the name for events, all elements for acks.
    public func arguments() throws(SocketIOWireError) -> [SocketIOValue] {
        guard case .array(let elements)? = try reconstructedPayload() else { return [] }
        switch type {
        case .event, .binaryEvent: return Array(elements.dropFirst())
        default: return elements
        }
    }
}

extension SocketIOPacket: CustomStringConvertible {
    /// The text, followed by each attachment's bytes in hex.
    public var description: String {
        ([encodedText] + attachments.map { EngineIOFrame.binary($0).description }).joined(separator: " + ")
    }
}

extension SocketIOPacket {
    /// True when both packets are equal except that numbers compare by value (see ``JSONValue/isEquivalent(to:)``).
    public func isEquivalent(to other: SocketIOPacket) -> Bool {
        type == other.type && namespace == other.namespace && ackID == other.ackID
            && attachments == other.attachments && payload.isEquivalent(to: other.payload)
    }
}
