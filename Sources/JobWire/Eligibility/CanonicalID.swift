import SocketIOWire

/// An identifier as the protocol compares it: integers by their decimal digits, strings as written.
///
/// Decision (PROTOCOL.md ELIG-2): `9` equals `"9"`, but `"09"` does not equal `9` and nothing is
/// trimmed, because apps in the field send partner, category and worker ids both ways.
public struct CanonicalID: Sendable, Hashable, CustomStringConvertible {
    /// The canonical text of the id.
    public let text: String

    public init(_ text: String) { self.text = text }

    /// Reads an id from JSON: a string or an integer literal; anything else is malformed.
    public init(json: JSONValue, field: String, requirement: RequirementID) throws(EligibilityInputError) {
        switch json {
        case .string(let text): self.text = text
        case .int(let value): self.text = String(value)
        case .double:
            throw EligibilityInputError(field: field, requirement: requirement, message: "expected a string or an integer id, found a fractional number")
        default:
            throw EligibilityInputError(field: field, requirement: requirement, message: "expected a string or an integer id, found \(json.typeDescription)")
        }
    }

    public var description: String { text }
}
