/// MSG-16: the backend refuses a handshake whose `auth` is not a well-formed identity.
///
/// A connection the backend accepted is an `io.connected`: the backend's own for each app (with
/// the `auth` it received), or else each app's for itself, when the app wrote down what it sent.
/// Which well-formed identity connects is not judged here: one user may hold both roles and
/// several devices (MSG-2); what a socket then receives is the routing rules' to judge.
struct MSG16MalformedIdentity: TraceRule {
    let infos = [
        TraceRuleInfo(
            "MSG-16", evidence: TraceRuleInfo.backendEvidence,
            check: "no connection is accepted whose handshake auth lacks an id userId or a client/worker role",
            tolerance: "an app's own connection without a recorded auth is not judged")
    ]
    var kinds: Set<TraceEventKind> { [.socketConnected] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard case .connected(let record) = event.body else { return }
        let fromBackend = event.actor.role == .backend
        guard fromBackend == context.session.backendRecorded, let auth = record.auth,
            let problem = HandshakeIdentity.problem(in: auth)
        else { return }
        context.report(
            "MSG-16", lines: [event.line],
            expected: "a connect error for the handshake auth \(auth.compactText): \(problem)",
            observed: "the connection was accepted")
    }
}
