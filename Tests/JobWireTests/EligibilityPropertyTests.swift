import Foundation
import JobWire
import PropertyBased
import SocketIOWire
import Testing

/// Property tests of the eligibility decision (ELIG-1 ... ELIG-11) and of the fuzzer's shrinker,
/// with the generators of `jobwire vectors fuzz` and swift-property-based's shrinking.
@Suite(.shrinking)
struct EligibilityPropertyTests {
    /// Generated inputs of every focus, shrunk with ``FuzzShrinker`` when a property fails.
    static let inputs = Generator<FuzzJSON, [FuzzJSON]>(
        run: { random in
            var generator = EligibilityFuzzGenerator(seed: random.next())
            let focus = EligibilityFuzzFocus.allCases[Int(random.next() % UInt64(EligibilityFuzzFocus.allCases.count))]
            return generator.input(focus: focus)
        },
        shrink: { FuzzShrinker.candidates(of: $0) }
    )

    /// Well-formed inputs: decided, not refused.
    static let decidedInputs = inputs.filter { EligibilityFuzzer.builtinAnswer($0)["invalid"] == nil }

    @Test func failedRulesComeInRuleOrderWithoutDuplicatesAndEligibleMeansNoneFailed() async {
        await propertyCheck(count: 300, input: Self.decidedInputs) { input in
            let answer = EligibilityFuzzer.builtinAnswer(input)
            let failed = (answer["failed"]?.arrayValue ?? []).compactMap(\.stringValue)
            #expect(failed == failed.map { RequirementID($0) }.sorted().map(\.rawValue))
            #expect(Set(failed).count == failed.count)
            #expect(answer["eligible"]?.boolValue == failed.isEmpty)
        }
    }

    @Test func theBuiltinDecidesAsTheReferenceDoes() async {
        await propertyCheck(count: 500, input: Self.inputs) { input in
            let builtin = EligibilityFuzzer.builtinAnswer(input)
            let reference = EligibilityReference.answer(input)
            #expect(EligibilitySuite().mismatch(expected: builtin, observed: reference) == nil, "\(input.text)")
        }
    }

    /// Member order carries no meaning, and the field an error names is the first in ELIG-9's
    /// order, not in the document's: reversing every object's members changes no answer.
    @Test func theAnswerDoesNotDependOnMemberOrder() async {
        await propertyCheck(count: 300, input: Self.inputs) { input in
            #expect(EligibilityFuzzer.builtinAnswer(input) == EligibilityFuzzer.builtinAnswer(Self.reversingMembers(input)), "\(input.text)")
        }
    }

    @Test func theDistanceIsSymmetricAndAtMostHalfTheCircumference() async {
        let coordinates = zip(Gen.double(in: -90...90), Gen.double(in: -180...180), Gen.double(in: -90...90), Gen.double(in: -180...180))
        await propertyCheck(count: 300, input: coordinates) { lat1, lng1, lat2, lng2 in
            let there = GeoPoint(lat: lat1, lng: lng1).haversineKm(to: GeoPoint(lat: lat2, lng: lng2))
            let back = GeoPoint(lat: lat2, lng: lng2).haversineKm(to: GeoPoint(lat: lat1, lng: lng1))
            #expect(abs(there - back) <= 1e-9)
            #expect(there >= 0 && there <= GeoPoint.earthRadiusKm * .pi + Eligibility.distanceToleranceKm)
        }
    }

    @Test func movingTheJobTowardTheWorkerNeverAddsELIG4() async {
        await propertyCheck(count: 300, input: Self.decidedInputs, Gen.double(in: 0...1)) { input, fraction in
            guard let moved = Self.movingJob(of: input, toward: fraction) else { return }
            let before = (EligibilityFuzzer.builtinAnswer(input)["failed"]?.arrayValue ?? []).contains("ELIG-4")
            let after = (EligibilityFuzzer.builtinAnswer(moved)["failed"]?.arrayValue ?? []).contains("ELIG-4")
            #expect(!after || before, "\(moved.text)")
        }
    }

    @Test func anIntegerIdEqualsItsDigitsButNotZeroPaddedDigits() async {
        let digits = zip(Gen.int(in: 1...9), Gen.number.string(of: 0...30)).map { "\($0)\($1)" }
        await propertyCheck(count: 200, input: digits) { digits in
            #expect(Self.categoryFails(catID: .number(digits), categories: [.string(digits)]) == false)
            #expect(Self.categoryFails(catID: .string(digits), categories: [.number(digits)]) == false)
            #expect(Self.categoryFails(catID: .number(digits), categories: [.string("0" + digits)]) == true)
        }
    }

