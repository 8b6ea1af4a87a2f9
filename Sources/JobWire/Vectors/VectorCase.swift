import SocketIOWire

/// One language-neutral test vector: an input for a suite's function and what it must answer.
public struct VectorCase: Sendable, Identifiable {
    /// Stable id, e.g. `distance.exactly-at-maxkms`; known-failure lists and reports use it.
    public var id: String
    /// One short sentence a reader understands.
    public var description: String
    /// The requirement the vector exercises, the first of ``requirements``.
    public var requirement: RequirementID
    /// Every requirement the vector names, ``requirement`` first: a malformed-input vector names
    /// ELIG-9 and the rule its field feeds, and a failure is reported under each.
    public var requirements: [RequirementID]
    /// The suite-specific input, parsed: what the built-in implementation decides from.
    public var input: JSONValue
    /// The same input as written in the vector file (on one line): what an adapter receives,
    /// byte for byte, so that `9.0`, `1e1` and integers beyond 64 bits reach it as written.
    public var inputText: String
    /// The suite-specific expectation the answer is compared with.
    public var expect: JSONValue
    /// Where the vector was read from, for error messages and reports.
    public var file: String
    public var line: Int

    /// A vector of `requirement`, or of `requirements` when it names several (`requirement` first);
    /// `inputText` defaults to the compact text of `input`, for vectors built in code.
    public init(
        id: String, description: String, requirement: RequirementID, requirements: [RequirementID] = [], input: JSONValue,
        inputText: String? = nil, expect: JSONValue, file: String, line: Int
    ) {
        self.id = id
        self.description = description
        self.requirement = requirement
        self.requirements = requirements.isEmpty ? [requirement] : requirements
        self.input = input
        self.inputText = inputText ?? input.compactText
        self.expect = expect
        self.file = file
        self.line = line
    }
}
