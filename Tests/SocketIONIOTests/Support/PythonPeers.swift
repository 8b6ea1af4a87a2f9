import Foundation

/// Lets only a few tests at a time run Python peers, so their start-up does not starve the rest.
///
/// Swift Testing starts every test case at once. Each Python peer spends about half a second of
/// CPU importing python-socketio and aiohttp, and a few dozen of them starting together on a
/// two-core machine stall every other live test for seconds, long enough for 300 ms heartbeats to
/// time out. A test holds one slot for all the peers it runs (``withSlot(_:)`` nests freely).
enum PythonPeers {
    /// How many tests may run Python peers at the same time.
    static let limit = 2

    @TaskLocal private static var holdsSlot = false
    private static let slots = AsyncSemaphore(limit)

    /// Runs `body` holding a slot, waiting for one if every slot is taken; a nested call reuses the slot.
    static func withSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        if holdsSlot { return try await body() }
        await slots.wait()
        do {
            let result = try await $holdsSlot.withValue(true) { try await body() }
            slots.signal()
            return result
        } catch {
            slots.signal()
            throw error
        }
    }
}

/// A counting semaphore for async code: ``wait()`` suspends until ``signal()`` frees a unit.
final class AsyncSemaphore: @unchecked Sendable {
    private let lock = NSLock()
    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A semaphore with `count` units.
    init(_ count: Int) { available = count }

    /// Takes a unit, waiting first-come first-served while none is free.
    func wait() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if available > 0 {
                available -= 1
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }

    /// Returns a unit, handing it to the oldest waiter if there is one.
    func signal() {
        lock.lock()
        if waiters.isEmpty {
            available += 1
            lock.unlock()
        } else {
            let next = waiters.removeFirst()
            lock.unlock()
            next.resume()
        }
    }
}
