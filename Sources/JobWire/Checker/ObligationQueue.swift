/// Something a rule expects to have happened by a time: a cancel by the deadline (TIME-2),
/// an `apply` after a WorkerAccept's success (FLOW-4), an alert after a failure (ALERT-3).
///
/// The rule that scheduled it judges it once the trace's clock has passed `due` by more than the
/// clock skew tolerance; an obligation still pending when the trace ends is not judged.
struct Obligation: Sendable {
    /// The time by which it must have happened, in ms.
    var due: Int64
    /// The index of the rule that judges it.
    var rule: Int
    /// The request it is about.
    var req: String
    /// The actor it is about, if one.
    var actor: TraceActor?
    /// A rule-specific tag telling its obligations apart.
    var tag: Int
    /// The line that created it.
    var line: Int
    /// Insertion order, so obligations due at the same time are judged in the order they arose.
    var sequence: Int
}

/// A min-heap of obligations by due time.
struct ObligationQueue: Sendable {
    private var heap: [Obligation] = []
    private var nextSequence = 0

    var count: Int { heap.count }

    /// The latest due time of the obligations waiting, or nil when none waits.
    var latestDue: Int64? { heap.lazy.map(\.due).max() }

    mutating func push(_ obligation: Obligation) {
        var obligation = obligation
        obligation.sequence = nextSequence
        nextSequence += 1
        heap.append(obligation)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest obligation if it is due before `time`.
    mutating func popDue(before time: Int64) -> Obligation? {
        // The due time is read in place: most events find nothing due, and copying the
        // obligation to learn that would retain and release its strings.
        guard !heap.isEmpty, heap[0].due < time else { return nil }
        let first = heap[0]
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, Self.before(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.before(heap[right], heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    private static func before(_ a: Obligation, _ b: Obligation) -> Bool {
        a.due != b.due ? a.due < b.due : a.sequence < b.sequence
    }
}
