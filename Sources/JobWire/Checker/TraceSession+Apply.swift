import SocketIOWire

extension TraceSession {
    /// Updates the model with one event, after every rule has judged it against the state before it.
    mutating func apply(_ event: TraceEvent, fact: BackendFact?, call: ExchangeState, facts: TraceEventFacts) {
        let actor = event.actor
        // One lookup: the state is made on the actor's first event, its clock moved on in place.
        updateActor(actor, firstTs: event.ts) { state in
            if event.ts > state.lastTs {
                state.lastTs = event.ts
            } else {
                state.mostWentBack = max(state.mostWentBack, state.lastTs - event.ts)
            }
        }
        if let fact {
            apply(fact)
            applyRecords(fact)
        }
        defer { applyWorkflow(event, call: call) }
        switch event.body {
        case .lifecycle(let change, _): applyLifecycle(change, actor: actor, ts: event.ts, line: event.line)
        case .connected where actor.role != .backend:
            actors[actor]!.socketConnected = true
            actors[actor]!.connectedAt = event.ts
            recordsConnections = true
        case .disconnected where actor.role != .backend:
            actors[actor]!.socketConnected = false
            actors[actor]!.disconnectedAt = event.ts
        case .viewShown(let view): applyView(view, actor: actor, event: event)
        case .profileUpdated(let worker, let profile):
            if let id = worker ?? actor.id { profiles[id] = profile }
        case .socketIn(let message): applyReceipt(message, facts.message, actor: actor, event: event)
        case .socketOut(let message): applySend(message, facts.message, actor: actor, event: event)
        case .httpRequest(let request): applyRequest(request, call: call, actor: actor, event: event)
        case .httpResponse(let response): applyResponse(response, actor: actor, event: event)
        case .offerReceived(let req, let via, let offer): applyOffer(req: req, via: via, offer: offer, job: facts.offerJob, actor: actor, event: event)
        case .offerDecided(let report):
            withSide(actor, report.req) { side in
                guard side.offer != nil else { return }
                side.offer!.appDecision = report
                side.offer!.appUsedOtherProfile = Self.usesOtherProfile(report, side.offer!)
            }
        case .offerShown(let req):
            withSide(actor, req) { side in
                guard side.offer != nil, side.offer!.shownAt == nil else { return }
                side.offer!.shownAt = event.ts
                side.offer!.shownLine = event.line
            }
        case .offerDiscarded(let req, _):
            withSide(actor, req) { side in
                guard side.offer != nil, side.offer!.discardedAt == nil else { return }
                side.offer!.discardedAt = event.ts
                side.offer!.discardedLine = event.line
            }
            actors[actor]!.discarded.insert(req)
            actors[actor]!.hasDiscarded = true
        case .timerStarted(let timer, let req, let startedAt) where timer == .timeout:
            withSide(actor, req) { side in
                if side.timerStartedAt == nil {
                    side.timerStartedAt = startedAt
                    side.timerLine = event.line
                }
            }
        case .alertShown(let alert):
            guard let req = alert.req else { break }
            withSide(actor, req) { side in
                if side.endReceivedAt != nil { side.alertAfterEnd = true }
                if alert.result == .success { side.successAlertShown = true }
                if alert.result == .failure {
                    side.timeoutAlertPendingLine = nil
                    if side.acceptOutcome == .failure { side.failureAlertShown = true }
                }
            }
            if alert.result == .failure { actors[actor]!.pendingFailures.remove(req) }
        default:
            break
        }
    }

    /// Runs `body` on the actor's state in place, making it first (its first event at `firstTs`).
    mutating func updateActor(_ actor: TraceActor, firstTs: Int64, _ body: (inout ActorState) -> Void) {
        actors.update(actor, firstTs: firstTs, body)
    }

    /// Runs `body` on the kept state of `req` in place, with one lookup of its id rather than one
    /// per member changed; the request must be kept (``touch(_:)`` it first).
    mutating func withRequest(_ req: String, _ body: (inout RequestState) -> Void) {
        body(&requests[req]!)
    }

