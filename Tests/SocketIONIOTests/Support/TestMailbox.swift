import Foundation

/// A queue that test code awaits with a deadline: child process lines, WebSocket frames, client events.
///
/// Producers call ``put(_:)`` and ``finish()`` from any thread, synchronously, so order is kept.
/// ``next(within:_:)`` returns the oldest item, waits for one up to the deadline, and throws
/// ``TestTimeout`` when none came; it returns nil once the producer finished and the queue is empty.
final class TestMailbox<Item: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Item] = []
    private var finished = false
    private var waiter: (id: Int, continuation: CheckedContinuation<Item?, any Error>)?
    private var nextWaiterID = 0

    /// Creates an empty mailbox.
    init() {}

    /// Adds an item, waking a waiting reader.
    func put(_ item: Item) {
        lock.lock()
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.continuation.resume(returning: item)
        } else {
            items.append(item)
            lock.unlock()
        }
    }

    /// Marks the end of the items; a waiting reader gets nil.
    func finish() {
        lock.lock()
        finished = true
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.continuation.resume(returning: nil)
    }

    /// The next item, waiting at most `timeout`; nil when finished and empty.
    func next(within timeout: Duration, _ what: @autoclosure () -> String = "item") async throws -> Item? {
        let description = what()
        return try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            if !items.isEmpty {
                let item = items.removeFirst()
                lock.unlock()
                continuation.resume(returning: item)
                return
            }
            if finished {
                lock.unlock()
                continuation.resume(returning: nil)
                return
            }
            precondition(waiter == nil, "one reader at a time")
            nextWaiterID += 1
            let id = nextWaiterID
            waiter = (id, continuation)
            lock.unlock()
            Task {
                try? await Task.sleep(for: timeout)
                self.expire(id, TestTimeout("no \(description) within \(timeout)"))
            }
        }
    }

    /// The items received and not yet read.
    var pending: [Item] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    private func expire(_ id: Int, _ error: TestTimeout) {
        lock.lock()
        guard let waiter, waiter.id == id else {
            lock.unlock()
            return
        }
        self.waiter = nil
        lock.unlock()
        waiter.continuation.resume(throwing: error)
    }
}

/// A test step that did not finish in time.
struct TestTimeout: Error, CustomStringConvertible {
    /// What was awaited.
    var description: String

    init(_ description: String) { self.description = description }
}

/// Runs `body`, failing with ``TestTimeout`` when it takes longer than `limit`.
func withDeadline<T: Sendable>(
    _ limit: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw TestTimeout("\(what) did not finish within \(limit)")
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
