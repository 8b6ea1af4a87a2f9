import Dispatch

/// Long synchronous work (judging a whole run's trace takes seconds) done on a thread of its
/// own instead of the cooperative pool, which has one thread per core: there it would hold up
/// every other task for as long, among them the kit's lag ticker and the waits of runs going
/// on beside it, which would then count as starved.
enum BlockingWork {
    /// Runs `body` on a dispatch queue of its own and returns what it returns.
    static func run<Result: Sendable>(_ label: String, _ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: label).async { continuation.resume(returning: body()) }
        }
    }
}
