/// The text part of a Socket.IO packet: type, attachment count, namespace, ack id and JSON payload.
///
/// Implements socket.io-protocol §Packet encoding, Format:
/// `<type>[<# of attachments>-][<namespace>,][<ack id>][JSON payload]`. For BINARY_EVENT and
/// BINARY_ACK the payload holds `{"_placeholder":true,"num":i}` objects and the attachments
/// follow as separate Engine.IO binary messages; ``SocketIOBinaryReassembler`` joins them into a
/// ``SocketIOPacket``. Decoding validates as the reference parser does (see ``init(decoding:maximumAttachments:)``).
public struct SocketIOPacketHeader: Sendable, Hashable {
    /// The reference decoder's default limit on attachments per packet.
    public static let defaultMaximumAttachments = 10
    /// The largest ack id accepted: JavaScript's `Number.MAX_SAFE_INTEGER`, beyond which ids lose precision.
    public static let maximumAckID = 9_007_199_254_740_991
    /// Event names the reference refuses in an EVENT, because its emitters give them a meaning.
    public static let reservedEventNames: Set<String> = [
        "connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener",
    ]

    /// The packet type.
    public var type: SocketIOPacketType
    /// The namespace, `/` for the main one; it always starts with `/` and holds no `,`.
    public var namespace: String
    /// The acknowledgement id, when the sender wants an ACK (or this is one).
    public var ackID: Int?
    /// The JSON payload, with placeholders standing for binary attachments.
    public var payload: JSONValue?
    /// How many binary attachments follow; always 0 for non-binary types.
    public var attachmentCount: Int

    /// Creates a header without checking it; ``validate(maximumAttachments:)`` applies the decoder's rules.
    public init(
        type: SocketIOPacketType,
        namespace: String = "/",
        ackID: Int? = nil,
        payload: JSONValue? = nil,
        attachmentCount: Int = 0
    ) {
        self.type = type
        self.namespace = namespace
        self.ackID = ackID
        self.payload = payload
        self.attachmentCount = attachmentCount
    }

    /// The encoded text, e.g. `2["foo"]`, `3/admin,13["bar"]` or `51-["baz",{"_placeholder":true,"num":0}]`.
    ///
    /// The namespace is written only when it is not `/`, always followed by a comma, as the
    /// reference encoder does (`1/admin,`). Send it as an Engine.IO message: `42["foo"]`.
    public var encodedText: String {
        var output = String(type.rawValue)
        if type.isBinary { output += String(attachmentCount) + "-" }
        if namespace != "/" { output += namespace + "," }
        if let ackID { output += String(ackID) }
        payload?.write(to: &output)
        return output
    }

    /// Decodes the text of a Socket.IO packet (an Engine.IO message's text).
    ///
    /// Accepts `/nsp,` and, at the end of the text, `/nsp` without the comma (`40/random`).
    /// Throws when the type digit is unknown, the attachment count is not `<digits>-` or above
    /// `maximumAttachments`, the ack id is not digits, the payload is not JSON of the right kind
    /// (CONNECT: object; DISCONNECT: none; EVENT: non-empty array starting with a non-reserved
    /// name or a number; ACK: array; CONNECT_ERROR: string or object), or a binary packet's
    /// placeholder `num` is outside `0..<attachmentCount`.
    public init(decoding text: String, maximumAttachments: Int = Self.defaultMaximumAttachments) throws(SocketIOWireError) {
        self = try text.withUTF8Bytes { buffer throws(SocketIOWireError) in
            var parser = SocketIOPacketParser(bytes: buffer, maximumAttachments: maximumAttachments)
            return try parser.parse()
        }
    }

    /// Decodes a packet text given as UTF-8 bytes, checking that they are UTF-8.
    public init(decodingBytes bytes: some Collection<UInt8>, maximumAttachments: Int = Self.defaultMaximumAttachments) throws(SocketIOWireError) {
        let array = Array(bytes)
        if let bad = UTF8Validation.firstInvalidOffset(in: array) {
            throw SocketIOWireError(.invalidUTF8, "a Socket.IO packet is not valid UTF-8", at: bad)
        }
        self = try array.withUnsafeBufferPointer { buffer throws(SocketIOWireError) in
            var parser = SocketIOPacketParser(bytes: buffer, maximumAttachments: maximumAttachments)
            return try parser.parse()
        }
    }

    /// Checks a header built in code against the rules the decoder enforces; offsets are 0.
    public func validate(maximumAttachments: Int = Self.defaultMaximumAttachments) throws(SocketIOWireError) {
        // Byte checks: `hasPrefix` and `contains` compare grapheme clusters, and "/" followed by a
        // combining mark is one cluster that does not start with "/".
        guard namespace.utf8.first == UInt8(ascii: "/"), !namespace.utf8.contains(UInt8(ascii: ",")) else {
            throw SocketIOWireError(.invalidPayload, "a namespace must start with '/' and hold no ','", at: 0)
        }
        if let ackID, ackID < 0 || ackID > Self.maximumAckID {
            throw SocketIOWireError(.invalidAckID, "ack id \(ackID) is outside 0...\(Self.maximumAckID)", at: 0)
        }
        if type.isBinary {
            guard attachmentCount >= 0 else {
                throw SocketIOWireError(.invalidAttachmentCount, "the attachment count is negative", at: 0)
            }
            guard attachmentCount <= maximumAttachments else {
                throw SocketIOWireError(.tooManyAttachments, "\(attachmentCount) attachments exceed the limit of \(maximumAttachments)", at: 0)
            }
        } else if attachmentCount != 0 {
            throw SocketIOWireError(.invalidAttachmentCount, "only binary packet types carry attachments", at: 0)
        }
        try SocketIOPacketParser.validate(payload: payload, of: type, attachmentCount: attachmentCount, at: 0)
    }
}

extension SocketIOPacketHeader: CustomStringConvertible {
    /// The encoded text.
    public var description: String { encodedText }
}

extension SocketIOPacketHeader {
    /// True when both headers are equal except that numbers compare by value (see ``JSONValue/isEquivalent(to:)``).
    public func isEquivalent(to other: SocketIOPacketHeader) -> Bool {
        type == other.type && namespace == other.namespace && ackID == other.ackID
            && attachmentCount == other.attachmentCount && payload.isEquivalent(to: other.payload)
    }
}