    /// Runs `body` on the actor's side of `req`, creating both when needed.
    mutating func withSide(_ actor: TraceActor, _ req: String, _ body: (inout AppSide) -> Void) {
        touch(req)
        body(&requests[req]!.sides[actor, default: AppSide()])
    }

    private mutating func apply(_ fact: BackendFact) {
        switch fact {
        case .emitted(let emission):
            guard let req = emission.req else { return }
            touch(req)
            switch emission.event {
            case .new:
                withRequest(req) { request in
                    request.newTargets.append(emission.target)
                    request.newReceivers.insert(emission.target)
                    if request.newPayload == nil { request.newPayload = emission.payload }
                    if request.newLine == nil {
                        request.newLine = emission.line
                        request.newAt = emission.ts
                    }
                }
            case .apply:
                withRequest(req) { request in
                    request.applyEmissions += 1
                    request.applyTargets.append(emission.target)
                    if request.applyPayload == nil { request.applyPayload = emission.payload }
                    if request.firstApplyLine == nil {
                        request.firstApplyLine = emission.line
                        request.firstApplyAt = emission.ts
                    }
                }
            case .cancel:
                requests[req]!.cancelTargets.append(emission.target)
                if requests[req]!.endPayload == nil { requests[req]!.endPayload = emission.payload }
                end(req, by: .cancel, at: emission.ts, line: emission.line)
            case .close:
                requests[req]!.closeTargets.append(emission.target)
                if requests[req]!.endPayload == nil { requests[req]!.endPayload = emission.payload }
                end(req, by: .close, at: emission.ts, line: emission.line)
            }
        case .received(let call):
            if [.workerAccept, .cancel, .close].contains(call.call), let req = call.req, requests[req] != nil, requests[req]!.firstSettlingCallAt == nil {
                requests[req]!.firstSettlingCallAt = call.ts
            }
            if call.call == .workerAccept, let req = call.req {
                touch(req)
                requests[req]!.acceptRequests += 1
                if !backendRecorded, let worker = call.worker, requests[req]!.acceptsAwaiting.count < 64 {
                    requests[req]!.acceptsAwaiting.insert(worker)
                }
                if let worker = call.body?["workerId"].flatMap(\.idText), requests[req]!.acceptedBy.count < 64 {
                    requests[req]!.acceptedBy.insert(worker)
                }
            }
            if call.call == .cancel || call.call == .close, let req = call.req {
                touch(req)
                requests[req]!.endCallsSeen += 1
                if let body = call.body {
                    requests[req]!.endCalls.append((call.xid, body))
                    if requests[req]!.endCalls.count > 8 { requests[req]!.endCalls.removeFirst() }
                }
            }
        case .answered(let answer):
            if answer.call == .workerAccept, let req = answer.req, let worker = answer.worker {
                requests[req]?.acceptsAwaiting.remove(worker)
            }
            if !answer.succeeded, answer.call == .cancel || answer.call == .close, let req = answer.req {
                requests[req]?.endCalls.removeAll { $0.xid == answer.xid }
                if let seen = requests[req]?.endCallsSeen, seen > 0 { requests[req]!.endCallsSeen = seen - 1 }
            }
            guard let req = answer.req, answer.succeeded else { return }
            touch(req)
            switch answer.call {
            case .postRequest:
                withRequest(req) { request in
                    if let clientId = answer.requestBody?["clientId"].flatMap(\.idText) { request.clientId = clientId }
                    if request.postedAt == nil {
                        request.postBody = answer.requestBody
                        request.postedAt = answer.ts
                        request.postLine = answer.line
                    }
                }
            case .workerAccept:
                withRequest(req) { request in
                    request.acceptSuccesses += 1
                    if request.winner == nil {
                        request.winner = answer.worker
                        request.wonAt = answer.ts
                        request.firstSuccessLine = answer.line
                    }
                }
            case .cancel, .close:
                end(req, by: answer.call == .cancel ? .cancel : .close, at: answer.ts, line: answer.line)
            case .getJobs, .getRequest, .listRequests, .meProfile, .position, .workerFixture, .clientFixture: break
            }
        }
    }

