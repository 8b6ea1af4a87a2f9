import SocketIOWire

/// A 32-bit fingerprint of the payloads a request's state read must repeat (REST-15: its `new`,
/// `apply` and `end`), which its tombstone keeps once the payloads themselves are dropped, so a
/// read long after the request retired is still judged on them. Payloads that
/// ``StateReadJudge/same(_:_:)`` calls the same (members in any order, numbers by value) have the
/// same print; two others share one with a chance of 1 in 2^32. `Hasher` is seeded per process,
/// so prints compare only within one check.
enum PayloadPrint {
    /// The print of the members given; a nil member (one the request never emitted) is left out.
    static func of(_ payloads: [JSONValue?]) -> UInt32 {
        var hasher = Hasher()
        for payload in payloads {
            guard let payload else { continue }
            combine(payload, into: &hasher)
        }
        return UInt32(truncatingIfNeeded: hasher.finalize())
    }

    private static func combine(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let flag):
            hasher.combine(1 as UInt8)
            hasher.combine(flag)
        case .int, .bigInt, .double:
            hasher.combine(2 as UInt8)
            // By value, as isEquivalent compares them: 5, 5.0 and 5e0 are one number (and -0 is 0).
            hasher.combine((value.doubleValue ?? .nan) + 0)
        case .string(let text):
            hasher.combine(3 as UInt8)
            hasher.combine(text)
        case .array(let items):
            hasher.combine(4 as UInt8)
            hasher.combine(items.count)
            for item in items { combine(item, into: &hasher) }
        case .object(let object):
            hasher.combine(5 as UInt8)
            hasher.combine(object.count)
            for member in object.members.sorted(by: { $0.key < $1.key }) {
                hasher.combine(member.key)
                combine(member.value, into: &hasher)
            }
        }
    }
}

/// What a retired request keeps of its payloads for REST-15: their print (``PayloadPrint``) and
/// which of `new`, `apply` and `end` it covers, those the request emitted.
struct RetiredPayloads: Sendable, Hashable {
    var print: UInt32
    var new: Bool
    var apply: Bool
    var end: Bool
}

extension RetiredPayloads {
    /// The payloads of a request's full state.
    init(_ state: RequestState) {
        self.init(
            print: PayloadPrint.of([state.newPayload, state.applyPayload, state.endPayload]),
            new: state.newPayload != nil, apply: state.applyPayload != nil, end: state.endPayload != nil)
    }

    /// Whether a state read's `new`, `apply` and `end` are the payloads printed: each one the
    /// request emitted must be there (a request at rest has all it will have), null counts as missing.
    func matches(_ state: JSONObject) -> Bool {
        // (JSONValue takes `nil` as its null, so "left out" is spelled out.)
        func member(_ key: String, _ covered: Bool) -> JSONValue? { covered ? state[key] ?? .null : JSONValue?.none }
        return PayloadPrint.of([member("new", new), member("apply", apply), member("end", end)]) == print
    }
}
