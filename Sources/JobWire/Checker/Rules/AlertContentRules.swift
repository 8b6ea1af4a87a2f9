import SocketIOWire

/// ALERT-6, ALERT-7, ALERT-8 and ALERT-9: what each transitional alert shows, by the element
/// names of PROTOCOL.md, and that shown values match the messages they come from. An alert that
/// never shows shows none of its elements: ``ALERTSuccessAfterView`` and ``ALERTFailedAcceptRules``
/// report these ids too when the alert they wait for is missing.
struct ALERTContents: TraceRule {
    let infos = [
        TraceRuleInfo("ALERT-6", evidence: [.client], check: "the apply alert shows (within reactionToleranceMs of the change to Work in Progress) `title`, `avatar` equal to the apply's workerAvatar, `rating` equal to its workerRating when there is one, and `ok`"),
        TraceRuleInfo("ALERT-7", evidence: [.client], check: "the apply alert of a worker with workerRating null shows (within reactionToleranceMs of the change to Work in Progress) `newWorker` and no `rating`"),
        TraceRuleInfo("ALERT-8", evidence: [.worker], check: "the success alert shows (within reactionToleranceMs of the change to Work in Progress) `title`, `subtitle`, `image`, `close`, and `clientName` and `address` equal to the request's `new`"),
        TraceRuleInfo("ALERT-9", evidence: [.worker], check: "the failure alert shows (within reactionToleranceMs of the failed WorkerAccept) `title`, `text` and `ok`"),
    ]
    var kinds: Set<TraceEventKind> { [.alertShown] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard case .alertShown(let alert) = event.body, let req = alert.req else { return }
        let side = context.session.side(event.actor, req)
        let elements = alert.elements
        switch (event.actor.role, alert.result) {
        case (.client, .success):
            guard let apply = side?.applyPayload else { return }
            // ALERT-6: title, avatar, rating, ok.
            var problems = Self.missing(["title", "avatar", "ok"], in: elements)
            if let avatar = apply["workerAvatar"], elements["avatar"] != nil, !TraceSession.sameValue(elements["avatar"], avatar) {
                problems.append("`avatar` \(elements["avatar"]!.reportText) is not the apply's workerAvatar \(avatar.reportText)")
            }
            let rating = apply["workerRating"]
            if let rating, rating.doubleValue != nil {
                if elements["rating"] == nil {
                    problems.append("`rating` is missing")
                } else if elements["rating"]?.doubleValue != rating.doubleValue {
                    problems.append("`rating` \(elements["rating"]!.reportText) is not the apply's workerRating \(rating.reportText)")
                }
            } else {
                // ALERT-7: a worker with no rating is a "New Worker".
                var newWorker: [String] = []
                if elements["newWorker"] == nil || elements["newWorker"] == .null { newWorker.append("`newWorker` is missing") }
                if let shown = elements["rating"] { newWorker.append("`rating` \(shown.reportText) is shown") }
                if !newWorker.isEmpty {
                    context.report(
                        "ALERT-7", lines: [side?.applyLine ?? event.line, event.line],
                        expected: "a `newWorker` label instead of a rating, since the apply's workerRating is null",
                        observed: newWorker.joined(separator: "; "))
                }
            }
            if !problems.isEmpty {
                context.report(
                    "ALERT-6", lines: [side?.applyLine ?? event.line, event.line],
                    expected: "the apply alert with title, the worker's avatar and rating, and an OK button",
                    observed: problems.joined(separator: "; "))
            }
        case (.worker, .success):
            // After a live success, or a state read that named the worker the winner (STATE-10).
            guard side?.acceptOutcome == .success || side?.readWon == true else { return }
            // ALERT-8: title, subtitle, image, close, clientName, address.
            var problems = Self.missing(["title", "subtitle", "image", "close", "clientName", "address"], in: elements)
            if let offer = side?.offer?.payload {
                for key in ["clientName", "address"] {
                    if let shown = elements[key], let sent = offer[key], !TraceSession.sameValue(shown, sent) {
                        problems.append("`\(key)` \(shown.reportText) is not the `new`'s \(sent.reportText)")
                    }
                }
            }
            if !problems.isEmpty {
                context.report(
                    "ALERT-8", lines: [event.line], expected: "the success alert with title, subtitle, image, close button, and the client's name and address",
                    observed: problems.joined(separator: "; "))
            }
        case (.worker, .failure):
            // ALERT-9: title, text, ok.
            let problems = Self.missing(["title", "text", "ok"], in: elements)
            if !problems.isEmpty {
                context.report(
                    "ALERT-9", lines: [event.line], expected: "the failure alert with an error title, a brief text and an OK button",
                    observed: problems.joined(separator: "; "))
            }
        default:
            break
        }
    }

