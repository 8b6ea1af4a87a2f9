extension EngineIOSessionStateMachine {
    /// The timer armed by the last ``Action/scheduleTimer(_:)`` fired.
    ///
    /// Sends the due ping (whose pong is due pingTimeout after the ping's *scheduled* time, so
    /// timer lateness never lengthens the session), expires a session whose pong is overdue,
    /// gives up an upgrade past upgradeTimeout, ends a closing session past closeTimeout, and
    /// closes a session that stayed past the soft outbound limit for its time (a slow consumer).
    mutating func timerFired(now: Instant) -> [Action] {
        guard !isClosed else { return [] }
        scheduledTimer = nil
        var actions: [Action] = []
        switch lifecycle {
        case .closing(let deadline, let reason):
            if now >= deadline { return finish(reason) }
        case .open:
            if let deadline = softLimitDeadline, now >= deadline {
                let closing = checkOutbound(now: now)
                if !closing.isEmpty { return closing }
            }
            switch heartbeat {
            case .pingDue(let due) where now >= due:
                heartbeat = .pongDue(due.advanced(by: timing.pingTimeout))
                buffer.append(.heartbeatPing)
                actions += flush()
            case .pongDue(let deadline) where now >= deadline:
                return finish(.pingTimeout)
            default:
                break
            }
        case .closed:
            return []
        }
        switch upgrade {
        case .awaitingProbe(_, let deadline), .awaitingUpgrade(_, let deadline):
            if now >= deadline { actions += abandonUpgrade() }
        case .none:
            break
        }
        return actions + rescheduleTimer()
    }

    /// Ends the session when its pong is overdue, whether or not the timer has fired yet.
    ///
    /// Every event checks this first, so a request arriving after the expiry instant always
    /// finds the session gone (the official suite polls exactly pingInterval + pingTimeout after
    /// the handshake and expects 400).
    mutating func expireIfDue(now: Instant) -> [Action] {
        guard case .open = lifecycle, case .pongDue(let deadline) = heartbeat, now >= deadline else { return [] }
        return finish(.pingTimeout)
    }

    /// The earliest instant at which ``timerFired(now:)`` has work to do; nil when closed.
    var nextDeadline: Instant? {
        var candidates: [Instant] = []
        switch lifecycle {
        case .closed: return nil
        case .closing(let deadline, _): candidates.append(deadline)
        case .open:
            switch heartbeat {
            case .pingDue(let instant), .pongDue(let instant): candidates.append(instant)
            }
            if let deadline = softLimitDeadline { candidates.append(deadline) }
        }
        switch upgrade {
        case .awaitingProbe(_, let deadline), .awaitingUpgrade(_, let deadline): candidates.append(deadline)
        case .none: break
        }
        return candidates.min()
    }

    /// A ``Action/scheduleTimer(_:)`` when the next deadline differs from the one armed.
    mutating func rescheduleTimer() -> [Action] {
        guard let next = nextDeadline, next != scheduledTimer else { return [] }
        scheduledTimer = next
        return [.scheduleTimer(next)]
    }
}
