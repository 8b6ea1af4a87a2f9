/// A JSON value that keeps object key order and tells integers from fractions.
///
/// Socket.IO peers compare frames byte for byte, so the kit never round-trips
/// payloads through Foundation's serializer: objects keep their members in the
/// order they were read or built, and integers print without a decimal point.
public enum JSONValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// JSON `true` or `false`.
    case bool(Bool)
    /// An integer literal (no fraction, no exponent) that fits in 64 bits.
    case int(Int64)
    /// An integer literal beyond 64 bits, kept as written (its digits, after a `-` when negative)
    /// so that such a number survives a round trip and an id of any size is itself (ELIG-2).
    case bigInt(String)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object whose members keep their order.
    case object(JSONObject)
}

/// The members of a JSON object, in order; keys are looked up by linear search,
/// which is the fast choice for the small objects protocols exchange.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// One `"key": value` pair.
    public struct Member: Sendable, Hashable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// Creates a member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in document order. Duplicate keys are kept as read; lookups see the last one.
    public var members: [Member]

    /// Creates an object from members in order.
    public init(_ members: [Member] = []) { self.members = members }

    /// A dictionary literal; the members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    /// The value of the last member named `key`, or nil when there is none.
    public subscript(key: String) -> JSONValue? {
        get { members.last(where: { $0.key == key })?.value }
        set {
            if let index = members.lastIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }
    /// True when the object has no members.
    public var isEmpty: Bool { members.isEmpty }
    /// The number of members.
    public var count: Int { members.count }
}

extension JSONValue {
    /// The member `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The object's members, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The flag, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The number as a Double, when this is a number of either kind.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .bigInt(let digits): return Double(digits)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The number as an integer, when it is one: an integer literal, or a
    /// fraction-free double within 64 bits (`30.0` counts, `30.5` does not).
    public var integerValue: Int64? {
        switch self {
        case .int(let value): return value
        case .double(let value):
            guard value.rounded() == value, abs(value) < 9.2e18 else { return nil }
            return Int64(value)
        default: return nil
        }
    }

    /// `true` for JSON `null`.
    public var isNull: Bool { self == .null }

    /// A short name of the JSON type, for error messages ("a string", "an object").
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .bigInt, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
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
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal; the members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
