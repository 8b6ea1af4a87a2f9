import SocketIOWire

/// What a run of ``EligibilityFuzzer`` found: how many cases, which rules they exercised, and a
/// shrunk counterexample per requirement on which the implementations disagreed.
public struct EligibilityFuzzSummary: Sendable {
    /// The seed of the run.
    public var seed: UInt64
    /// How many cases were decided by both implementations.
    public var cases = 0
    /// How many of them the two decided differently.
    public var disagreements = 0
    /// The first disagreement on each requirement (and pair of refused fields), shrunk.
    public var counterexamples: [EligibilityCounterexample] = []
    /// The disagreements already shrunk, so each is shrunk once.
    var shrunkKeys: Set<EligibilityFuzzer.Key> = []
    /// The rules the built-in's answers exercised.
    public var coverage = EligibilityFuzzCoverage()
    /// Set when the other implementation gave no output (an error or a skip) and the run ended.
    public var stopped: Stop?

    /// The case on which the other implementation gave no output.
    public struct Stop: Sendable {
        /// Its index in the run.
        public var caseIndex: Int
        /// Its input.
        public var input: FuzzJSON
        /// What the implementation answered instead of an output.
        public var answer: TesteeAnswer
    }

    /// The counterexamples as a vector file of feature `fuzz`, to review and add to Vectors/eligibility/.
    public var vectorFileText: String {
        let file = FuzzJSON.object([
            .init("suite", .string("eligibility")),
            .init("feature", .string("fuzz")),
            .init("description", .string("disagreements found by jobwire vectors fuzz --seed \(seed), shrunk")),
            .init("cases", .array(counterexamples.map { $0.vector(seed: seed) })),
        ])
        return file.prettyText + "\n"
    }

    /// True when every case was decided alike.
    public var passed: Bool { disagreements == 0 && stopped == nil }
}

/// How many generated cases exercised each rule, read from the built-in's answers.
public struct EligibilityFuzzCoverage: Sendable {
    /// Per rule ELIG-1 ... ELIG-5: decisions that failed it.
    public var failed: [String: Int] = [:]
    /// Per rule ELIG-1 ... ELIG-5: decisions that passed it.
    public var passed: [String: Int] = [:]
    /// Decisions whose showAt is later than their receipt (ELIG-6).
    public var delayed = 0
    /// Decisions with two or more failed rules, all of which must be reported (ELIG-11).
    public var severalFailed = 0
    /// Refusals per field named (ELIG-9).
    public var malformed: [String: Int] = [:]

    /// Counts the built-in's answer for `input`.
    mutating func record(_ answer: JSONValue, for input: FuzzJSON) {
        if let field = answer["invalid"]?["field"]?.stringValue {
            malformed[field, default: 0] += 1
            return
        }
        let failedRules = (answer["failed"]?.arrayValue ?? []).compactMap(\.stringValue)
        for rule in ["ELIG-1", "ELIG-2", "ELIG-3", "ELIG-4", "ELIG-5"] {
            if failedRules.contains(rule) { failed[rule, default: 0] += 1 } else { passed[rule, default: 0] += 1 }
        }
        if failedRules.count >= 2 { severalFailed += 1 }
        if case .number(let delay)? = input["job"]?["Delay"], let seconds = Double(delay), seconds > 0 { delayed += 1 }
    }

    /// One line per rule, for the summary.
    public var lines: [String] {
        var lines = ["ELIG-1", "ELIG-2", "ELIG-3", "ELIG-4", "ELIG-5"].map { rule in
            "\(rule)  failed \(failed[rule, default: 0]), passed \(passed[rule, default: 0])"
        }
        lines.append("ELIG-6  shown after a Delay \(delayed)")
        lines.append("ELIG-9  malformed \(malformed.values.reduce(0, +)), naming \(malformed.count) different fields")
        lines.append("ELIG-11 two or more rules failed \(severalFailed)")
        return lines
    }
}

/// One shrunk disagreement, ready to be committed as a vector.
public struct EligibilityCounterexample: Sendable {
    /// The index of the case that first showed it.
    public var caseIndex: Int
    /// The boundary that case was generated around.
    public var focus: EligibilityFuzzFocus
    /// What the disagreement is about, kept while shrinking (``EligibilityFuzzer/disagreementKey(expected:observed:)``).
    public var key: EligibilityFuzzer.Key
    /// The requirement the vector names (``EligibilityFuzzer/requirement(expected:observed:)``).
    public var requirement: RequirementID
    /// The generated input before shrinking.
    public var original: FuzzJSON
    /// The shrunk input.
    public var input: FuzzJSON
    /// The built-in's answer for the shrunk input.
    public var expected: JSONValue
    /// The other implementation's answer for it.
    public var observed: JSONValue
    /// How the two differ.
    public var mismatch: VectorMismatch
    /// How many variants the shrinker tried.
    public var shrinkTries: Int

    /// The case in the vector files' form (Vectors/schemas/eligibility-vectors.schema.json): an
    /// id, a description, the requirement (ELIG-9 with the field's rule for a refused input), the
    /// input as generated and the built-in's answer.
    public func vectorText(seed: UInt64) -> String { vector(seed: seed).prettyText }

    /// The case as a JSON value of ``vectorText(seed:)``'s form.
    func vector(seed: UInt64) -> FuzzJSON {
        var expect = FuzzJSON(expected)
        var requirements = FuzzJSON.string(requirement.rawValue)
        if let field = expected["invalid"]?["field"], let rule = expected["invalid"]?["requirement"] {
            // The message is free text for humans; a vector expects the field and its requirement.
            expect = .object([.init("invalid", .object([.init("field", FuzzJSON(field)), .init("requirement", FuzzJSON(rule))]))])
            // A malformed input breaks ELIG-9 and also the rule its field feeds, as the vectors name them.
            if requirement == "ELIG-9", let ruleText = rule.stringValue, ruleText != "ELIG-9" {
                requirements = .array([.string("ELIG-9"), .string(ruleText)])
            }
        }
        let vector = FuzzJSON.object([
            .init("id", .string("fuzz.\(requirement.rawValue.lowercased())-seed-\(seed)-case-\(caseIndex)")),
            .init("description", .string("found by jobwire vectors fuzz --seed \(seed) (case \(caseIndex)): \(key.refusal ?? "\(requirement.rawValue) decided differently")")),
            .init("requirement", requirements),
            .init("input", input),
            .init("expect", expect),
        ])
        return vector
    }
}
