/// An id (ELIG-2) is a non-empty string or an integer, and the generated `Components.Schemas.Id`
/// holds either (`value1` the string, `value2` the integer). These let the walkthrough write an
/// id from its text and read one back as the text the backend compares.
extension Components.Schemas.Id: ExpressibleByStringLiteral, CustomStringConvertible {
    /// A string id.
    public init(_ text: String) {
        self.init(value1: text)
    }

    /// A string id written as a literal.
    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The id as written: the string, or the integer's decimal digits.
    public var description: String {
        value1 ?? value2.map(String.init) ?? ""
    }
}
