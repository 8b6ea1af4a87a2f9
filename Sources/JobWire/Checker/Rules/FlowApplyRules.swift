import SocketIOWire

/// FLOW-1: the backend MUST NOT emit an `apply` for a request before it has emitted that request's `new`.
struct FLOW1ApplyAfterNew: TraceRule {
    let infos = [
        TraceRuleInfo(
            "FLOW-1", evidence: TraceRuleInfo.backendEvidence,
            check: "every `apply` the backend sends for a request comes after a `new` for it",
            tolerance: "from app events alone, a `new` received up to clockSkewToleranceMs after the `apply` still counts as earlier")
    ]
    var wantsFacts: Bool { true }

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        guard case .emitted(let emission) = fact, emission.event == .apply, let req = emission.req else { return }
        // FLOW-1: with the backend's own events the order is its line order.
        if context.session.readRequest(req, { $0.newLine }) != nil { return }
        // From app events, only the workers' receipts can show the `new`.
        guard context.session.backendRecorded || context.header.roles.contains(.worker) else { return }
        if context.session.backendRecorded {
            report(req, line: emission.line, &context)
        } else {
            // The `new` may reach a worker after the `apply` reaches the client: wait out the skew.
            context.schedule(due: emission.ts, req: req, line: emission.line)
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let request = context.session.request(obligation.req) else { return }
        if let newAt = request.newAt, newAt <= obligation.due + context.skew { return }
        report(obligation.req, line: obligation.line, &context)
    }

    private func report(_ req: String, line: Int, _ context: inout RuleContext) {
        let later = context.session.readRequest(req, { $0.newLine }).map { "; its `new` comes only at line \($0)" } ?? "; the trace has no `new` for it"
        context.report(
            "FLOW-1", lines: [line] + (context.session.readRequest(req, { $0.newLine }).map { [$0] } ?? []),
            expected: "a `new` for \(req) sent before its `apply`",
            observed: "an `apply` for \(req) with no `new` before it\(later)")
    }
}

/// FLOW-4: the backend MUST emit exactly one `apply` for a request whose WorkerAccept succeeded,
/// after receiving that WorkerAccept, and none for a request without a successful WorkerAccept.
struct FLOW4OneApplyPerWin: TraceRule {
    let infos = [
        TraceRuleInfo(
            "FLOW-4", evidence: TraceRuleInfo.backendEvidence,
            check: "one `apply` follows each request's successful WorkerAccept, and no `apply` comes without one",
            tolerance: "the `apply` may follow the success by up to emitToleranceMs; from app events, clockSkewToleranceMs more, a WorkerAccept whose answer its app never read (a transport `error` but `refused`) may be the success, and a client whose connection went down after the request's first successful WorkerAccept was sent (or came back less than clockSkewToleranceMs before) may have missed the `apply`")
    ]
    var wantsFacts: Bool { true }
    private enum Tag { static let missingApply = 0, unexplainedApply = 1 }
    /// From app events: when each awaited `apply`'s first successful WorkerAccept was sent, from
    /// which on the client must have been reachable; removed when the obligation falls due.
    private var sentAt: [String: Int64] = [:]

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        switch fact {
        case .answered(let answer) where answer.call == .workerAccept && answer.succeeded:
            // From app events, only the client's receipt can show the `apply`.
            guard let req = answer.req, context.session.backendRecorded || context.header.roles.contains(.client) else { return }
            // One `apply` is owed per request: a second success (FLOW-3) owes none more, and the
            // client must have been reachable since the first success's WorkerAccept was sent.
            guard context.session.readRequest(req, { $0.acceptSuccesses }) ?? 0 == 0 else { return }
            if !context.session.backendRecorded { sentAt[req] = answer.requestTs ?? answer.ts }
            // Recorded by the backend, the success and the `apply` are both its times: no skew between them.
            context.schedule(due: answer.ts + context.header.emitToleranceMs, req: req, clock: context.backendClock, tag: Tag.missingApply, line: answer.line)
        case .emitted(let emission) where emission.event == .apply:
            guard let req = emission.req else { return }
            // Four members read in place rather than the whole request copied out.
            let target = emission.target
            let (firstApplyLine, appliedToTarget, acceptSuccesses, acceptRequests) =
                context.session.readRequest(req) { ($0.firstApplyLine, $0.applyTargets.contains(target), $0.acceptSuccesses, $0.acceptRequests) } ?? (nil, false, 0, 0)
            // From app events a second `apply` is a second receipt by the same app.
            let repeated = context.session.backendRecorded ? firstApplyLine : (appliedToTarget ? firstApplyLine : nil)
            if let first = repeated {
                context.report(
                    "FLOW-4", lines: [first, emission.line], expected: "exactly one `apply` for \(req)",
                    observed: "a second `apply` for \(req) (the first is at line \(first))")
            } else if acceptSuccesses == 0, context.session.backendRecorded || context.header.roles.contains(.worker) {
                if !context.session.backendRecorded, acceptRequests > 0 {
                    // The success may reach the worker after the `apply` reaches the client.
                    context.schedule(due: emission.ts + context.header.emitToleranceMs, req: req, tag: Tag.unexplainedApply, line: emission.line)
                } else {
                    reportUnexplained(req, line: emission.line, &context)
                }
            }
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let request = context.session.request(obligation.req) else { return }
        switch obligation.tag {
        case Tag.missingApply:
            let since = sentAt.removeValue(forKey: obligation.req)
            guard request.applyEmissions == 0 else { return }
            // From app events: the client had no socket for part of the time the `apply` may have been sent in.
            if let since, let client = request.clientActor, !context.session.reachable(client, since: since) { return }
            context.report(
                "FLOW-4", lines: [obligation.line],
                expected: "an `apply` for \(obligation.req) within \(context.header.emitToleranceMs) ms of the successful WorkerAccept",
                observed: "no `apply` for \(obligation.req) by \(obligation.due) ms")
        default:
            guard request.acceptSuccesses == 0 else { return }
            if !request.acceptsAwaiting.isEmpty {
                // An answer still to come may show the winner: judged again once it can have come.
                context.schedule(due: obligation.due + context.header.emitToleranceMs, req: obligation.req, tag: Tag.unexplainedApply, line: obligation.line)
            } else if request.acceptsGivenUp.isEmpty {
                reportUnexplained(obligation.req, line: obligation.line, &context)
            }
            // Else a WorkerAccept whose answer its app never read may have won; FLOW-6 judges whom the `apply` names.
        }
    }

