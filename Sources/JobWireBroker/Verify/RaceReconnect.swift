import Synchronization

/// One app's reconnection inside a race round (issue 16, faults inside races): the app lets its
/// Socket.IO connection go and connects again as the same user (``VerifyApp/reconnect()``), a new
/// session the backend must put in the user's room (MSG-2). In the last round it is back before
/// the release, well past the clock skew tolerance, so the round's `apply` or `cancel` must reach
/// its new socket (FLOW-4, FLOW-8); every sixth round from the fifth on it goes right after the
/// release and is back while the round is decided, so what was sent meanwhile may be lost to it
/// and the checker does not blame the backend (Docs/TRACE.md, "Connections").
final class RaceReconnect: Sendable {
    enum When: Sendable { case none, before, during }

    let when: When
    let app: VerifyApp
    private let failure = Mutex<(any Error)?>(nil)

    /// The reconnection of `app` in `round` of `rounds`.
    init(_ app: VerifyApp, round: Int, rounds: Int) {
        self.app = app
        when = round == rounds ? .before : round % 6 == 5 ? .during : .none
    }

    /// Before the release: for ``When/before``, connects again and lets more than the clock skew
    /// tolerance pass (``VerifySession/pause()``), so the checker knows the new socket was there first.
    func beforeRelease(_ session: VerifySession) async throws {
        guard when == .before else { return }
        try await app.reconnect()
        await session.pause()
    }

    /// For ``When/during``, what runs between the release and the reading of the answers: the
    /// reconnection, its failure kept for ``check()``.
    var afterRelease: (@Sendable () async -> Void)? {
        guard when == .during else { return nil }
        return { [self] in
            do { try await app.reconnect() } catch { failure.withLock { $0 = error } }
        }
    }

    /// Throws what a reconnection after the release failed with.
    func check() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// The round report's line for it, if it happens.
    var note: String? {
        let who = app.actor.id ?? "?"
        switch when {
        case .none: return nil
        case .before: return "\(who) socket: connected again (a new session) before the release"
        case .during: return "\(who) socket: let go right after the release, connected again before the answers were read"
        }
    }
}
