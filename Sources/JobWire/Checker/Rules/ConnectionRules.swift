import SocketIOWire

/// STATE-8 and STATE-9: an app's own Socket.IO connection, from its `io.connecting`,
/// `io.connected` and `io.disconnected` events; judged only for an app that records them.
///
/// STATE-9: after a drop (`io.disconnected` with reason `transport` or `ping`) while the app runs
/// in the foreground and online, its first attempt (`io.connecting` or `io.connected`) comes within
/// `reconnectMs`, and each next one within `reconnectMaxMs` of the last, until one connects. Time
/// away or offline does not count: the wait starts again when the app is back. A disconnect by the
/// backend (`server`) or by the app (`client`) starts no attempts.
///
/// STATE-8: a client running in the foreground and online with a request waiting or in Work in
/// Progress is connected within `reactionToleranceMs` of its post's success, of its return, or of
/// letting its connection go; while it makes the attempts of STATE-9, or after the backend
/// disconnected it, STATE-9 judges it instead.
struct STATEConnection: TraceRule {
    let infos = [
        TraceRuleInfo(
            "STATE-8", evidence: [.client],
            check: "a client in the foreground with a request waiting or in Work in Progress holds a Socket.IO connection, or makes the attempts of STATE-9",
            tolerance: "connected within reactionToleranceMs of the post's success, a return or a disconnect of its own"),
        TraceRuleInfo(
            "STATE-9", evidence: [.client, .worker],
            check: "after a drop while running and online, an app tries to connect again first within reconnectMs, then at most reconnectMaxMs apart while the attempts fail",
            tolerance: "reconnectMs and reconnectMaxMs"),
    ]
    var kinds: Set<TraceEventKind> {
        [.socketConnecting, .socketConnected, .socketDisconnected, .httpResponse, .appLaunched, .appRestored, .appForegrounded,
         .appBackgrounded, .appTerminated, .netOnline, .netOffline]
    }

    /// One app's connection as its events show it.
    private struct Link {
        var connected = false
        /// After a drop, until a connection: when the current wait for an attempt began, and the last attempt.
        var reconnecting: (from: Int64, lastAttempt: Int64?)?
        /// The backend disconnected it: no attempts are due.
        var closedByServer = false
        var offline = false
    }
    private var links: [TraceActor: Link] = [:]
    private static let holding = 8
    private static let attempt = 9

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role != .backend else { return }
        switch event.body {
        case .connecting:
            var link = links[actor] ?? Link()
            if link.reconnecting != nil {
                link.reconnecting!.lastAttempt = event.ts
                context.schedule(due: event.ts + context.header.reconnectMaxMs, req: "", actor: actor, clock: actor, tag: Self.attempt, line: event.line)
            }
            links[actor] = link
        case .connected:
            links[actor, default: Link()].connected = true
            links[actor]!.reconnecting = nil
            links[actor]!.closedByServer = false
        case .disconnected(let record):
            var link = links[actor] ?? Link()
            link.connected = false
            link.closedByServer = record.reason == .server
            links[actor] = link
            switch record.reason {
            case .transport?, .ping?:
                links[actor]!.reconnecting = (event.ts, nil)
                if available(actor, context) { expectAttempt(actor, from: event, &context) }
            case .client?:
                expectConnection(actor, event, &context)
            default:
                break
            }
        case .httpResponse(let response):
            guard actor.role == .client, response.succeeded, records(actor, context), links[actor]?.connected != true,
                context.session.exchanges[response.xid]?.call == .postRequest
            else { return }
            // A client may connect only after its post succeeded (STATE-8's Decision).
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: "", actor: actor, clock: actor, tag: Self.holding, line: event.line)
        case .lifecycle(let change, _):
            guard records(actor, context) else { return }
            if links[actor] == nil { links[actor] = Link() }
            if change == .terminated {
                // A terminated app's socket is gone with it.
                links[actor]!.reconnecting = nil
                links[actor]!.connected = false
            }
            guard change.isRestore else { return }
            if links[actor]!.reconnecting != nil, !links[actor]!.offline { expectAttempt(actor, from: event, &context) }
            expectConnection(actor, event, &context)
        case .connectivity(let online):
            guard links[actor] != nil else { return }
            links[actor]!.offline = !online
            if online, links[actor]!.reconnecting != nil, available(actor, context) { expectAttempt(actor, from: event, &context) }
        default:
            break
        }
    }

    /// The app records its connections, or the trace's apps do, so one without an `io.connected` has none.
    private func records(_ actor: TraceActor, _ context: RuleContext) -> Bool {
        links[actor] != nil || context.session.recordsConnections
    }

    private func available(_ actor: TraceActor, _ context: RuleContext) -> Bool {
        guard let state = context.session.actors[actor] else { return true }
        return state.running && state.foreground && links[actor]?.offline != true
    }

    /// The wait for the first attempt starts again at `event`.
    private mutating func expectAttempt(_ actor: TraceActor, from event: TraceEvent, _ context: inout RuleContext) {
        links[actor]!.reconnecting = (event.ts, nil)
        context.schedule(due: event.ts + context.header.reconnectMs, req: "", actor: actor, clock: actor, tag: Self.attempt, line: event.line)
    }

    private func expectConnection(_ actor: TraceActor, _ event: TraceEvent, _ context: inout RuleContext) {
        guard actor.role == .client else { return }
        context.schedule(due: event.ts + context.header.reactionToleranceMs, req: "", actor: actor, clock: actor, tag: Self.holding, line: event.line)
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, records(actor, context) else { return }
        let link = links[actor] ?? Link()
        if obligation.tag == Self.attempt {
            guard let wait = link.reconnecting else { return }
            // Only the latest expectation counts: an attempt or a return since scheduled a later one.
            let expectedBy = wait.lastAttempt.map { $0 + context.header.reconnectMaxMs } ?? wait.from + context.header.reconnectMs
            guard expectedBy == obligation.due, available(actor, context),
                (context.session.actors[actor]?.lastAwayAt ?? .min) <= wait.from
            else { return }
            links[actor]!.reconnecting = nil
            context.report(
                "STATE-9", lines: [obligation.line, context.currentLine],
                expected: wait.lastAttempt == nil
                    ? "an attempt to connect within \(context.header.reconnectMs) ms (reconnectMs) of the drop or of being back"
                    : "the next attempt within \(context.header.reconnectMaxMs) ms (reconnectMaxMs) of the last",
                observed: "\(actor) made no attempt by \(obligation.due)")
            return
        }
        guard !link.connected, link.reconnecting == nil, !link.closedByServer, available(actor, context),
            !context.session.held(by: actor).isEmpty
        else { return }
        let held = context.session.held(by: actor).map { "\($0.req) (\($0.view.viewName))" }.joined(separator: ", ")
        context.report(
            "STATE-8", lines: [obligation.line, context.currentLine],
            expected: "a Socket.IO connection within \(context.header.reactionToleranceMs) ms, while \(actor) holds \(held) in the foreground",
            observed: "no connection at \(obligation.due)")
    }
}
