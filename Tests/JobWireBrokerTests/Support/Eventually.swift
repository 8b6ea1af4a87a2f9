/// Waits for something a child process or a socket will show, looking every `interval`: whether
/// `condition` came to hold. `hangGuard` only stops a test that would otherwise wait forever; it
/// is no verdict, so the condition is looked at once more after it: on a busy machine a starved
/// test task can wake long past the guard with the awaited output already there.
func eventually(hangGuard: Duration = .hangGuard, interval: Duration = .milliseconds(20), _ condition: () -> Bool) async throws -> Bool {
    let end = ContinuousClock.now + hangGuard
    while ContinuousClock.now < end {
        if condition() { return true }
        try await Task.sleep(for: interval)
    }
    return condition()
}

extension Duration {
    /// How long a test waits for something that must happen before it calls the wait hung: 30
    /// minutes, past any starvation of the test command's first pass on a busy two-core machine
    /// (about 10 minutes beside two `yes`). A guard, never a verdict.
    static let hangGuard = Duration.seconds(30 * 60)
}
