/// Why bytes are not a valid Engine.IO or Socket.IO packet, and where decoding stopped.
///
/// Every decoder in this module throws this one type and never traps. The ``code`` is a
/// stable, language-neutral name (the same names the `Vectors/socketio/` files use), the
/// ``reason`` a readable sentence, and ``offset`` the zero-based byte offset of the first
/// offending byte in the input that decoder was given.
public struct SocketIOWireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable category of decoding failure; new codes may be added in later versions.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case emptyPacket = "empty-packet"
            case unknownPacketType = "unknown-packet-type"
            case invalidUTF8 = "invalid-utf8"
            case invalidBase64 = "invalid-base64"
            case invalidHandshake = "invalid-handshake"
            case unexpectedData = "unexpected-data"
            case payloadTooLarge = "payload-too-large"
            case invalidAttachmentCount = "invalid-attachment-count"
            case tooManyAttachments = "too-many-attachments"
            case invalidAckID = "invalid-ack-id"
            case invalidJSON = "invalid-json"
            case missingPayload = "missing-payload"
            case invalidPayload = "invalid-payload"
            case reservedEventName = "reserved-event-name"
            case invalidPlaceholder = "invalid-placeholder"
            case unexpectedText = "unexpected-text"
            case unexpectedBinary = "unexpected-binary"
            case attachmentCountMismatch = "attachment-count-mismatch"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The code's stable kebab-case name, as used by the vector files.
        public var name: String { base.rawValue }
        /// The same as ``name``.
        public var description: String { base.rawValue }

        /// Looks up a code by its stable name, e.g. `"invalid-ack-id"`; nil when unknown.
        public init?(name: String) {
            guard let base = Base(rawValue: name) else { return nil }
            self.base = base
        }

        /// The input (a frame, a payload record or a Socket.IO packet) is empty.
        public static let emptyPacket = Code(.emptyPacket)
        /// The first character is not a known packet type digit (or `b` for base64 binary).
        public static let unknownPacketType = Code(.unknownPacketType)
        /// Text that must be UTF-8 is not.
        public static let invalidUTF8 = Code(.invalidUTF8)
        /// A `b`-prefixed binary packet holds malformed base64.
        public static let invalidBase64 = Code(.invalidBase64)
        /// An `open` packet's JSON is not a valid handshake object.
        public static let invalidHandshake = Code(.invalidHandshake)
        /// A packet type that carries no data (close, upgrade, noop) came with data.
        public static let unexpectedData = Code(.unexpectedData)
        /// A polling payload exceeded the decoder's byte limit.
        public static let payloadTooLarge = Code(.payloadTooLarge)
        /// A binary packet's `N-` attachment count is missing or not decimal digits.
        public static let invalidAttachmentCount = Code(.invalidAttachmentCount)
        /// A binary packet announces more attachments than the decoder accepts.
        public static let tooManyAttachments = Code(.tooManyAttachments)
        /// An acknowledgement id is not decimal digits or is out of range.
        public static let invalidAckID = Code(.invalidAckID)
        /// The payload is not valid JSON.
        public static let invalidJSON = Code(.invalidJSON)
        /// A packet type whose payload is mandatory (EVENT, ACK and their binary forms) has none.
        public static let missingPayload = Code(.missingPayload)
        /// The payload has the wrong JSON type for the packet type.
        public static let invalidPayload = Code(.invalidPayload)
        /// An EVENT names one of the reserved events (`connect`, `disconnect`, ...).
        public static let reservedEventName = Code(.reservedEventName)
        /// A binary placeholder's `num` is not an integer within the attachment count.
        public static let invalidPlaceholder = Code(.invalidPlaceholder)
        /// A text packet arrived while binary attachments were still awaited.
        public static let unexpectedText = Code(.unexpectedText)
        /// A binary attachment arrived while no binary packet was awaiting one.
        public static let unexpectedBinary = Code(.unexpectedBinary)
        /// A packet was completed with a different number of attachments than it announced.
        public static let attachmentCountMismatch = Code(.attachmentCountMismatch)
    }

    /// The category of the failure.
    public let code: Code
    /// What was wrong, as a sentence fragment such as "ack id must be decimal digits".
    public let reason: String
    /// The zero-based byte offset of the first offending byte in the decoder's input.
    public let offset: Int

    /// Creates an error; decoders use this, and tests may too.
    public init(_ code: Code, _ reason: String, at offset: Int) {
        self.code = code
        self.reason = reason
        self.offset = offset
    }

    /// A readable one-line description naming the code, the zero-based byte offset and the reason.
    public var description: String { "\(code) at offset \(offset): \(reason)" }

    /// The same error with its offset moved by `delta`, for errors found in a slice of a larger input.
    func shifted(by delta: Int) -> SocketIOWireError {
        SocketIOWireError(code, reason, at: offset + delta)
    }
}
