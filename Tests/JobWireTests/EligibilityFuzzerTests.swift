import Foundation
import JobWire
import SocketIOWire
import Testing

/// ``EligibilityFuzzer`` in process: the built-in agrees with the reference, and an implementation
/// with one bug is found, shrunk and named by the requirement it breaks.
struct EligibilityFuzzerTests {
    @Test func theBuiltinAndTheReferenceAgree() async {
        let summary = await EligibilityFuzzer(seed: 3, count: 2000).run(against: EligibilityFuzzer.reference)
        #expect(summary.passed)
        #expect(summary.cases == 2000)
        for rule in ["ELIG-1", "ELIG-2", "ELIG-3", "ELIG-4", "ELIG-5"] {
            #expect(summary.coverage.failed[rule, default: 0] > 0 && summary.coverage.passed[rule, default: 0] > 0, "\(rule) not exercised both ways")
        }
        #expect(summary.coverage.delayed > 0 && summary.coverage.severalFailed > 0 && summary.coverage.malformed.count > 10)
    }

    /// Wrong implementations: the reference with one bug each, and the requirement it breaks.
    static let mutants: [(name: String, requirement: RequirementID, decide: EligibilityFuzzer.Decide)] = [
        ("strict boundary", "ELIG-4", { input, _ in
            // A distance exactly at maxKms, or inside the tolerance, is out of range.
            var answer = EligibilityReference.answer(input)
            guard case .number(let literal)? = input["profile"]?["maxKms"], let maxKms = Double(literal),
                let distance = answer["distanceKm"]?.doubleValue, distance >= maxKms, case .object(var object) = answer
            else { return .output(answer) }
            let failed = Set((object["failed"]?.arrayValue ?? []).compactMap(\.stringValue)).union(["ELIG-4"])
            object["failed"] = .array(failed.map { RequirementID($0) }.sorted().map { .string($0.rawValue) })
            object["eligible"] = false
            answer = .object(object)
            return .output(answer)
        }),
        ("first failed rule only", "ELIG-11", { input, _ in
            var answer = EligibilityReference.answer(input)
            if case .object(var object) = answer, let failed = object["failed"]?.arrayValue {
                object["failed"] = .array(Array(failed.prefix(1)))
                answer = .object(object)
            }
            return .output(answer)
        }),
        ("ids compared as canonically equivalent strings", "ELIG-2", { input, _ in
            // Precomposing every string makes "café" written two ways one id, against ELIG-2.
            .output(EligibilityReference.answer(EligibilityFuzzerTests.precomposing(input)))
        }),
    ]

    @Test(arguments: 0..<3)
    func aWrongImplementationIsShrunkToAVectorNamingItsBug(mutant index: Int) async throws {
        let mutant = Self.mutants[index]
        let summary = await EligibilityFuzzer(seed: 9, count: 1000).run(against: mutant.decide)
        #expect(!summary.passed, "\(mutant.name) not found")
        let example = try #require(summary.counterexamples.first)
        if mutant.requirement == "ELIG-2" {
            // Canonical equivalence breaks ELIG-2's id comparison wherever ids meet: ELIG-2, 3 or 5.
            #expect(["ELIG-2", "ELIG-3", "ELIG-5"].contains(example.requirement), "\(example.requirement)")
        } else {
            #expect(summary.counterexamples.allSatisfy { $0.requirement == mutant.requirement }, "\(summary.counterexamples.map(\.requirement))")
        }
        #expect(example.input.text.utf8.count < 230, "not shrunk: \(example.input.text)")
        #expect(FuzzShrinker.size(of: example.input) <= FuzzShrinker.size(of: example.original))
        // The vector's expectation is the built-in's answer, which the wrong implementation misses.
        let vector = try JSONParser.parse(example.vectorText(seed: 9))
        #expect(vector["expect"] == example.expected)
        #expect(EligibilitySuite().mismatch(expected: example.expected, observed: example.observed) != nil)
    }

    @Test func aSeedReplaysTheSameCounterexample() async {
        let first = await EligibilityFuzzer(seed: 21, count: 400).run(against: Self.mutants[1].decide)
        let again = await EligibilityFuzzer(seed: 21, count: 400).run(against: Self.mutants[1].decide)
        #expect(first.disagreements == again.disagreements)
        #expect(first.counterexamples.map(\.input) == again.counterexamples.map(\.input))
        #expect(first.counterexamples.map(\.caseIndex) == again.counterexamples.map(\.caseIndex))
    }

    /// `value` with every string in Unicode normalisation form C.
    static func precomposing(_ value: FuzzJSON) -> FuzzJSON {
        switch value {
        case .string(let text), .escapedString(let text): return .string(text.precomposedStringWithCanonicalMapping)
        case .array(let elements): return .array(elements.map(precomposing))
        case .object(let members): return .object(members.map { FuzzJSON.Member($0.key, precomposing($0.value)) })
        default: return value
        }
    }
}
