/// The id of one numbered requirement of Docs/PROTOCOL.md, such as `ELIG-4` or `FLOW-2`.
///
/// Rules, vectors and report lines carry these ids so a reader can go from a red line
/// to the sentence of the spec and back to the code that checks it.
public struct RequirementID: Sendable, Hashable, Comparable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The id as written in PROTOCOL.md, e.g. `ELIG-4`.
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The area prefix, e.g. `ELIG` for `ELIG-4`.
    public var area: String {
        guard let dash = rawValue.lastIndex(of: "-") else { return rawValue }
        return String(rawValue[..<dash])
    }

    /// The number after the area, e.g. 4 for `ELIG-4`; nil when the id has none.
    public var number: Int? {
        guard let dash = rawValue.lastIndex(of: "-") else { return nil }
        return Int(rawValue[rawValue.index(after: dash)...])
    }

    /// Orders by area, then numerically (ELIG-2 before ELIG-10).
    public static func < (lhs: RequirementID, rhs: RequirementID) -> Bool {
        if lhs.area != rhs.area { return lhs.area < rhs.area }
        return (lhs.number ?? 0, lhs.rawValue) < (rhs.number ?? 0, rhs.rawValue)
    }

    public var description: String { rawValue }
}
