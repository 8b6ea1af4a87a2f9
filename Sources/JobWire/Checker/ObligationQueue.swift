/// Something a rule expects to have happened by a time: a cancel by the deadline (TIME-2),
/// an `apply` after a WorkerAccept's success (FLOW-4), an alert after a failure (ALERT-3).
///
/// The rule that scheduled it judges it once the trace's clock has passed `due` by more than the
/// clock skew tolerance, since a line of another actor whose clock runs behind may still come with
/// an earlier time. An obligation with a ``clock`` is judged sooner: as soon as a line of that
/// actor later than `due` is read (later by as much as that actor's lines have ever gone back).
/// An obligation still pending when the trace ends is not judged.
struct Obligation: Sendable {
    /// The time by which it must have happened, in ms.
    var due: Int64
    /// The index of the rule that judges it.
    var rule: Int
    /// The request it is about.
    var req: String
    /// The actor it is about, if one.
    var actor: TraceActor?
    /// The actor whose own lines alone can meet it, on whose clock `due` lies (the backend for an
    /// emission the backend records, the app for what an app shows): each actor's lines come in
    /// its own time order (TIME-10), so once one of them is later than `due`, nothing that meets
    /// it in time can still come, and waiting out the skew would let a late one count. Nil when
    /// the evidence may come from another clock, which the skew tolerance covers.
    var clock: TraceActor?
    /// A rule-specific tag telling its obligations apart.
    var tag: Int
    /// The line that created it.
    var line: Int
    /// Insertion order, so obligations due at the same time are judged in the order they arose.
    var sequence: Int
}

/// The obligations waiting, earliest due first: every one in one min-heap by due time, and those
/// with a ``Obligation/clock`` also in a heap per clock. Whichever heap gives one out first, it is
/// judged then; the other heap drops it when it comes to it.
struct ObligationQueue: Sendable {
    private var all = ObligationHeap()
    private var byClock: [TraceActor: ObligationHeap] = [:]
    /// Clocked obligations given out by their clock's heap, still in `all`.
    private var judgedByClock: Set<Int> = []
    /// Clocked obligations given out by `all`, still in their clock's heap.
    private var judgedByHorizon: Set<Int> = []
    private var nextSequence = 0

    /// How many wait to be judged.
    var count: Int { all.count - judgedByClock.count }

    /// The latest due time of the obligations waiting, or nil when none waits.
    var latestDue: Int64? { all.elements.lazy.filter { !judgedByClock.contains($0.sequence) }.map(\.due).max() }

    mutating func push(_ obligation: Obligation) {
        var obligation = obligation
        obligation.sequence = nextSequence
        nextSequence += 1
        all.push(obligation)
        if let clock = obligation.clock { byClock[clock, default: ObligationHeap()].push(obligation) }
    }

    /// Removes and returns the earliest obligation if it is due before `time`.
    mutating func popDue(before time: Int64) -> Obligation? {
        while let obligation = all.popDue(before: time) {
            guard obligation.clock != nil else { return obligation }
            if judgedByClock.remove(obligation.sequence) != nil { continue }
            judgedByHorizon.insert(obligation.sequence)
            if judgedByHorizon.count >= Self.compactionThreshold { compactClocks() }
            return obligation
        }
        return nil
    }

    /// How many clocked obligations judged by the horizon may wait in their clock's heap before
    /// the heaps drop them: an actor that writes no more lines never drains its own.
    static let compactionThreshold = 4096

    private mutating func compactClocks() {
        for clock in Array(byClock.keys) {
            var kept = ObligationHeap()
            for obligation in byClock[clock]!.elements where !judgedByHorizon.contains(obligation.sequence) { kept.push(obligation) }
            byClock[clock] = kept.count == 0 ? nil : kept
        }
        judgedByHorizon.removeAll(keepingCapacity: true)
    }

    /// Whether any obligation waits on an actor's clock.
    var hasClocked: Bool { !byClock.isEmpty }

    /// How many entries the clocks' heaps hold, judged ones not yet dropped included: bounded
    /// by the compaction, however many lines an actor stops writing.
    var clockHeapEntries: Int { byClock.values.reduce(0) { $0 + $1.count } }

    /// Removes and returns the earliest obligation on `clock` if it is due before `time`.
    mutating func popDue(before time: Int64, clock: TraceActor) -> Obligation? {
        while let obligation = byClock[clock]?.popDue(before: time) {
            if byClock[clock]?.count == 0 { byClock[clock] = nil }
            if judgedByHorizon.remove(obligation.sequence) != nil { continue }
            judgedByClock.insert(obligation.sequence)
            return obligation
        }
        return nil
    }
}

/// A min-heap of obligations by due time, then by insertion order.
struct ObligationHeap: Sendable {
    private(set) var elements: [Obligation] = []

    var count: Int { elements.count }

    mutating func push(_ obligation: Obligation) {
        elements.append(obligation)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard before(child, parent) else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest obligation if it is due before `time`.
    mutating func popDue(before time: Int64) -> Obligation? {
        // The due time is read in place: most events find nothing due, and copying the
        // obligation to learn that would retain and release its strings.
        guard !elements.isEmpty, elements[0].due < time else { return nil }
        let first = elements[0]
        let last = elements.removeLast()
        guard !elements.isEmpty else { return first }
        elements[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < elements.count, before(left, smallest) { smallest = left }
            if right < elements.count, before(right, smallest) { smallest = right }
            guard smallest != parent else { break }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    /// Whether the obligation at `a` comes before the one at `b`: read in place, since passing
    /// the obligations themselves copied them, retaining and releasing their strings at every step.
    private func before(_ a: Int, _ b: Int) -> Bool {
        let (dueA, dueB) = (elements[a].due, elements[b].due)
        return dueA != dueB ? dueA < dueB : elements[a].sequence < elements[b].sequence
    }
}