    /// Runs `body` on the actor's state in place: copied out and stored back, a state's sets
    /// were copied whole the first time one of them changed.
    mutating func withActor<Result>(_ actor: TraceActor, _ body: (inout ActorState) -> Result) -> Result {
        body(&actors[actor]!)
    }

    private mutating func applyLifecycle(_ change: LifecycleChange, actor: TraceActor, ts: Int64, line: Int) {
        withActor(actor) { state in Self.apply(change, to: &state, at: ts, line: line) }
    }

    private static func apply(_ change: LifecycleChange, to state: inout ActorState, at ts: Int64, line: Int) {
        let wasAvailable = state.available
        switch change {
        case .launched:
            if !state.running || state.lastAwayAt != nil { state.lastLaunchLine = line }
            state.launchedSeen = true
            state.running = true
            state.foreground = true
            state.lastRestoreAt = ts
        case .restored, .foregrounded:
            state.running = true
            state.foreground = true
            state.lastRestoreAt = ts
        case .backgrounded:
            state.foreground = false
            state.lastAwayAt = ts
        case .terminated:
            state.running = false
            state.foreground = false
            state.lastAwayAt = ts
            state.view = nil
            state.viewReq = nil
        }
        if state.available, !wasAvailable { state.availableSince = ts }
    }

    private mutating func applyView(_ view: ViewRecord, actor: TraceActor, event: TraceEvent) {
        let (changed, pending) = withActor(actor) { state in
            let wasAvailable = state.available
            let changed = state.view != view.view || state.viewReq != view.req
            let priorReq = state.viewReq
            state.view = view.view
            state.viewReq = view.req
            if state.available, !wasAvailable { state.availableSince = event.ts }
            if changed, let prior = priorReq { state.movedByEnd.remove(prior) }
            return (changed, state.pendingFailures)
        }
        if view.view == TraceViews.workInProgress, let req = view.req { withSide(actor, req) { $0.workInProgressShownAt = event.ts } }
        guard changed else { return }
        for req in pending {
            withSide(actor, req) { side in
                if side.viewChangeAfterFailureLine == nil { side.viewChangeAfterFailureLine = event.line }
            }
        }
    }

    private mutating func applyReceipt(_ message: SocketMessage, _ facts: MessageFacts, actor: TraceActor, event: TraceEvent) {
        guard actor.role != .backend, let protocolEvent = facts.event, let req = facts.req else { return }
        withSide(actor, req) { side in
            switch protocolEvent {
            case .apply:
                if side.applyReceivedAt == nil {
                    side.applyReceivedAt = event.ts
                    side.applyLine = event.line
                    side.applyPayload = message.payload
                }
            case .cancel, .close:
                if side.endReceivedAt == nil {
                    side.endReceivedAt = event.ts
                    side.endReceivedLine = event.line
                }
            case .new: break
            }
        }
        if protocolEvent == .new, let payload = message.payload { lastNewReceived[actor] = (req, payload) }
        if protocolEvent == .cancel || protocolEvent == .close {
            let state = actors[actor]!
            if state.viewReq == req, state.view.map(ViewRecord.presentsARequest) == true,
                requests[req]?.sides[actor]?.endedByItself != true
            {
                actors[actor]!.movedByEnd.insert(req)
            }
        }
    }

    private mutating func applySend(_ message: SocketMessage, _ facts: MessageFacts, actor: TraceActor, event: TraceEvent) {
        guard actor.role == .backend, let protocolEvent = facts.event, let req = facts.req, header.roles.count > 1 else { return }
        touch(req)
        withRequest(req) { request in
            request.sends.append(PairedMessage(event: protocolEvent, room: message.room, receiver: nil, ts: event.ts, line: event.line))
            if request.sends.count > 64 { request.sends.removeFirst(request.sends.count - 64) }
        }
    }

