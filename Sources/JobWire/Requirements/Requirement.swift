/// One numbered requirement of Docs/PROTOCOL.md, as `Vectors/requirements.json` mirrors it.
public struct Requirement: Sendable, Hashable {
    /// The id, e.g. `ELIG-4`.
    public var id: RequirementID
    /// `MUST` or `SHOULD`.
    public var level: String
    /// The roles it binds: `client app`, `worker app`, `backend`.
    public var roles: [String]
    /// The one testable sentence.
    public var sentence: String
    /// The seed sentence it comes from, and the seed's number.
    public var quote: String
    public var seed: String

    public init(id: RequirementID, level: String, roles: [String], sentence: String, quote: String, seed: String) {
        self.id = id
        self.level = level
        self.roles = roles
        self.sentence = sentence
        self.quote = quote
        self.seed = seed
    }
}
