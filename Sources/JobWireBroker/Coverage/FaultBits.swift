/// The raw value of a set of up to 128 numbered faults: two 64-bit words, so a fault catalogue
/// can outgrow an `Int` without `UInt128`, which Apple platforms have only from macOS 15 and
/// iOS 18 (the package supports macOS 13 and iOS 16).
public struct FaultBits: Hashable, Sendable {
    /// Bits 0 to 63.
    public var low: UInt64
    /// Bits 64 to 127.
    public var high: UInt64

    /// The bits given, none by default.
    public init(low: UInt64 = 0, high: UInt64 = 0) {
        self.low = low
        self.high = high
    }

    /// Only bit `index` (0 to 127) set.
    public init(bit index: Int) {
        precondition((0..<128).contains(index), "fault bit \(index) is outside 0..<128")
        self = index < 64 ? FaultBits(low: 1 << UInt64(index)) : FaultBits(high: 1 << UInt64(index - 64))
    }
}

/// An `OptionSet` over ``FaultBits``: the set operations `OptionSet` gives only to integer raw
/// values, written once for every fault catalogue that needs more than 64 faults.
public protocol WideOptionSet: OptionSet where RawValue == FaultBits {}

extension WideOptionSet {
    /// The empty set.
    public init() { self.init(rawValue: FaultBits()) }

    /// Adds the members of `other`.
    public mutating func formUnion(_ other: Self) {
        self = Self(rawValue: FaultBits(low: rawValue.low | other.rawValue.low, high: rawValue.high | other.rawValue.high))
    }

    /// Keeps only the members also in `other`.
    public mutating func formIntersection(_ other: Self) {
        self = Self(rawValue: FaultBits(low: rawValue.low & other.rawValue.low, high: rawValue.high & other.rawValue.high))
    }

    /// Keeps the members in exactly one of the two sets.
    public mutating func formSymmetricDifference(_ other: Self) {
        self = Self(rawValue: FaultBits(low: rawValue.low ^ other.rawValue.low, high: rawValue.high ^ other.rawValue.high))
    }
}
