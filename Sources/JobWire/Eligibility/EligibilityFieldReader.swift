import SocketIOWire

/// Reads typed fields out of one JSON object for the eligibility inputs: a ``JSONFieldReader``
/// whose every absence or type mismatch is an ``EligibilityInputError`` naming the field's path
/// and the requirement it feeds (ELIG-9: malformed input is rejected, never guessed).
typealias EligibilityFieldReader = JSONFieldReader<EligibilityFieldContext>

/// The requirement a read feeds, which an ``EligibilityInputError`` names beside the field.
struct EligibilityFieldContext: JSONFieldContext {
    let requirement: RequirementID

    func failure(at path: JSONFieldPath, _ message: String) -> EligibilityInputError {
        EligibilityInputError(field: path.description, requirement: requirement, message: message)
    }
}

extension JSONFieldReader where Context == EligibilityFieldContext {
    /// Checks that `value` is an object and wraps it, or reports `path` as malformed (ELIG-9).
    init(_ value: JSONValue?, path: String) throws(EligibilityInputError) {
        try self.init(value, at: JSONFieldPath(path), in: EligibilityFieldContext(requirement: "ELIG-9"))
    }

    /// A reader of the input object itself, whose members are named without a prefix (`receivedAt`).
    init(input: JSONObject, citing requirement: RequirementID) {
        self.init(input, in: EligibilityFieldContext(requirement: requirement))
    }

    /// This reader with its refusals naming `requirement`, the one the next fields feed.
    func citing(_ requirement: RequirementID) -> EligibilityFieldReader {
        JSONFieldReader(object, at: path, in: EligibilityFieldContext(requirement: requirement), null: null)
    }
}
