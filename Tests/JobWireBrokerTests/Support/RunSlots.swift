/// A limit on how many runs of one kind (verify runs, live app runs) the kit's tests make at once,
/// shared by every test that makes them, so that those tests can run beside one another without
/// starving the runs: each run takes one slot, first come first served; a run that must have the
/// machine to itself takes them all.
actor RunSlots {
    private let limit: Int
    private var free: Int
    private var waiting: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// At most `limit` runs at once.
    init(limit: Int) {
        self.limit = limit
        free = limit
    }

    /// Runs `body` in one slot.
    func run<Result: Sendable>(_ body: @Sendable () async throws -> Result) async rethrows -> Result {
        await acquire(1)
        defer { release(1) }
        return try await body()
    }

    /// Runs `body` once every slot is free, holding them all: nothing else runs meanwhile.
    func alone<Result: Sendable>(_ body: @Sendable () async throws -> Result) async rethrows -> Result {
        await acquire(limit)
        defer { release(limit) }
        return try await body()
    }

    private func acquire(_ count: Int) async {
        if waiting.isEmpty, free >= count {
            free -= count
            return
        }
        await withCheckedContinuation { waiting.append((count, $0)) }
    }

    /// Frees `count` slots and hands them on in order: a waiter further back never overtakes the first.
    private func release(_ count: Int) {
        free += count
        while let first = waiting.first, free >= first.count {
            free -= first.count
            waiting.removeFirst()
            first.continuation.resume()
        }
    }
}
