import SocketIOWire

/// An identifier as the protocol compares it: integers by their decimal digits, strings as written.
///
/// Decision (PROTOCOL.md ELIG-2): `9` equals `"9"`, but `"09"` does not equal `9` and nothing is
/// trimmed, because apps in the field send partner, category and worker ids both ways. This file
/// is the one place that reads an id from JSON; ``JSONFieldReader/id(_:allowingEmpty:)`` and
/// `JSONValue.idText` are built on ``init(json:)``.
public struct CanonicalID: Sendable, Hashable, CustomStringConvertible {
    /// The canonical text of the id.
    public let text: String

    public init(_ text: String) { self.text = text }

    /// Reads an id from JSON: a string as written or an integer literal as its digits; nil for
    /// anything else, including a number written with a fraction or an exponent (`9.0`, `1e1`).
    public init?(json: JSONValue) {
        switch json {
        case .string(let text): self.text = text
        case .int(let value): self.text = String(value)
        default: return nil
        }
    }

    /// Why ``init(json:)`` refuses `value`, for messages; `describe` shows a value of the wrong type.
    public static func refusal(of value: JSONValue, describe: (JSONValue) -> String = { $0.typeDescription }) -> String {
        if case .double = value { return "expected a string or an integer id, found a fractional number" }
        return "expected a string or an integer id, found \(describe(value))"
    }

    public var description: String { text }
}

extension JSONValue {
    /// This value as an id's canonical text (``CanonicalID/init(json:)``), or nil when it is no
    /// id or an empty string: how the checker reads the ids a trace carries.
    var idText: String? {
        guard let id = CanonicalID(json: self), !id.text.isEmpty else { return nil }
        return id.text
    }
}