    private mutating func applyRequest(_ request: HTTPRequestRecord, call: ExchangeState, actor: TraceActor, event: TraceEvent) {
        var exchange = exchanges[request.xid] ?? call
        if actor.role == .backend {
            exchange.backendReceivedAt = event.ts
            exchange.backendReceivedLine = event.line
        } else {
            exchange.app = actor
            exchange.appSentAt = event.ts
            exchange.appSentLine = event.line
        }
        store(exchange: exchange, xid: request.xid)
        guard actor.role != .backend, let call = exchange.call, let req = exchange.req else { return }
        withSide(actor, req) { side in
            switch call {
            case .cancel:
                side.endedByItself = true
                if side.cancelSentAt == nil {
                    side.cancelSentAt = event.ts
                    side.cancelLine = event.line
                }
            case .close: side.endedByItself = true
            case .workerAccept: side.acceptOutcome = .pending
            case .getRequest: side.readSentAt = event.ts
            case .postRequest, .getJobs, .listRequests, .meProfile, .position, .workerFixture, .clientFixture: break
            }
        }
    }

    private mutating func applyResponse(_ response: HTTPResponseRecord, actor: TraceActor, event: TraceEvent) {
        guard var exchange = exchanges[response.xid] else { return }
        if actor.role == .backend {
            exchange.backendAnsweredAt = event.ts
        } else if response.status != nil {
            exchange.appReceivedAt = event.ts
        } else {
            // The app's own give-up (refused, reset, timeout, malformed): no answer arrived.
            exchange.appGaveUpAt = event.ts
        }
        store(exchange: exchange, xid: response.xid)
        guard actor.role != .backend, let call = exchange.call else { return }
        if response.status == nil, call == .workerAccept, let req = exchange.req, let worker = exchange.worker, requests[req] != nil {
            // Its answer will never be read: unless the call never left (`refused`), the backend
            // may have taken it, and its worker may have won.
            requests[req]!.acceptsAwaiting.remove(worker)
            if response.error != "refused", !backendRecorded, requests[req]!.acceptsGivenUp.count < 64 {
                requests[req]!.acceptsGivenUp[worker] = exchange.appSentAt ?? event.ts
            }
        }
        switch call {
        case .postRequest:
            guard response.succeeded, let req = response.body?["ReqID"].flatMap(\.idText) else { return }
            touch(req)
            if requests[req]!.clientActor == nil { requests[req]!.clientActor = actor }
            if requests[req]!.clientId == nil { requests[req]!.clientId = exchange.requestBody?["clientId"].flatMap(\.idText) }
            withSide(actor, req) { side in
                side.postAnsweredAt = event.ts
                side.postAnsweredLine = event.line
            }
        case .workerAccept:
            guard let req = exchange.req else { return }
            let succeeded = response.succeeded
            withSide(actor, req) { side in
                side.acceptOutcome = succeeded ? .success : .failure
                side.acceptAnsweredLine = event.line
                side.acceptAnsweredAt = event.ts
                side.failureAlertShown = false
                side.viewChangeAfterFailureLine = nil
            }
            if succeeded { actors[actor]!.pendingFailures.remove(req) } else { actors[actor]!.pendingFailures.insert(req) }
        case .getRequest:
            guard response.succeeded, let req = exchange.req, let state = response.body?["request"],
                let status = state["status"]?.stringValue
            else { return }
            let won = actor.role == .worker && status != "open" && state["workerId"].flatMap(\.idText) == actor.id
            withSide(actor, req) { side in
                side.readStatus = status
                side.readAt = event.ts
                side.readLine = event.line
                if won { side.readWon = true }
                // A client that missed the live `apply` learns it from the read (STATE-7): its Work in
                // Progress view and apply alert show that payload (VIEW-5, VIEW-6, ALERT-6, ALERT-7).
                if actor.role == .client, status == "inProgress", side.applyPayload == nil, let apply = state["apply"], apply.objectValue != nil {
                    side.applyPayload = apply
                }
            }
        case .getJobs, .cancel, .close, .listRequests, .meProfile, .position, .workerFixture, .clientFixture:
            break
        }
    }
}
