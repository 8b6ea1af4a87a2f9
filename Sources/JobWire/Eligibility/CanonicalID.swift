import SocketIOWire

/// An identifier as the protocol compares it: integers by their decimal digits, strings as written.
///
/// Decision (PROTOCOL.md ELIG-2): `9` equals `"9"`, but `"09"` does not equal `9` and nothing is
/// trimmed, because apps in the field send partner, category and worker ids both ways. An integer
/// literal of any size is its digits, and two ids are equal only when their Unicode scalars are:
/// Swift's `String` equality would make `"café"` with a precomposed `é` equal to `"cafe\u{301}"`
/// (canonical equivalence), which JSON, JavaScript and the spec do not. This file is the one
/// place that reads an id from JSON; ``JSONFieldReader/id(_:allowingEmpty:)`` and
/// `JSONValue.idText` are built on ``init(json:)``.
public struct CanonicalID: Sendable, Hashable, CustomStringConvertible {
    /// The canonical text of the id.
    public let text: String

    public init(_ text: String) { self.text = text }

    /// Reads an id from JSON: a string as written or an integer literal as its digits, at any
    /// size; nil for anything else, including a number written with a fraction or an exponent
    /// (`9.0`, `1e1`).
    public init?(json: JSONValue) {
        switch json {
        case .string(let text): self.text = text
        case .int(let value): self.text = String(value)
        case .bigInt(let digits): self.text = digits
        default: return nil
        }
    }

    /// Why ``init(json:)`` refuses `value`, for messages; `describe` shows a value of the wrong type.
    public static func refusal(of value: JSONValue, describe: (JSONValue) -> String = { $0.typeDescription }) -> String {
        if case .double = value { return "expected a string or an integer id, found a number with a fraction or an exponent" }
        return "expected a string or an integer id, found \(describe(value))"
    }

    /// Equal when the texts have the same Unicode scalars, with no normalisation (ELIG-2).
    public static func == (left: CanonicalID, right: CanonicalID) -> Bool {
        left.text.unicodeScalars.elementsEqual(right.text.unicodeScalars)
    }

    /// Hashes the UTF-8 bytes, which are equal exactly when the scalars are.
    public func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }

    public var description: String { text }
}

extension JSONValue {
    /// This value as an id's canonical text (``CanonicalID/init(json:)``), or nil when it is no
    /// id or an empty string: how the checker and the apps' action readers read the ids they carry.
    public var idText: String? {
        guard let id = CanonicalID(json: self), !id.text.isEmpty else { return nil }
        return id.text
    }
}
