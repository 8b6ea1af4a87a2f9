import SocketIOWire

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

/// MSG-2, the apps' part: every app identifies itself in the Socket.IO handshake.
///
/// An app's own `io.connected` with the `auth` it sent must name it: an object whose `userId` is
/// the app's id and whose `role` is the app's role. One user may hold both roles on two apps and
/// connect from several devices (MSG-2's decision), but each app connects as what it is. The
/// backend's part, the rooms it joins each socket to, shows only through delivery and is judged by
/// the routing rules (MSG-3, FLOW-5, FLOW-8, FLOW-9).
struct MSG2AppIdentity: TraceRule {
    let infos = [
        TraceRuleInfo(
            "MSG-2", evidence: [.client, .worker],
            check: "an app's own connection carries the handshake auth {userId: its id, role: its role}",
            tolerance: "a connection without a recorded auth, or of an app without an id, is not judged")
    ]
    var kinds: Set<TraceEventKind> { [.socketConnected] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard case .connected(let record) = event.body, event.actor.role != .backend, let auth = record.auth, let id = event.actor.id else { return }
        let role = event.actor.role.rawValue
        let problem: String?
        if let malformed = HandshakeIdentity.problem(in: auth) {
            problem = malformed
        } else if auth["userId"]?.idText != id {
            problem = "its userId is \(auth["userId"]?.compactText ?? "absent"), not the app's id"
        } else if auth["role"]?.stringValue != role {
            problem = "its role is \(auth["role"]?.compactText ?? "absent"), not \(role)"
        } else {
            problem = nil
        }
        guard let problem else { return }
        context.report(
            "MSG-2", lines: [event.line], expected: "the handshake auth {\"userId\": \(JSONValue.string(id).compactText), \"role\": \"\(role)\"}",
            observed: "\(event.actor) connected with \(auth.compactText): \(problem)")
    }
}
