import SocketIOWire

/// The `eligibility` vectors: `{profile, job, receivedAt}` in, a decision or a refusal out (ELIG-1 ... ELIG-9).
///
/// Outputs are `{"eligible","failed","distanceKm","showAt"}` or `{"invalid":{"field","message"}}`;
/// `failed` compares as a list, in rule order as ELIG-11 says, `distanceKm` within
/// ``Eligibility/distanceToleranceKm``.
public struct EligibilitySuite: VectorSuite {
    public init() {}

    public var name: String { "eligibility" }

    public func builtinOutput(for input: JSONValue) -> JSONValue {
        switch Eligibility.decide(input: input) {
        case .success(let decision): return Self.json(decision)
        case .failure(let error):
            return ["invalid": ["field": .string(error.field), "requirement": .string(error.requirement.rawValue), "message": .string(error.message)]]
        }
    }

    /// The wire form of a decision.
    public static func json(_ decision: EligibilityDecision) -> JSONValue {
        [
            "eligible": .bool(decision.eligible),
            "failed": .array(decision.failed.map { .string($0.rawValue) }),
            "distanceKm": .double(decision.distanceKm),
            "showAt": .int(decision.showAt),
        ]
    }

    public func problem(inExpectation expect: JSONValue) -> (path: [String], message: String)? {
        switch Answer(expect) {
        case .invalid(let field): return field == nil ? (["invalid", "field"], "expected the field name an implementation must reject") : nil
        case .decision(let decision):
            if decision.eligible == nil { return (["eligible"], "expected true or false") }
            if decision.failed == nil { return (["failed"], "expected an array of requirement ids") }
            if decision.distanceKm == nil { return (["distanceKm"], "expected a number") }
            if decision.showAt == nil { return (["showAt"], "expected an integer") }
            if decision.eligible != decision.failed?.isEmpty { return (["eligible"], "must be true exactly when failed is empty") }
            if let failed = decision.failed?.map({ RequirementID($0) }), failed != failed.sorted() {
                return (["failed"], "must list the failed rules in rule order (ELIG-11)")
            }
            return nil
        case .unrecognised: return ([], "expected {\"eligible\",\"failed\",\"distanceKm\",\"showAt\"} or {\"invalid\":{\"field\"}}")
        }
    }

    public func mismatch(expected: JSONValue, observed: JSONValue) -> VectorMismatch? {
        let want = Answer(expected)
        let got = Answer(observed)
        switch (want, got) {
        case (.invalid(let wantField), .invalid(let gotField)):
            return wantField == gotField ? nil : VectorMismatch(expected: want.summary, observed: got.summary)
        case (.decision(let wantDecision), .decision(let gotDecision)):
            guard let gotEligible = gotDecision.eligible, let gotFailed = gotDecision.failed,
                let gotDistance = gotDecision.distanceKm, let gotShowAt = gotDecision.showAt
            else {
                return VectorMismatch(expected: want.summary, observed: "an incomplete decision: \(observed.compactText)")
            }
            var differences: [String] = []
            if gotEligible != wantDecision.eligible { differences.append("eligible") }
            if gotFailed != wantDecision.failed ?? [] {
                // ELIG-11: every failed rule, in rule order; the right ids in another order is a difference too.
                differences.append(Set(gotFailed) == Set(wantDecision.failed ?? []) ? "failed (the same rules, not in rule order)" : "failed")
            }
            let distanceError = abs(gotDistance - (wantDecision.distanceKm ?? .nan))
            if !(distanceError <= Eligibility.distanceToleranceKm) {
                differences.append("distanceKm (off by \(distanceError) km, tolerance \(Eligibility.distanceToleranceKm))")
            }
            if gotShowAt != wantDecision.showAt { differences.append("showAt") }
            guard !differences.isEmpty else { return nil }
            return VectorMismatch(expected: want.summary, observed: got.summary + " — differs in " + differences.joined(separator: ", "))
        default:
            return VectorMismatch(expected: want.summary, observed: got.summary)
        }
    }

    /// An eligibility answer read leniently, so a bad output can still be described.
    private enum Answer {
        struct Decision {
            var eligible: Bool?
            var failed: [String]?
            var distanceKm: Double?
            var showAt: Int64?
        }
        case decision(Decision)
        case invalid(field: String?)
        case unrecognised(JSONValue)

        init(_ value: JSONValue) {
            if let invalid = value["invalid"] {
                self = .invalid(field: invalid["field"]?.stringValue)
            } else if let object = value.objectValue, object["eligible"] != nil || object["failed"] != nil {
                var failed: [String]? = nil
                if let array = object["failed"]?.arrayValue {
                    let names = array.compactMap(\.stringValue)
                    failed = names.count == array.count ? names : nil
                }
                var showAt: Int64? = nil
                if case .int(let integer)? = object["showAt"] { showAt = integer }
                self = .decision(Decision(eligible: object["eligible"]?.boolValue, failed: failed, distanceKm: object["distanceKm"]?.doubleValue, showAt: showAt))
            } else {
                self = .unrecognised(value)
            }
        }

        var summary: String {
            switch self {
            case .invalid(let field): return "input rejected, field \(field ?? "(none named)")"
            case .decision(let decision):
                let verdict = decision.eligible.map { $0 ? "eligible" : "not eligible" } ?? "eligible?"
                let failed = decision.failed.map { "[" + $0.joined(separator: ", ") + "]" } ?? "?"
                let distance = decision.distanceKm.map { "\($0)" } ?? "?"
                let showAt = decision.showAt.map { "\($0)" } ?? "?"
                return "\(verdict), failed \(failed), distanceKm \(distance), showAt \(showAt)"
            case .unrecognised(let value): return "not an eligibility answer: \(value.compactText)"
            }
        }
    }
}
