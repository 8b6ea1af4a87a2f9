/// Why a byte sequence is not one JSON value, and where it stops being one.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The zero-based byte offset of the first offending byte.
    public var offset: Int
    /// What was wrong there, e.g. "expected ':' after an object key".
    public var reason: String

    /// Creates an error at a byte offset.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// A readable one-line description with the 1-based byte position.
    public var description: String { "invalid JSON at byte \(offset + 1): \(reason)" }
}
