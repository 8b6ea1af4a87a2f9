import SocketIOWire

extension TraceSession {
    /// Updates an app's offline workflow state with one event, after the rules have judged it (OFFL, AUTH).
    mutating func applyWorkflow(_ event: TraceEvent, call: ExchangeState) {
        let actor = event.actor
        guard actor.role != .backend else { return }
        // Changed in place in the dictionary, moved out of `self` meanwhile so that the app's state
        // is neither copied out and back (with its collections) nor rehashed.
        var all = workflow
        workflow = [:]
        defer { workflow = all }
        update(&all[actor, default: WorkflowState()], with: event, call: call)
    }

    private func update(_ state: inout WorkflowState, with event: TraceEvent, call: ExchangeState) {
        let actor = event.actor
        switch event.body {
        case .connectivity(let online):
            if online {
                state.offlineWithActiveJWT = false
            } else if state.online != false {
                let flights = state.inFlight.values.sorted { $0.request.seq < $1.request.seq }.map(\.request)
                for request in WorkflowState.returning(flights, queue: state.queue) { state.mustReturn[request.seq] = request }
                state.inFlight.removeAll()
            }
            state.online = online
        case .httpRequest(let request):
            if request.method.uppercased() == "GET", request.call?.kind != "list" { state.lastGetAt = event.ts }
            guard let workflowCall = request.call else { break }
            state.queue.removeAll { $0.seq == workflowCall.seq }
            state.mustReturn[workflowCall.seq] = nil
            state.announced.remove(workflowCall.seq)
            state.inFlight[request.xid] = WorkflowState.Flight(request: workflowCall, ts: event.ts, line: event.line, replayed: workflowCall.seq <= state.maxSeq)
            state.noteMade(workflowCall)
        case .httpResponse(let response):
            guard let flight = state.inFlight.removeValue(forKey: response.xid) else { break }
            applyAnswer(response, to: flight.request, state: &state, line: event.line)
        case .queueChanged(let change):
            guard let op = change.op, let entry = change.entry, entry.isQueueable else { break }
            switch op {
            case .enqueue:
                state.enqueue(entry)
                state.noteMade(entry)
            case .drop:
                state.queue.removeAll { $0.seq == entry.seq }
                state.mustReturn[entry.seq] = nil
            case .send:
                state.queue.removeAll { $0.seq == entry.seq }
                state.mustReturn[entry.seq] = nil
                state.announced.insert(entry.seq)
            }
        case .alertShown(let alert) where alert.alert == TraceViews.notification:
            state.announcements[alert.notification.entity ?? "", default: .init()].shown += 1
        case .viewShown(let view) where view.view == TraceViews.contacts:
            if view.elements?["updated"] == .bool(true) {
                state.lastUpdatedRenderAt = event.ts
                state.listAnswersAwaitingRender = max(0, state.listAnswersAwaitingRender - 1)
            } else {
                state.lastRenderAt = event.ts
            }
        case .lifecycle(.terminated, _):
            let flights = state.inFlight.values.sorted { $0.request.seq < $1.request.seq }.map(\.request)
            state.inFlightAtTermination = WorkflowState.returning(flights, queue: state.queue)
            state.inFlight.removeAll()
            state.announced.removeAll()
        case .lifecycle(.launched, let stored):
            applyLaunch(stored, at: event.ts, state: &state)
        default:
            break
        }
        let ready = state.online == true && actors[actor]?.running != false && state.head != nil && !state.createOrEditInFlight
        if !ready {
            state.replayReadySince = nil
        } else if state.replayReadySince == nil {
            state.replayReadySince = event.ts
        }
    }

    private func applyAnswer(_ response: HTTPResponseRecord, to request: OfflineRequest, state: inout WorkflowState, line: Int) {
        guard response.status != nil else {
            // OFFL-11: a transport error is a loss of connectivity for this request.
            if request.isQueueable, !WorkflowState.returning([request], queue: state.queue).isEmpty { state.mustReturn[request.seq] = request }
            return
        }
        state.answeredSeqs[request.seq] = line
        switch request.call {
        case .create(let temporary, _):
            state.answeredTemporary[temporary.rawValue] = line
            guard response.succeeded, let backendID = WorkflowState.backendID(from: response.body) else { return }
            // OFFL-6: the backend id replaces the temporary one everywhere the app keeps it.
            let new = EntityID(backendID)
            state.queue = state.queue.map { $0.replacingEntity(temporary, with: new) }
            state.mustReturn = state.mustReturn.mapValues { $0.replacingEntity(temporary, with: new) }
            for (xid, flight) in state.inFlight { state.inFlight[xid]?.request = flight.request.replacingEntity(temporary, with: new) }
            state.knownFields[backendID] = state.knownFields[temporary.rawValue]
            state.announcements[backendID] = state.announcements[backendID] ?? .init()
        case .list where response.succeeded:
            state.listAnswersAwaitingRender += 1
        case .login where response.succeeded:
            state.storedJWT = WorkflowState.token(from: response.body) ?? state.storedJWT
            state.everOnline = true
        default:
            break
        }
    }

    private func applyLaunch(_ stored: StoredState, at ts: Int64, state: inout WorkflowState) {
        if let queue = stored.queue {
            state.queue = []
            for request in queue where request.isQueueable { state.enqueue(request) }
            state.mustReturn.removeAll()
        } else {
            for request in state.inFlightAtTermination + Array(state.mustReturn.values) { state.enqueue(request) }
        }
        state.inFlightAtTermination = []
        for request in state.queue { state.maxSeq = max(state.maxSeq, request.seq) }
        if let jwt = stored.jwt { state.storedJWT = jwt }
        if let everOnline = stored.everOnline { state.everOnline = everOnline }
        let active = state.storedJWT?.cached?.isActive(at: ts) ?? false
        state.offlineWithActiveJWT = state.online == false && active
    }
}

extension WorkflowState {
    /// Records a create or edit the app made or replayed: its `seq`, its temporary id, its fields (OFFL-3, OFFL-10).
    mutating func noteMade(_ request: OfflineRequest) {
        let isNew = request.seq > maxSeq
        maxSeq = max(maxSeq, request.seq)
        guard isNew, let id = request.entityID else { return }
        if case .create = request.call, temporaryIDs[id.rawValue] == nil { temporaryIDs[id.rawValue] = request.seq }
        if case .create(_, let data) = request.call { knownFields[id.rawValue] = Set(data.keys) }
        if case .edit(_, let data) = request.call { knownFields[id.rawValue] = Set(data.keys) }
        announcements[id.rawValue, default: .init()].made += 1
    }
}
