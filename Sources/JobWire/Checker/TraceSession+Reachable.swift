extension TraceSession {
    /// False when the backend may have sent `actor` something from `since` on (ms, the sender's
    /// clock) while it had no socket to receive it: its connection went down (let go or dropped)
    /// and is still down, or came back less than the clock skew tolerance before `since`. Socket.IO
    /// keeps nothing for a socket that is gone (PROTOCOL.md, STATE), so an event missing from such
    /// an app's receipts is not held against the backend (FLOW-4, FLOW-8, FLOW-9). An app that never
    /// lost its connection is reachable, as in a trace that records no connections.
    func reachable(_ actor: TraceActor, since: Int64) -> Bool {
        guard let state = actors[actor], state.disconnectedAt != nil else { return true }
        return state.socketConnected && (state.connectedAt ?? .max) <= since - header.clockSkewToleranceMs
    }
}
