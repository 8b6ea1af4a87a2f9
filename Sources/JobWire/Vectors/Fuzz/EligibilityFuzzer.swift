import SocketIOWire

/// Generated eligibility cases, each decided by the built-in implementation and by another, with
/// every disagreement shrunk to a minimal input (`jobwire vectors fuzz`).
///
/// The other implementation is an adapter (through the runner, with the generated text as its
/// input) or ``EligibilityReference``. Answers are compared exactly as the eligibility suite
/// compares an answer with a vector's expectation (``EligibilitySuite/mismatch(expected:observed:)``),
/// the built-in's answer standing for the expectation. The run is repeatable: case `i` of seed
/// `S` is the same input on every machine, so `--seed S --count i+1` replays it.
public struct EligibilityFuzzer: Sendable {
    /// The other implementation: the generated input (its tree and its exact text) in, an answer out.
    public typealias Decide = @Sendable (FuzzJSON, String) async -> TesteeAnswer

    /// The seed of the run.
    public var seed: UInt64
    /// How many cases to generate.
    public var count: Int
    /// How many variants the shrinker may try per disagreement.
    public var maximumShrinkTries: Int

    /// A run of `count` cases from `seed`.
    public init(seed: UInt64, count: Int, maximumShrinkTries: Int = 2000) {
        self.seed = seed
        self.count = count
        self.maximumShrinkTries = maximumShrinkTries
    }

    /// Runs every case through the built-in and `other`; the first disagreement of each ``Key``
    /// is shrunk, later ones are counted. An answer that is no output ends the run.
    public func run(against other: Decide) async -> EligibilityFuzzSummary {
        let suite = EligibilitySuite()
        var summary = EligibilityFuzzSummary(seed: seed)
        var seeds = SplitMix64(seed: seed)
        for index in 0..<count {
            let focus = EligibilityFuzzFocus.allCases[index % EligibilityFuzzFocus.allCases.count]
            var generator = EligibilityFuzzGenerator(seed: seeds.next())
            let input = generator.input(focus: focus)
            let text = input.text
            let expected = Self.builtinAnswer(text: text)
            summary.coverage.record(expected, for: input)
            summary.cases += 1
            let observed = await other(input, text)
            guard case .output(let output) = observed else {
                summary.stopped = EligibilityFuzzSummary.Stop(caseIndex: index, input: input, answer: observed)
                break
            }
            guard let mismatch = suite.mismatch(expected: expected, observed: output) else { continue }
            summary.disagreements += 1
            let key = Self.disagreementKey(expected: expected, observed: output)
            guard summary.shrunkKeys.insert(key).inserted, summary.counterexamples.count < Self.maximumCounterexamples else { continue }
            let example = await counterexample(of: input, index: index, focus: focus, key: key, observed: output, mismatch: mismatch, other: other)
            // One vector per requirement (and kind of refusal) is enough; the rest are counted.
            if !summary.counterexamples.contains(where: { $0.requirement == example.requirement && $0.key.refusal == key.refusal }) {
                summary.counterexamples.append(example)
            }
        }
        return summary
    }

    /// The disagreement of case `index` on `key`, shrunk, with the requirement its vector names.
    private func counterexample(
        of input: FuzzJSON, index: Int, focus: EligibilityFuzzFocus, key: Key, observed output: JSONValue, mismatch: VectorMismatch, other: Decide
    ) async -> EligibilityCounterexample {
        let suite = EligibilitySuite()
        let (shrunk, tries) = await FuzzShrinker.shrink(input, maximumTries: maximumShrinkTries, leaps: Self.simplerGeometry) { candidate in
            guard case .output(let answer) = await other(candidate, candidate.text) else { return false }
            return Self.disagree(on: key, expected: Self.builtinAnswer(candidate), observed: answer)
        }
        var (example, requirement) = (shrunk, key.requirement)
        if let isolated = Self.isolating(key.requirement, in: shrunk) {
            // Another rule failed too: does the other implementation get this rule wrong alone
            // as well, or only beside another failure, as one that stops at the first (ELIG-11)?
            if case .output(let answer) = await other(isolated, isolated.text), Self.disagree(on: key, expected: Self.builtinAnswer(isolated), observed: answer) {
                example = isolated
            } else if case .output(let answer) = await other(shrunk, shrunk.text), Self.leavesOut(key.requirement, expected: Self.builtinAnswer(shrunk), observed: answer) {
                requirement = "ELIG-11"
                // The smallest such vector: the rule it reported and the one it left out, no third.
                if let reported = Self.failedRules(answer).first, let pair = Self.isolating(key.requirement, keeping: reported, in: shrunk),
                    case .output(let pairAnswer) = await other(pair, pair.text), Self.leavesOut(key.requirement, expected: Self.builtinAnswer(pair), observed: pairAnswer)
                {
                    example = pair
                }
            }
        }
        var observedAnswer = output
        if case .output(let answer) = await other(example, example.text) { observedAnswer = answer }
        let expectedAnswer = Self.builtinAnswer(example)
        return EligibilityCounterexample(
            caseIndex: index, focus: focus, key: key, requirement: requirement,
            original: input, input: example, expected: expectedAnswer, observed: observedAnswer,
            mismatch: suite.mismatch(expected: expectedAnswer, observed: observedAnswer) ?? mismatch, shrinkTries: tries)
    }

    /// The built-in's answer for the generated text, read as an adapter's input would be.
    public static func builtinAnswer(_ input: FuzzJSON) -> JSONValue { builtinAnswer(text: input.text) }

    /// The built-in's answer for an input's text.
    static func builtinAnswer(text: String) -> JSONValue {
        do {
            return EligibilitySuite().builtinOutput(for: try JSONParser.parse(text))
        } catch {
            return ["invalid": ["field": "input", "message": .string("not JSON: \(error.reason)")]]
        }
    }

    /// The built-in compared with ``EligibilityReference``: the check when no adapter is given.
    public static let reference: Decide = { input, _ in .output(EligibilityReference.answer(input)) }
}
