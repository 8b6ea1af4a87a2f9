import JobWire
import SocketIOWire

/// Time passing on the backend (FIX-4): the one way a case lets hours or days pass, so the cases
/// on token lifetimes, the cancel cut-off and the timeout run against any backend with the hook.
extension VerifySession {
    /// Moves the backend's clock forward by `milliseconds` through its clock fixture (FIX-4) and
    /// returns the backend's new time in ms since the epoch; `0` only reads it. The run's clock
    /// follows, so the trace and the dates a case builds keep pace with the backend. Cases that
    /// call it move time for everyone and run in the timed lane, alone.
    @discardableResult
    public func advanceClock(by milliseconds: Int64) async throws -> Int64 {
        guard let route = profile.clockFixture else { throw VerifyStepError("the profile names no clockFixture path (FIX-4)") }
        // What the backend sent before the jump is recorded with the time it came, not after it.
        await fenceApps()
        let before = clock.now()
        let answer = try await http.call(TraceActor(.client, id: id("clock")), route.description, body: .json(["advanceMs": .int(milliseconds)]))
        guard answer.succeeded, let now = answer.body?["now"]?.integerValue else {
            throw VerifyStepError("the clock fixture, asked to advance \(milliseconds) ms, answered \(answer.summary)")
        }
        // The embedded backend's clock is the run's and has moved already; a remote backend's
        // moved alone, and the run's jumps after it.
        let moved = clock.now() - before
        if moved < milliseconds { clock.advance(by: milliseconds - moved) }
        return now
    }
}
