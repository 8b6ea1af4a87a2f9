/// Why a benchmark could not be carried out, in one sentence: a child that did not start or
/// answer, a file that could not be written.
public struct BenchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// An error described in one sentence.
    public init(_ description: String) { self.description = description }
}
