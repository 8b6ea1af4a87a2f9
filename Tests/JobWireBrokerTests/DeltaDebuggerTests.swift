import Testing

@testable import JobWireBroker

/// ddmin on toy oracles: the result fails, is 1-minimal (removing any one item passes), and the
/// search is deterministic.
struct DeltaDebuggerTests {
    /// True when no single item can be removed from `result` with the oracle still failing.
    private func isOneMinimal(_ result: [Int], _ fails: ([Int]) -> Bool) -> Bool {
        result.indices.allSatisfy { index in
            var smaller = result
            smaller.remove(at: index)
            return !fails(smaller)
        }
    }

    @Test func findsTheTwoItemsThatFailTogether() {
        let fails: ([Int]) -> Bool = { $0.contains(3) && $0.contains(17) }
        var debugger = DeltaDebugger<Int>(oracle: { fails($0) ? $0 : nil })
        let result = debugger.minimize(Array(0..<40))
        #expect(result == [3, 17])
        #expect(debugger.tests > 0 && debugger.tests < 40 * 40)
    }

    @Test(arguments: [10, 23, 57])
    func resultIsOneMinimalForAThresholdOracle(_ threshold: Int) {
        let fails: ([Int]) -> Bool = { $0.reduce(0, +) >= threshold }
        var debugger = DeltaDebugger<Int>(oracle: { fails($0) ? $0 : nil })
        let result = debugger.minimize(Array(1...20))
        #expect(fails(result))
        #expect(isOneMinimal(result, fails))
    }

    @Test func aSingleItemFailureIsFound() {
        var debugger = DeltaDebugger<Int>(oracle: { $0.contains(99) ? $0 : nil })
        #expect(debugger.minimize(Array(0..<100)) == [99])
    }

    @Test func anInputThatFailsEmptyShrinksToNothing() {
        var debugger = DeltaDebugger<Int>(oracle: { $0 })
        #expect(debugger.minimize([1, 2, 3]) == [])
        #expect(debugger.tests == 1)
    }

    @Test func theOraclesCompletionIsWhatIsKept() {
        // A candidate holding 5 fails only with its "connect" 2 beside it; the oracle completes a
        // candidate by dropping a 5 whose 2 is missing, as the shrinker drops orphaned events.
        let oracle: ([Int]) -> [Int]? = { candidate in
            let closed = candidate.filter { $0 != 5 || candidate.contains(2) }
            return closed.contains(5) ? closed : nil
        }
        var debugger = DeltaDebugger<Int>(oracle: oracle)
        let result = debugger.minimize(Array(0..<12))
        #expect(result == [2, 5])
    }

    @Test func theSearchIsDeterministic() {
        let oracle: ([Int]) -> [Int]? = { $0.filter { $0 % 7 == 3 }.count >= 2 ? $0 : nil }
        var first = DeltaDebugger<Int>(oracle: oracle)
        var second = DeltaDebugger<Int>(oracle: oracle)
        #expect(first.minimize(Array(0..<60)) == second.minimize(Array(0..<60)))
        #expect(first.tests == second.tests)
    }

    @Test func splitCutsIntoNearlyEqualRunsInOrder() {
        #expect(DeltaDebugger<Int>.split([1, 2, 3, 4, 5], into: 2) == [[1, 2], [3, 4, 5]])
        #expect(DeltaDebugger<Int>.split([1, 2], into: 4) == [[1], [2]])
    }
}
