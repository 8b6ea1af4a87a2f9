import Foundation

/// A Socket.IO argument: any JSON value, or binary data, nested in arrays and objects.
///
/// Socket.IO sends binary values as separate attachments (socket.io-protocol §Packet encoding,
/// "with binary data"). This type is the application's view, with the bytes in place;
/// ``deconstructed()`` turns it into the wire's view, a ``JSONValue`` with
/// `{"_placeholder":true,"num":i}` placeholders plus the attachments in document order, and
/// ``init(reconstructing:attachments:)`` goes back.
public enum SocketIOValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// JSON `true` or `false`.
    case bool(Bool)
    /// An integer number.
    case int(Int64)
    /// An integer beyond 64 bits, as its digits (``JSONValue/bigInt(_:)``).
    case bigInt(String)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// Binary data, sent as an attachment.
    case binary(Data)
    /// An array.
    case array([SocketIOValue])
    /// An object whose members keep their order.
    case object([Member])

    /// One `"key": value` member of an object.
    public struct Member: Sendable, Hashable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: SocketIOValue

        /// Creates a member.
        public init(key: String, value: SocketIOValue) {
            self.key = key
            self.value = value
        }
    }

    /// Converts a JSON value that holds no binary data.
    public init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .bigInt(let digits): self = .bigInt(digits)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(SocketIOValue.init))
        case .object(let object): self = .object(object.members.map { Member(key: $0.key, value: SocketIOValue($0.value)) })
        }
    }

    /// True when the value holds binary data anywhere.
    public var containsBinary: Bool {
        switch self {
        case .binary: true
        case .array(let elements): elements.contains(where: \.containsBinary)
        case .object(let members): members.contains(where: { $0.value.containsBinary })
        default: false
        }
    }

    /// The value as JSON when it holds no binary data; nil otherwise.
    public var jsonValue: JSONValue? {
        containsBinary ? Optional.none : deconstructed().json
    }
}

extension SocketIOValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal.
    public init(arrayLiteral elements: SocketIOValue...) { self = .array(elements) }
    /// A dictionary literal; the members keep the literal's order.
    public init(dictionaryLiteral elements: (String, SocketIOValue)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
