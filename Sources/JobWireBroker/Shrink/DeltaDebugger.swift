/// Zeller and Hildebrandt's ddmin: reduces a failing input, a list of items, to a 1-minimal one,
/// from which removing any single item makes the failure go away.
///
/// The oracle takes a candidate (a sub-list, in the input's order) and answers nil when the
/// candidate does not fail, or the list that does: the candidate itself, or a smaller one it
/// completes it to, as when dropping a connect drops its actor's later events
/// (``CaptureShrinker``). Answers are remembered, so no candidate is tried twice, and the search
/// is deterministic: the same input and oracle give the same result and the same count of tests.
public struct DeltaDebugger<Item: Hashable & Sendable> {
    /// The oracle: the failing list a candidate reduces to, or nil when the candidate passes.
    public typealias Oracle = ([Item]) -> [Item]?

    private let oracle: Oracle
    private var answers: [[Item]: [Item]?] = [:]
    /// How many distinct candidates the oracle judged.
    public private(set) var tests = 0

    /// A debugger asking `oracle`.
    public init(oracle: @escaping Oracle) { self.oracle = oracle }

    /// Reduces `items`, which must fail, to a 1-minimal failing sub-list.
    public mutating func minimize(_ items: [Item]) -> [Item] {
        if let empty = test([]) { return empty }
        var current = items
        var granularity = 2
        while current.count >= 2 {
            let chunks = Self.split(current, into: granularity)
            if let reduced = firstFailing(chunks) {
                current = reduced
                granularity = 2
                continue
            }
            if granularity > 2, let reduced = firstFailing(chunks.indices.map { index in Self.complement(chunks, without: index) }) {
                current = reduced
                granularity = max(granularity - 1, 2)
                continue
            }
            if granularity >= current.count { break }
            granularity = min(current.count, granularity * 2)
        }
        return current
    }

    private mutating func firstFailing(_ candidates: [[Item]]) -> [Item]? {
        for candidate in candidates {
            if let failing = test(candidate) { return failing }
        }
        return nil
    }

    private mutating func test(_ candidate: [Item]) -> [Item]? {
        if let known = answers[candidate] { return known }
        tests += 1
        let answer = oracle(candidate)
        answers[candidate] = answer
        return answer
    }

    /// `items` cut into `count` runs of nearly equal length, in order.
    static func split(_ items: [Item], into count: Int) -> [[Item]] {
        var chunks: [[Item]] = []
        var start = 0
        for index in 0..<count {
            let end = start + (items.count - start) / (count - index)
            chunks.append(Array(items[start..<end]))
            start = end
        }
        return chunks.filter { !$0.isEmpty }
    }

    static func complement(_ chunks: [[Item]], without skipped: Int) -> [Item] {
        chunks.indices.filter { $0 != skipped }.flatMap { chunks[$0] }
    }
}
