import JobWire
import SocketIOWire

extension ScenarioEngine {
    /// When a step runs: its `at`, or its trigger's moment plus `ms`; nil while the trigger has not happened.
    func fireTime(_ step: ScenarioStep) -> Int64? {
        switch step.timing {
        case .at(let ms): return startedAt + ms
        case .after(let trigger, let ms): return moments[trigger.key(defaultActor: step.actor)].map { $0 + ms }
        }
    }

    /// Runs one step: an app's user action or lifecycle change, or one of the backend's own.
    mutating func run(_ step: ScenarioStep) {
        // A step is activity: the scenario cannot end before the app has answered it, however
        // long the quiet before it lasted.
        lastActivity = max(lastActivity, now)
        let actor = step.actor ?? appID
        func request(_ alias: String) -> String? {
            guard let req = aliases[alias] else {
                outputs.append(.stepFailed(ScenarioStepFailure(scenario: scenario, step: step, reason: "\(alias) was never posted")))
                return nil
            }
            return req
        }
        switch step.action {
        case .post(let alias, let fields):
            pendingPosts[actor, default: []].append(alias)
            deliver(Delivery(to: actor, input: .user(.post(request: fields))))
        case .accept(let alias):
            guard let req = request(alias) else { return }
            deliver(Delivery(to: actor, input: .user(.accept(req: req))))
        case .discard(let alias):
            guard let req = request(alias) else { return }
            deliver(Delivery(to: actor, input: .user(.discard(req: req))))
        case .close(let alias, let outcome):
            guard let req = request(alias) else { return }
            deliver(Delivery(to: actor, input: .user(.close(req: req, outcome: outcome))))
        case .cancel(let alias, let reason):
            guard let req = request(alias) else { return }
            deliver(Delivery(to: actor, input: .user(.cancel(req: req, reason: reason))))
        case .background:
            deliver(Delivery(to: actor, input: .lifecycle(.background)))
        case .foreground:
            deliver(Delivery(to: actor, input: .lifecycle(.foreground)))
        case .restart:
            deliver(Delivery(to: actor, input: .lifecycle(.restart)))
        case .disconnect(let ms):
            dropConnection(for: ms)
        case .press(let press):
            guard let resolved = press.resolving(request) else { return }
            deliver(Delivery(to: actor, input: .user(.press(resolved))))
        case .send(let event, let alias, let to, let with):
            guard let req = request(alias), var payload = backend.requests[req]?.newPayload else { return }
            if case .object(var object) = payload, !with.isEmpty {
                for member in with.members { object[member.key] = member.value }
                payload = .object(object)
            }
            let room = to == "channel" ? backend.profile.channelRoom : to
            let name = ProtocolEvent(rawValue: event).map(backend.profile.name(of:)) ?? event
            let emission = Emission(event: name, room: room, payload: payload)
            record(.backend, emission.sent(in: backend.profile.namespace))
            emit(emission)
        case .fail(let call, let code, let alias, let from):
            failures.append(FailRule(call: call, answer: .failure(code), alias: alias, from: from, step: step.index))
        case .drop(let event, let to):
            drops.append((event, to))
        case .delay(let event, let to, let ms):
            delays.append((event, to, ms))
        case .end:
            endRequested = true
        case .refuseConnect, .duplicate, .breakAnswer, .kill, .relaunch:
            runFault(step)
        }
    }

    /// The times something is due: late deliveries, timers of every app, steps whose time is
    /// known, the app's reconnection. Empty when the scenario is quiescent.
    var dueTimes: [Int64] {
        var times = timed.map(\.at) + appWakes
        for wakes in kitWakes.values { times += wakes }
        for step in scenario.steps where !stepsDone[step.index] {
            if let at = fireTime(step) { times.append(at) }
        }
        if let at = link.autoReconnectAt { times.append(at) }
        return times
    }

    /// The latest time the scenario runs to: its `horizon` after the start (Docs/BROKER.md, "The end").
    var horizonAt: Int64 { startedAt + (scenario.horizonMs ?? Scenario.defaultHorizonMs) }

    /// When a quiescent scenario ends: once everything it started has been quiet long enough for
    /// the checker to judge it (the settings' tolerances after the last activity, the open
    /// deadlines and the foreseen showAt times).
    var endAt: Int64 {
        var latest = max(lastActivity, horizon)
        for deadline in openDeadlines.values { latest = max(latest, deadline) }
        return latest + scenario.settings.settleMs
    }

    mutating func finishIfOver() {
        guard !finished, queue.isEmpty else { return }
        guard endRequested || now >= horizonAt || (dueTimes.isEmpty && now >= endAt) else { return }
        finish(judgingSteps: true)
    }

    /// Ends the scenario; unless a driver stopped it, each step that never ran fails it.
    mutating func finish(judgingSteps: Bool) {
        if judgingSteps {
            for step in scenario.steps where !stepsDone[step.index] {
                let reason: String
                switch step.timing {
                case .after(let trigger, _) where fireTime(step) == nil: reason = "\(trigger.key(defaultActor: step.actor)) did not happen"
                default: reason = "the scenario ended at \(now - startedAt) ms, before its time"
                }
                outputs.append(.stepFailed(ScenarioStepFailure(scenario: scenario, step: step, reason: reason)))
            }
        }
        finished = true
        record(.backend, .end)
        outputs.append(.finished(at: now))
    }
}
