/// An id (ELIG-2) is a non-empty string or an integer, and the generated `Components.Schemas.Id`
/// holds either (`value1` the string, `value2` the integer); `IdOrNull`, the same for a member
/// that may be null, too (a null member decodes as nil). These let the walkthrough write an id
/// from its text and read one back as the text the backend compares.
public protocol IdText: CustomStringConvertible {
    /// The id when it is a string.
    var value1: Swift.String? { get }
    /// The id when it is an integer.
    var value2: Swift.Int? { get }
}

extension IdText {
    /// The id as written: the string, or the integer's decimal digits.
    public var description: String {
        value1 ?? value2.map(String.init) ?? ""
    }
}

extension Components.Schemas.Id: IdText, ExpressibleByStringLiteral {
    /// A string id.
    public init(_ text: String) {
        self.init(value1: text)
    }

    /// A string id written as a literal.
    public init(stringLiteral text: String) {
        self.init(text)
    }
}

extension Components.Schemas.IdOrNull: IdText {}