    /// The elements of `names` a view or alert does not show: absent, null, or `false` (a button
    /// or label recorded as not there), each as a report phrase.
    static func missing(_ names: [String], in elements: JSONObject) -> [String] {
        names.compactMap { name in
            switch elements[name] {
            case nil, .null?: return "`\(name)` is missing"
            case .bool(false)?: return "`\(name)` is false, so not shown"
            default: return nil
            }
        }
    }
}

/// ALERT-10: when the client app cancels a request on timeout it MUST show the standard error
/// alert (title, text, image, OK) before it leaves the waiting view.
struct ALERT10TimeoutAlert: TraceRule {
    let infos = [
        TraceRuleInfo(
            "ALERT-10", evidence: [.client],
            check: "after a timeout cancel the client shows a failure alert with `title`, `text`, `image` and `ok` before any view change",
            tolerance: "the alert may take up to reactionToleranceMs")
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest, .viewShown, .alertShown] }
    /// Timeout cancels whose alert has not shown: request to the cancel's line.
    private var pending: [String: Int] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .client else { return }
        switch event.body {
        case .httpRequest(let request):
            let exchange = context.call
            guard exchange.call == .cancel, let req = exchange.req, let side = context.session.side(event.actor, req),
                let answered = side.postAnsweredAt, side.cancelSentAt == nil
            else { return }
            let deadline = answered + context.header.timeoutMs
            let isTimeout = request.body?["reason"]?.stringValue == "timeout" || (side.applyReceivedAt == nil && event.ts >= deadline - context.skew)
            guard isTimeout else { return }
            pending[req] = event.line
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: event.actor, clock: event.actor, line: event.line)
        case .viewShown(let view):
            let state = context.session.actors[event.actor]
            guard state?.view != view.view || state?.viewReq != view.req else { return }
            for (req, line) in pending where context.session.readRequest(req, { $0.clientActor }) ?? event.actor == event.actor {
                pending[req] = nil
                context.report(
                    "ALERT-10", lines: [line, event.line], expected: "the timeout alert for \(req) before the view changes",
                    observed: "the view changed to \(view.view) before any timeout alert")
            }
        case .alertShown(let alert):
            guard alert.result == .failure, let req = alert.req, let line = pending.removeValue(forKey: req) else { return }
            let problems = ALERTContents.missing(["title", "text", "image", "ok"], in: alert.elements)
            guard !problems.isEmpty else { return }
            context.report(
                "ALERT-10", lines: [line, event.line], expected: "the standard error alert with title, friendly text, image and OK button",
                observed: problems.joined(separator: "; "))
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard pending[obligation.req] == obligation.line else { return }
        pending[obligation.req] = nil
        context.report(
            "ALERT-10", lines: [obligation.line], expected: "the timeout alert for \(obligation.req) within \(context.header.reactionToleranceMs) ms of the timeout cancel",
            observed: "no failure alert for \(obligation.req)")
    }

    mutating func forget(_ req: String) { pending[req] = nil }
}

/// ALERT-11 (SHOULD): when a received `cancel` or `close` moves an app out of a view of the
/// request, the app SHOULD show an alert that says so; its order against the view change is free.
/// Leaving the waiting or Work in Progress view is ALERT-12's, which makes the alert a MUST, so
/// this rule reads the other views of the request (a worker's offer details, say).
struct ALERT11MovedByEndAlert: TraceRule {
    let infos = [
        TraceRuleInfo(
            "ALERT-11", evidence: [.client, .worker],
            check: "an app moved out of a view of a request other than waiting and Work in Progress by a received `cancel` or `close` shows an alert about that request",
            tolerance: "the alert may come before or up to reactionToleranceMs after the view change")
    ]
    var kinds: Set<TraceEventKind> { [.socketIn, .viewShown] }
    /// Requests whose `cancel` or `close` arrived while another of their views was on screen.
    private var moved: Set<ActorRequest> = []

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend, let state = context.session.actors[event.actor], let req = state.viewReq else { return }
        switch event.body {
        case .socketIn:
            guard context.message.req == req, let incoming = context.message.event, incoming == .cancel || incoming == .close,
                state.view != TraceViews.waiting, state.view != TraceViews.workInProgress,
                context.session.side(event.actor, req)?.endedByItself != true
            else { return }
            moved.insert(ActorRequest(actor: event.actor, req: req))
        case .viewShown(let view):
            guard state.view != view.view || req != view.req, moved.remove(ActorRequest(actor: event.actor, req: req)) != nil else { return }
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: event.actor, clock: event.actor, line: event.line)
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let side = context.session.side(actor, obligation.req), !side.alertAfterEnd else { return }
        context.report(
            "ALERT-11", lines: [side.endReceivedLine ?? obligation.line, obligation.line],
            expected: "an alert saying \(obligation.req) was cancelled or closed",
            observed: "the \(actor.role.protocolName) left the view of \(obligation.req) without one")
    }

    mutating func forget(_ req: String) {
        moved.forget(req)
    }
}
