/// FLOW-5: the backend MUST send `apply` only to the posting client's own room.
struct FLOW5ApplyToClientOnly: TraceRule {
    let infos = [
        TraceRuleInfo(
            "FLOW-5", evidence: TraceRuleInfo.backendEvidence,
            check: "every `apply` goes to the posting client's own room and reaches no worker and no other client")
    ]
    var wantsFacts: Bool { true }

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        guard case .emitted(let emission) = fact, emission.event == .apply, let req = emission.req else { return }
        let (clientId, clientActor) = context.session.readRequest(req) { ($0.clientId, $0.clientActor) } ?? (nil, nil)
        var wrong = false
        switch emission.target {
        case .room(let room):
            if let clientId { wrong = room != clientId } else { wrong = room == context.header.profile.channelRoom }
        case .actor(let actor):
            if actor.role != .client {
                wrong = true
            } else if let posting = clientActor {
                wrong = posting != actor
            } else if let id = actor.id, let clientId {
                wrong = id != clientId
            }
        }
        guard wrong else { return }
        context.report(
            "FLOW-5", lines: [emission.line], expected: "the `apply` for \(req) sent only to the posting client's room \(clientId ?? "(its own)")",
            observed: "an `apply` for \(req) sent to \(emission.target)")
    }
}

/// FLOW-8 and FLOW-9: who must receive a request's `cancel` and `close`, and that no one else
/// does, checked `emitToleranceMs` after the backend's success answer to the cancel or close call.
struct FLOW8And9EndRecipients: TraceRule {
    let infos = [
        TraceRuleInfo(
            "FLOW-8", evidence: TraceRuleInfo.backendEvidence,
            check: "a cancelled request's `cancel` reaches the posting client and the winner, or without a winner the room its `new` went to, and no one else",
            tolerance: "within emitToleranceMs of the cancel's success answer; from app events, clockSkewToleranceMs more, and an app whose connection went down after the cancel was sent (or came back less than clockSkewToleranceMs before) may have missed it"),
        TraceRuleInfo(
            "FLOW-9", evidence: TraceRuleInfo.backendEvidence,
            check: "a closed request's `close` reaches the posting client and the winner, and no one else",
            tolerance: "within emitToleranceMs of the close's success answer; from app events, clockSkewToleranceMs more, and an app whose connection went down after the close was sent (or came back less than clockSkewToleranceMs before) may have missed it"),
    ]
    var wantsFacts: Bool { true }
    /// From app events: when each awaited end's call was sent (by tag and request), from which on
    /// its recipients must have been reachable; removed when the obligation falls due.
    private var sentAt: [String: Int64] = [:]

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        guard case .answered(let answer) = fact, answer.succeeded, let req = answer.req else { return }
        let tag: Int
        switch answer.call {
        case .cancel: tag = 8
        case .close: tag = 9
        default: return
        }
        if !context.session.backendRecorded { sentAt["\(tag) \(req)"] = answer.requestTs ?? answer.ts }
        // Recorded by the backend, the answer and the events are both its times: no skew between them.
        context.schedule(due: answer.ts + context.header.emitToleranceMs, req: req, clock: context.backendClock, tag: tag, line: answer.line)
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        let since = sentAt.removeValue(forKey: "\(obligation.tag) \(obligation.req)")
        guard let request = context.session.request(obligation.req) else { return }
        let isCancel = obligation.tag == 8
        // From app events: the recorded app had a socket for all the time the event may have been sent in.
        func reachable(_ actor: TraceActor) -> Bool { since.map { context.session.reachable(actor, since: $0) } ?? true }
        let sent = Set(isCancel ? request.cancelTargets : request.closeTargets)
        let winner = request.winnerAtEnd ?? request.winner
        var required: [DeliveryTarget] = []
        if context.session.backendRecorded {
            if let clientId = request.clientId { required.append(.room(clientId)) }
            if let winner {
                required.append(.room(winner))
            } else if isCancel {
                required += request.newTargets
            }
        } else {
            // From app events: the recorded apps that had to get it.
            let roles = context.header.roles
            if roles.contains(.client), let client = request.clientActor, reachable(client) { required.append(.actor(client)) }
            if let winner {
                let actor = TraceActor(.worker, id: winner)
                if roles.contains(.worker), let state = context.session.actors[actor], state.socketConnected || !context.session.recordsConnections, reachable(actor) {
                    required.append(.actor(actor))
                }
            } else if isCancel {
                // An app terminated since the `new` has no socket left to receive the `cancel` on.
                required += request.newTargets.filter { target in
                    guard case .actor(let actor) = target else { return true }
                    return context.session.actors[actor]?.running != false && reachable(actor)
                }
            }
        }
        var seen: Set<DeliveryTarget> = []
        let missing = required.filter { seen.insert($0).inserted && !sent.contains($0) }
        // Who had won when it ended: a win after the end is FLOW-7's, and moves no one into the recipients.
        let winnerThen = request.endedAt != nil ? request.winnerAtEnd : winner
        let extra = sent.filter { !Self.mayReceive($0, request, winner: winnerThen, isCancel: isCancel) }
        let id: RequirementID = isCancel ? "FLOW-8" : "FLOW-9"
        let event = (isCancel ? ProtocolEvent.cancel : .close).rawValue
        func who(_ winner: String?) -> String {
            winner.map { "the posting client and the winner \($0)" } ?? (isCancel ? "the posting client and where the `new` went" : "the posting client")
        }
        let sentText = sent.map(\.description).sorted().joined(separator: ", ")
        if !missing.isEmpty {
            context.report(
                id, lines: [obligation.line], expected: "a `\(event)` for \(obligation.req) sent to \(who(winner)) within \(context.header.emitToleranceMs) ms",
                observed: "none sent to \(missing.map(\.description).joined(separator: ", "))" + (sent.isEmpty ? "" : "; sent to \(sentText)"))
        }
        if !extra.isEmpty {
            context.report(
                id, lines: [obligation.line], expected: "the `\(event)` for \(obligation.req) sent to \(who(winnerThen)) and to no one else",
                observed: "also sent to \(extra.map(\.description).sorted().joined(separator: ", ")) (sent to \(sentText))")
        }
    }

    /// Whether `target` may receive the request's end: the posting client, the winner, and for a
    /// cancel without a winner where the `new` went. Judged only against what the trace shows: a
    /// room or client app while it shows the posting client's id, and, from app events, a worker
    /// app while it shows the winner (a worker that joined the channel after the `new` receives a
    /// winnerless cancel without having received the `new`).
    private static func mayReceive(_ target: DeliveryTarget, _ request: RequestState, winner: String?, isCancel: Bool) -> Bool {
        if isCancel, winner == nil, request.newTargets.contains(target) { return true }
        switch target {
        case .room(let room):
            guard let clientId = request.clientId else { return true }
            return room == clientId || room == winner
        case .actor(let actor) where actor.role == .client:
            guard let clientId = request.clientId else { return true }
            return actor.id == clientId || actor == request.clientActor
        case .actor(let actor):
            guard let winner else { return true }
            return actor.id == winner
        }
    }
}
