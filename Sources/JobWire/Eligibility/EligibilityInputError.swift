/// Why an eligibility input was refused: the field at fault, the requirement it feeds,
/// and what was wrong (ELIG-9: malformed input is rejected, never guessed).
public struct EligibilityInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the offending field, e.g. `job.exclusive` or `profile.categories[2]`.
    public var field: String
    /// The requirement whose input is malformed (ELIG-1 ... ELIG-6, or ELIG-9 for the envelope).
    public var requirement: RequirementID
    /// A sentence saying what was expected and what was found.
    public var message: String

    public init(field: String, requirement: RequirementID, message: String) {
        self.field = field
        self.requirement = requirement
        self.message = message
    }

    public var description: String { "\(field): \(message) (\(requirement))" }
}
