/// MSG-16: the backend refuses a handshake whose `userId` its records hold under the other role.
///
/// A user is known as a worker once a worker fixture for it succeeded (FIX-1), as a client once
/// it posted or a client fixture for it succeeded (FIX-2). A connection the backend accepted is an
/// `io.connected`: the backend's own for each app, or else each app's for itself. From app events
/// the connection counts only when it is recorded more than clockSkewToleranceMs after what made
/// the user known.
struct MSG16RoleConflict: TraceRule {
    let infos = [
        TraceRuleInfo(
            "MSG-16", evidence: TraceRuleInfo.backendEvidence,
            check: "no connection is accepted for a userId the trace shows the backend knows under the other role",
            tolerance: "from app events, only a connection recorded more than clockSkewToleranceMs after the user became known counts")
    ]
    var kinds: Set<TraceEventKind> { [.socketConnected] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard case .connected(let record) = event.body else { return }
        let session = context.session
        let fromBackend = event.actor.role == .backend
        guard fromBackend == session.backendRecorded else { return }
        guard let user = record.userID ?? (fromBackend ? nil : event.actor.id),
            let role = record.role ?? (fromBackend ? nil : event.actor.role)
        else { return }
        let other: TraceRole = role == .client ? .worker : .client
        let slack = fromBackend ? 0 : context.skew
        guard let known = session.knownRoles[user]?[other], known.at + slack < event.ts else { return }
        context.report(
            "MSG-16", lines: [event.line, known.line],
            expected: "a connect error for \(user) connecting as \(role.rawValue), since the backend knows it as a \(other.rawValue): \(known.how) (line \(known.line))",
            observed: "the connection was accepted")
    }
}
