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
    /// Why nothing in the kit can judge it, when PROTOCOL.md says `Judge: none.`; nil otherwise.
    public var judgeNone: String?

    public init(id: RequirementID, level: String, roles: [String], sentence: String, quote: String, seed: String, judgeNone: String? = nil) {
        self.id = id
        self.level = level
        self.roles = roles
        self.sentence = sentence
        self.quote = quote
        self.seed = seed
        self.judgeNone = judgeNone
    }

    /// True for a MUST requirement, false for a SHOULD.
    public var isMust: Bool { level == "MUST" }
}