    @Test func aShrunkInputStillDisagreesAndIsNoLarger() async {
        // A wrong implementation: the reference that reports only the first failed rule.
        let firstOnly: @Sendable (FuzzJSON) -> JSONValue = { input in
            var answer = EligibilityReference.answer(input)
            if case .object(var object) = answer, let failed = object["failed"]?.arrayValue {
                object["failed"] = .array(Array(failed.prefix(1)))
                answer = .object(object)
            }
            return answer
        }
        let disagreeing = Self.inputs.filter { EligibilitySuite().mismatch(expected: EligibilityFuzzer.builtinAnswer($0), observed: firstOnly($0)) != nil }
        await propertyCheck(count: 20, input: disagreeing) { input in
            let key = EligibilityFuzzer.disagreementKey(expected: EligibilityFuzzer.builtinAnswer(input), observed: firstOnly(input))
            let keeps: (FuzzJSON) -> Bool = { candidate in
                EligibilityFuzzer.disagree(on: key, expected: EligibilityFuzzer.builtinAnswer(candidate), observed: firstOnly(candidate))
            }
            let (shrunk, _) = await FuzzShrinker.shrink(input, maximumTries: 500, keeps: keeps)
            #expect(keeps(shrunk))
            #expect(shrunk == input || FuzzShrinker.isSmaller(shrunk, than: input))
            #expect(FuzzShrinker.candidates(of: shrunk).allSatisfy { FuzzShrinker.isSmaller($0, than: shrunk) })
        }
    }

    // MARK: Helpers

    /// Whether ELIG-3 fails for a well-formed input with these ids.
    static func categoryFails(catID: FuzzJSON, categories: [FuzzJSON]) -> Bool? {
        let input = FuzzJSON.object([
            .init("profile", .object([
                .init("userID", .string("w")), .init("expertActive", .bool(true)), .init("categories", .array(categories)),
                .init("maxKms", .number("1")), .init("lat", .number("0")), .init("lng", .number("0")),
            ])),
            .init("job", .object([
                .init("ReqID", .string("R")), .init("CatID", catID), .init("exclusive", .string("0")),
                .init("lat", .number("0")), .init("lng", .number("0")),
            ])),
            .init("receivedAt", .number("0")),
        ])
        return EligibilityFuzzer.builtinAnswer(input)["failed"]?.arrayValue.map { $0.contains("ELIG-3") }
    }

    /// `input` with the job moved `fraction` of the way along the great circle toward the worker;
    /// nil at the antipode, where that way is not defined.
    static func movingJob(of input: FuzzJSON, toward fraction: Double) -> FuzzJSON? {
        guard let profile = input["profile"], let job = input["job"],
            let workerLat = coordinate(profile["lat"]), let workerLng = coordinate(profile["lng"]),
            let jobLat = coordinate(job["lat"]), let jobLng = coordinate(job["lng"])
        else { return nil }
        let worker = unitVector(workerLat, workerLng), site = unitVector(jobLat, jobLng)
        let mixed = (0..<3).map { site[$0] * (1 - fraction) + worker[$0] * fraction }
        let norm = (mixed[0] * mixed[0] + mixed[1] * mixed[1] + mixed[2] * mixed[2]).squareRoot()
        guard norm > 1e-6 else { return nil }
        // atan2, not asin: asin loses the latitude's digits near the poles.
        let lat = atan2(mixed[2], (mixed[0] * mixed[0] + mixed[1] * mixed[1]).squareRoot()) * 180 / .pi
        let lng = atan2(mixed[1], mixed[0]) * 180 / .pi
        let movedJob = job.replacing("lat", with: .double(lat)).replacing("lng", with: .double(lng))
        return input.replacing("job", with: movedJob)
    }

    /// `value` with the members of every object in reverse order.
    static func reversingMembers(_ value: FuzzJSON) -> FuzzJSON {
        switch value {
        case .object(let members): return .object(members.reversed().map { FuzzJSON.Member($0.key, reversingMembers($0.value)) })
        case .array(let elements): return .array(elements.map(reversingMembers))
        default: return value
        }
    }

    private static func coordinate(_ value: FuzzJSON?) -> Double? {
        if case .number(let literal)? = value { return Double(literal) }
        return nil
    }

    private static func unitVector(_ lat: Double, _ lng: Double) -> [Double] {
        let phi = lat * .pi / 180, lambda = lng * .pi / 180
        return [cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi)]
    }
}