    private func reportUnexplained(_ req: String, line: Int, _ context: inout RuleContext) {
        context.report(
            "FLOW-4", lines: [line], expected: "no `apply` for \(req) before a WorkerAccept for it succeeded",
            observed: "an `apply` for \(req) without a successful WorkerAccept before it")
    }
}

/// FLOW-6: the `workerId` of an `apply` MUST be the id of the worker whose WorkerAccept succeeded.
struct FLOW6ApplyNamesWinner: TraceRule {
    let infos = [
        TraceRuleInfo(
            "FLOW-6", evidence: TraceRuleInfo.backendEvidence,
            check: "each `apply` names the worker whose WorkerAccept succeeded first",
            tolerance: "from app events, the winner's success may arrive up to emitToleranceMs after the `apply`, or later while a WorkerAccept is still unanswered; with no success in the trace, any worker whose WorkerAccept's answer its app never read may be the one named")
    ]
    var wantsFacts: Bool { true }
    /// `apply`s waiting for their winner to be known (app events only): the named worker and the line.
    private var waiting: [String: [(worker: String?, line: Int)]] = [:]

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        guard case .emitted(let emission) = fact, emission.event == .apply, let req = emission.req else { return }
        let named = emission.payload?["workerId"].flatMap(\.idText)
        if let winner = context.session.readRequest(req, { $0.winner }) {
            check(req, named: named, winner: winner, lines: [emission.line], &context)
        } else if !context.session.backendRecorded {
            waiting[req, default: []].append((named, emission.line))
            context.schedule(due: emission.ts + context.header.emitToleranceMs, req: req, line: emission.line)
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let entries = waiting.removeValue(forKey: obligation.req), let request = context.session.request(obligation.req) else { return }
        if let winner = request.winner {
            for entry in entries { check(obligation.req, named: entry.worker, winner: winner, lines: [entry.line], &context) }
        } else if !request.acceptsAwaiting.isEmpty {
            // An answer still to come may show the winner.
            waiting[obligation.req] = entries
            context.schedule(due: obligation.due + context.header.emitToleranceMs, req: obligation.req, line: obligation.line)
        } else if !request.acceptsGivenUp.isEmpty {
            // No success in the trace, but WorkerAccepts whose answers their apps never read: the
            // `apply` must name one of them.
            let maybe = request.acceptsGivenUp.keys.sorted()
            for entry in entries where entry.worker.map({ request.acceptsGivenUp[$0] == nil }) ?? true {
                context.report(
                    "FLOW-6", lines: [entry.line],
                    expected: "`workerId` of a worker whose WorkerAccept may have succeeded: no success for \(obligation.req) is in the trace, only WorkerAccepts whose answer the app never read (\(maybe.joined(separator: ", ")))",
                    observed: "`workerId` \(entry.worker ?? "missing") in the `apply` for \(obligation.req)")
            }
        }
        // With neither, FLOW-4 judges an `apply` no WorkerAccept explains.
    }

    mutating func forget(_ req: String) { waiting[req] = nil }

    private func check(_ req: String, named: String?, winner: String, lines: [Int], _ context: inout RuleContext) {
        guard named != winner else { return }
        let line = context.session.readRequest(req, { $0.firstSuccessLine })
        context.report(
            "FLOW-6", lines: lines + (line.map { [$0] } ?? []), expected: "`workerId` \(winner), the worker whose WorkerAccept succeeded",
            observed: "`workerId` \(named ?? "missing") in the `apply` for \(req)")
    }
}
