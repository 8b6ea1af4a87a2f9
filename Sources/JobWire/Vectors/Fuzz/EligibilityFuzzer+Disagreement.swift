import SocketIOWire

/// What two eligibility answers disagree on, and how a disagreement is narrowed to the rule an
/// implementation gets wrong, for ``EligibilityFuzzer``'s shrinking and its vectors' requirement.
extension EligibilityFuzzer {
    /// At most this many counterexamples are shrunk and shown per run.
    public static let maximumCounterexamples = 12

    /// What a disagreement is about, the property a shrink keeps.
    public struct Key: Sendable, Hashable {
        /// ELIG-9 when either side refused the input; else the first rule one side failed and the
        /// other did not; else ELIG-4 for the distance, ELIG-6 for showAt, ELIG-11 for the rest.
        public var requirement: RequirementID
        /// For ELIG-9, which side refused the input.
        public var refusal: String?
    }

    /// The ``Key`` of two answers that differ.
    public static func disagreementKey(expected: JSONValue, observed: JSONValue) -> Key {
        switch (expected["invalid"] != nil, observed["invalid"] != nil) {
        case (true, true): return Key(requirement: "ELIG-9", refusal: "both refused, naming different fields")
        case (true, false): return Key(requirement: "ELIG-9", refusal: "the built-in refused, the other decided")
        case (false, true): return Key(requirement: "ELIG-9", refusal: "the built-in decided, the other refused")
        case (false, false): break
        }
        if let first = differingRules(expected: expected, observed: observed).first { return Key(requirement: first) }
        guard let wantDistance = expected["distanceKm"]?.doubleValue, let gotDistance = observed["distanceKm"]?.doubleValue,
            abs(wantDistance - gotDistance) <= Eligibility.distanceToleranceKm
        else { return Key(requirement: "ELIG-4") }
        return Key(requirement: expected["showAt"] != observed["showAt"] ? "ELIG-6" : "ELIG-11")
    }

    /// True when the answers differ (as the suite compares them) and still on `key`: for a rule,
    /// that one side failed it and the other did not, though other rules may now agree.
    public static func disagree(on key: Key, expected: JSONValue, observed: JSONValue) -> Bool {
        guard EligibilitySuite().mismatch(expected: expected, observed: observed) != nil else { return false }
        if key.refusal == nil, expected["invalid"] == nil, observed["invalid"] == nil,
            differingRules(expected: expected, observed: observed).contains(key.requirement)
        {
            return true
        }
        return disagreementKey(expected: expected, observed: observed) == key
    }

    /// True when `observed` leaves out `rule`, which `expected` failed, while it reports another.
    static func leavesOut(_ rule: RequirementID, expected: JSONValue, observed: JSONValue) -> Bool {
        let got = failedRules(observed)
        return failedRules(expected).contains(rule) && !got.contains(rule) && !got.isEmpty
    }

    /// Geometry made simple in one step, as one-value shrinks cannot do it without leaving
    /// ELIG-4's boundary on the way: every coordinate and maxKms `0`; the job moved onto the worker
    /// with maxKms `0`.
    public static func simplerGeometry(_ input: FuzzJSON) -> [FuzzJSON] {
        guard let profile = input["profile"], let job = input["job"], let lat = profile["lat"], let lng = profile["lng"] else { return [] }
        let zero = FuzzJSON.number("0")
        let atZero = input
            .replacing("profile", with: profile.replacing("lat", with: zero).replacing("lng", with: zero).replacing("maxKms", with: zero))
            .replacing("job", with: job.replacing("lat", with: zero).replacing("lng", with: zero))
        let together = input
            .replacing("profile", with: profile.replacing("maxKms", with: zero))
            .replacing("job", with: job.replacing("lat", with: lat).replacing("lng", with: lng))
        return [atZero, together]
    }

    /// `input` with every rule the built-in failed besides `rule` (and `kept`) made to pass
    /// (ELIG-1 active, ELIG-2 open to all, ELIG-3 the job's category listed, ELIG-4 maxKms beyond
    /// πR, ELIG-5 no BlockedXP), or nil when `rule` is no decision rule or no other rule failed.
    public static func isolating(_ rule: RequirementID, keeping kept: RequirementID? = nil, in input: FuzzJSON) -> FuzzJSON? {
        let others = failedRules(builtinAnswer(input)).filter { $0 != rule && $0 != kept }
        guard ["ELIG-1", "ELIG-2", "ELIG-3", "ELIG-4", "ELIG-5"].contains(rule), !others.isEmpty,
            var profile = input["profile"], var job = input["job"]
        else { return nil }
        for other in others {
            switch other.rawValue {
            case "ELIG-1": profile = profile.replacing("expertActive", with: .bool(true))
            case "ELIG-2": job = job.replacing("exclusive", with: .string("0"))
            case "ELIG-3": profile = profile.replacing("categories", with: .array([job["CatID"] ?? .null]))
            case "ELIG-4": profile = profile.replacing("maxKms", with: .number("20100"))
            default: job = job.replacing("BlockedXP", with: nil)
            }
        }
        return input.replacing("profile", with: profile).replacing("job", with: job)
    }

    static func failedRules(_ answer: JSONValue) -> [RequirementID] {
        (answer["failed"]?.arrayValue ?? []).compactMap(\.stringValue).map { RequirementID($0) }
    }

    /// The rules exactly one of the two answers failed, in rule order.
    private static func differingRules(expected: JSONValue, observed: JSONValue) -> [RequirementID] {
        Set(failedRules(expected)).symmetricDifference(failedRules(observed)).sorted()
    }
}
