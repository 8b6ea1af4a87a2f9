extension JSONValue {
    /// True when both values are the same JSON as JavaScript sees it: numbers compare by value
    /// (`1` and `1.0` are equal, as are `0` and `-0`), everything else structurally, keys in order.
    ///
    /// `==` tells `.int(1)` from `.double(1)`; a decoder round trip (`1.0` is re-encoded as `1`)
    /// only preserves this weaker equality.
    public func isEquivalent(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.int(let left), .int(let right)): return left == right
        case (.int, .double), (.double, .int), (.double, .double), (.bigInt, .int), (.bigInt, .bigInt), (.bigInt, .double),
            (.int, .bigInt), (.double, .bigInt):
            guard let left = doubleValue, let right = other.doubleValue else { return false }
            return left == right
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return false }
            return zip(left, right).allSatisfy { $0.isEquivalent(to: $1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            return zip(left.members, right.members).allSatisfy { $0.key == $1.key && $0.value.isEquivalent(to: $1.value) }
        default:
            return self == other
        }
    }
}

extension Optional where Wrapped == JSONValue {
    /// ``JSONValue/isEquivalent(to:)`` for optional payloads: two nils are equivalent.
    func isEquivalent(to other: JSONValue?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case (let left?, let right?): left.isEquivalent(to: right)
        default: false
        }
    }
}
