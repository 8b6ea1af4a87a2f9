extension EngineIOSessionStateMachine {
    /// The bytes queued for the client: the packets the session buffers and the backlog its WebSocket last reported.
    var queuedBytes: Int { buffer.bytes + transportBacklog }

    /// The session's WebSocket holds `bytes` its client has not taken yet (NIO's pending writes);
    /// reported when its writability changes and when a flush leaves it past the hard limit.
    ///
    /// Reports from any other WebSocket (a probe, one already replaced) are ignored.
    mutating func transportBacklog(_ bytes: Int, on socket: EngineIOTransportID, now: Instant) -> [Action] {
        guard case .open = lifecycle, case .webSocket(let active) = transport, active == socket else { return [] }
        transportBacklog = bytes
        return checkOutbound(now: now)
    }

    /// Closes the session as a slow consumer past the hard limit, or past the soft limit for its
    /// duration; starts or stops the soft limit's clock as the queue crosses it.
    mutating func checkOutbound(now: Instant) -> [Action] {
        guard let limit = timing.outboundLimit, case .open = lifecycle else { return [] }
        let queued = queuedBytes
        if queued > limit.hardBytes { return finish(.slowConsumer(queuedBytes: queued, limit: .hard(limit.hardBytes))) }
        guard queued > limit.softBytes else {
            overSoftLimitSince = nil
            return []
        }
        guard let since = overSoftLimitSince else {
            overSoftLimitSince = now
            return rescheduleTimer()
        }
        guard now >= since.advanced(by: limit.softDuration) else { return [] }
        return finish(.slowConsumer(queuedBytes: queued, limit: .soft(limit.softBytes, for: limit.softDuration)))
    }

    /// Stops the soft limit's clock once the queue is back under the limit (after a flush).
    mutating func checkDrained() {
        guard let limit = timing.outboundLimit, queuedBytes <= limit.softBytes else { return }
        overSoftLimitSince = nil
    }

    /// When the soft limit's time runs out, while the session is past it.
    var softLimitDeadline: Instant? {
        guard let since = overSoftLimitSince, let limit = timing.outboundLimit else { return nil }
        return since.advanced(by: limit.softDuration)
    }
}
