/// The byte-level reader behind ``SocketIOPacketHeader/init(decoding:maximumAttachments:)``.
///
/// Follows socket.io-protocol §Packet encoding, Format, and the reference parser's checks
/// (socket.io-parser `decodeString` and `isPayloadValid`), but stricter where the reference
/// relies on JavaScript coercions: counts and ack ids must be plain decimal digits.
struct SocketIOPacketParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumAttachments: Int
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maximumAttachments: Int) {
        self.bytes = bytes
        self.maximumAttachments = maximumAttachments
    }

    mutating func parse() throws(SocketIOWireError) -> SocketIOPacketHeader {
        guard let first = bytes.first else {
            throw SocketIOWireError(.emptyPacket, "a Socket.IO packet needs at least a type digit", at: 0)
        }
        guard isDigit(first), let type = SocketIOPacketType(rawValue: first - UInt8(ascii: "0")) else {
            throw SocketIOWireError(.unknownPacketType, "unknown Socket.IO packet type \(EngineIOPacket.describe(first))", at: 0)
        }
        index = 1
        let attachmentCount = type.isBinary ? try parseAttachmentCount() : 0
        let namespace = parseNamespace()
        let ackID = try parseAckID()
        let payloadStart = index
        // Spelled out: JSONValue is ExpressibleByNilLiteral, so a bare `nil` here would mean `.null`.
        let payload: JSONValue? = index < bytes.count ? try parsePayload() : Optional.none
        try Self.validate(payload: payload, of: type, attachmentCount: attachmentCount, at: payloadStart)
        return SocketIOPacketHeader(
            type: type, namespace: namespace, ackID: ackID, payload: payload, attachmentCount: attachmentCount
        )
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Reads `<digits>-` after a binary type digit.
    private mutating func parseAttachmentCount() throws(SocketIOWireError) -> Int {
        let start = index
        var value = 0
        while index < bytes.count, isDigit(bytes[index]) {
            value = min(value * 10 + Int(bytes[index] - UInt8(ascii: "0")), Int(Int32.max))
            index += 1
        }
        guard index > start else {
            throw SocketIOWireError(.invalidAttachmentCount, "a binary packet must start with '<count>-'", at: start)
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "-") else {
            throw SocketIOWireError(.invalidAttachmentCount, "the attachment count must be digits followed by '-'", at: index)
        }
        guard value <= maximumAttachments else {
            throw SocketIOWireError(.tooManyAttachments, "\(value) attachments exceed the limit of \(maximumAttachments)", at: start)
        }
        index += 1
        return value
    }

    /// Reads `/name,` (or `/name` up to the end of the text); the main namespace when absent.
    private mutating func parseNamespace() -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "/") else { return "/" }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ",") { index += 1 }
        let namespace = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if index < bytes.count { index += 1 }  // the comma
        return namespace
    }

    /// Reads the decimal ack id right before the payload, if any.
    private mutating func parseAckID() throws(SocketIOWireError) -> Int? {
        let start = index
        var value = 0
        while index < bytes.count, isDigit(bytes[index]) {
            value = min(value * 10 + Int(bytes[index] - UInt8(ascii: "0")), SocketIOPacketHeader.maximumAckID + 1)
            index += 1
        }
        guard index > start else { return nil }
        guard value <= SocketIOPacketHeader.maximumAckID else {
            throw SocketIOWireError(.invalidAckID, "ack id exceeds \(SocketIOPacketHeader.maximumAckID)", at: start)
        }
        return value
    }

    private mutating func parsePayload() throws(SocketIOWireError) -> JSONValue {
        let start = index
        do {
            let value = try JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[start...]))
            index = bytes.count
            return value
        } catch {
            let first = bytes[start]
            if (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") {
                // `42abc[...]`: letters where an ack id or the JSON should start.
                throw SocketIOWireError(.invalidAckID, "ack id must be decimal digits, found \(EngineIOPacket.describe(first))", at: start)
            }
            throw SocketIOWireError(.invalidJSON, "the payload is not valid JSON: \(error.reason)", at: start + error.offset)
        }
    }

    /// Applies the payload rules of one packet type; `offset` is where the payload starts.
    static func validate(payload: JSONValue?, of type: SocketIOPacketType, attachmentCount: Int, at offset: Int) throws(SocketIOWireError) {
        func invalid(_ reason: String) -> SocketIOWireError { SocketIOWireError(.invalidPayload, reason, at: offset) }
        switch type {
        case .connect:
            if let payload, payload.objectValue == nil {
                throw invalid("a CONNECT payload must be an object, not \(payload.typeDescription)")
            }
        case .disconnect:
            if payload != nil { throw invalid("a DISCONNECT carries no payload") }
        case .connectError:
            if let payload, payload.objectValue == nil, payload.stringValue == nil {
                throw invalid("a CONNECT_ERROR payload must be an object or a string, not \(payload.typeDescription)")
            }
        case .event, .binaryEvent:
            guard let payload else {
                throw SocketIOWireError(.missingPayload, "an \(type.name) needs a payload array", at: offset)
            }
            guard let elements = payload.arrayValue else {
                throw invalid("an \(type.name) payload must be an array, not \(payload.typeDescription)")
            }
            switch elements.first {
            case .string(let name):
                if SocketIOPacketHeader.reservedEventNames.contains(name) {
                    throw SocketIOWireError(.reservedEventName, "\"\(name)\" is a reserved event name", at: offset)
                }
            case .int, .bigInt, .double: break
            case nil: throw invalid("an \(type.name) payload must not be empty")
            case let other?: throw invalid("an event name must be a string or a number, not \(other.typeDescription)")
            }
        case .ack, .binaryAck:
            guard let payload else {
                throw SocketIOWireError(.missingPayload, "an \(type.name) needs a payload array", at: offset)
            }
            guard payload.arrayValue != nil else {
                throw invalid("an \(type.name) payload must be an array, not \(payload.typeDescription)")
            }
        }
        if type.isBinary, let payload {
            try checkPlaceholders(in: payload, attachmentCount: attachmentCount, at: offset)
        }
    }

    /// Every object with `"_placeholder": true` must have an integer `num` in `0..<attachmentCount`.
    private static func checkPlaceholders(in value: JSONValue, attachmentCount: Int, at offset: Int) throws(SocketIOWireError) {
        switch value {
        case .array(let elements):
            for element in elements { try checkPlaceholders(in: element, attachmentCount: attachmentCount, at: offset) }
        case .object(let object):
            if let number = SocketIOValue.placeholderIndex(of: object) {
                guard let number, number >= 0, number < attachmentCount else {
                    throw SocketIOWireError(
                        .invalidPlaceholder,
                        "a placeholder's \"num\" must be an integer in 0..<\(attachmentCount)", at: offset
                    )
                }
                return
            }
            for member in object.members {
                try checkPlaceholders(in: member.value, attachmentCount: attachmentCount, at: offset)
            }
        default:
            return
        }
    }
}
