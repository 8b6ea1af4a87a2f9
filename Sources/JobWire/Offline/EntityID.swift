/// The id of an entity the app lists, creates and edits: the backend's id, or a temporary one
/// the app made up until the create's response arrives (OFFL-3, OFFL-6).
public struct EntityID: Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The id as written, e.g. `c-7` or `tmp-2`.
    public let rawValue: String

    /// Wraps an id as written.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Wraps an id written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Every temporary id starts with this, and no backend id does (OFFL-3's decision).
    public static let temporaryPrefix = "tmp-"

    /// The temporary id of the `number`th entity the app created: `tmp-1`, `tmp-2` ... (OFFL-3).
    public static func temporary(_ number: Int) -> EntityID {
        EntityID("\(temporaryPrefix)\(number)")
    }

    /// True for an id the app made up, whose entity exists only locally until its create is answered.
    public var isTemporary: Bool { rawValue.hasPrefix(Self.temporaryPrefix) }

    /// Orders by the text of the id, so state is written in a stable order.
    public static func < (lhs: EntityID, rhs: EntityID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The id as written.
    public var description: String { rawValue }
}
