/// A tiny, fast, seedable pseudo-random generator (Steele, Lea and Flood's SplitMix64).
///
/// Fuzzing and randomised chunking must be repeatable: the same seed always yields the
/// same sequence on every platform, which `SystemRandomNumberGenerator` cannot promise.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose whole sequence is determined by `seed`.
    public init(seed: UInt64) { state = seed }

    /// Returns the next 64 pseudo-random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// Returns a value in `0..<upperBound` (`upperBound` must be positive), cheaper than the generic API.
    public mutating func below(_ upperBound: Int) -> Int {
        Int(truncatingIfNeeded: next() % UInt64(max(upperBound, 1)))
    }

    /// Returns true with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }
}
