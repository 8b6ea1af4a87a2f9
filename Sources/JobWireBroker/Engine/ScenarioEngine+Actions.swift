import JobWire
import SocketIOWire

extension ScenarioEngine {
    /// Acts on what an app did: records its UI events, runs its REST calls, notes its timers.
    mutating func perform(_ actions: [AppAction], by actorID: String) {
        let actor = traceActor(actorID)
        for action in actions {
            switch action {
            case .trace(let kind, let fields, let ts):
                let event: TraceEvent
                do throws(InputError) {
                    event = try TraceEvent(reported: fields, kind: kind, ts: ts ?? now, actor: actor, header: scenario.header, file: scenario.name, line: 0)
                } catch {
                    let field = error.field.map { "\($0): " } ?? ""
                    outputs.append(.refused("the app reported a \(kind.rawValue) the capture cannot hold: \(field)\(error.message)"))
                    continue
                }
                record(event)
                if actorID == appID { appLifecycle(event.body) }
                if case .offerShown(let req) = event.body, let alias = aliasOf[req] {
                    moment("\(alias).shown@\(actorID)")
                }
            case .http(let xid, let method, let path, let body, let timeoutMs):
                rest(from: actorID, localXid: xid, method: method, path: path, body: body, timeoutMs: timeoutMs)
            case .connect:
                if actorID == appID { appConnects() }
            case .timer(let at):
                if actorID == appID { appWakes.insert(at) } else { kitWakes[actorID, default: []].insert(at) }
            case .emit(let event, let payload):
                record(actor, .socketOut(SocketMessage(event: event, payload: payload, namespace: backend.profile.namespace)))
            }
        }
    }

    /// Hands queued inputs to their actors in order: the kit's apps answer at once, the app under
    /// test's inputs become outputs for the driver.
    mutating func drain() {
        while !queue.isEmpty {
            let delivery = queue.removeFirst()
            let actor = traceActor(delivery.to)
            switch delivery.input {
            case .http(_, let status, let body, let error):
                record(actor, .httpResponse(HTTPResponseRecord(xid: delivery.traceXid ?? "", status: status.map(Int64.init), body: body, error: error)))
            case .socket(let event, let payload):
                if event == backend.profile.name(of: .apply), let req = payload["ReqID"]?.stringValue {
                    openDeadlines[req] = nil
                    if let alias = aliasOf[req] { moment("\(alias).applied") }
                }
                if delivery.to != appID || recordsAppReceipts {
                    record(actor, .socketIn(SocketMessage(event: event, payload: payload, namespace: backend.profile.namespace)))
                }
            default:
                break
            }
            if delivery.to == appID {
                outputs.append(.toApp(delivery.input))
            } else if kit[delivery.to] != nil {
                let actions = kit[delivery.to]!.handle(delivery.input, now: now)
                perform(actions, by: delivery.to)
            }
        }
    }

    /// Queues an input for an actor unless the app under test cannot get it now: killed, or a
    /// socket event while disconnected (virtual time; a live driver knows whether the app's socket
    /// is there).
    mutating func deliver(_ delivery: Delivery) {
        if delivery.to == appID, recordsAppReceipts || !delivery.input.isSocketEvent, !reachesApp(delivery.input) { return }
        queue.append(delivery)
    }

    /// Sends an event to a room: the channel reaches every worker, a user's room that user (MSG-2),
    /// through the scenario's `drop` and `delay` filters.
    mutating func emit(_ emission: Emission) {
        let recipients: [ScenarioActor]
        if emission.room == backend.profile.channelRoom {
            recipients = scenario.actors.filter { $0.role == .worker }
        } else {
            recipients = scenario.actors.filter { $0.id == emission.room }
        }
        for recipient in recipients {
            if let index = drops.firstIndex(where: { $0.event == emission.event && $0.to == recipient.id }) {
                drops.remove(at: index)
                continue
            }
            let delivery = Delivery(to: recipient.id, input: .socket(event: emission.event, payload: emission.payload))
            let count = copies(of: emission.event, to: recipient.id)
            if let index = delays.firstIndex(where: { $0.event == emission.event && $0.to == recipient.id }) {
                let at = now + delays.remove(at: index).ms
                for _ in 0..<count { timed.append((at, delivery)) }
                continue
            }
            if count > 1 { deliver(delivery) }
            if recipient.id == appID, emission.event == backend.profile.name(of: .new), emission.payload["workerId"] == nil {
                // VIEW-4 and TIME-8 are judged once the offer's showAt has passed.
                let delay = emission.payload["Delay"]?.integerValue ?? 0
                horizon = max(horizon, now + max(0, min(delay, 3_600)) * 1000)
            }
            deliver(delivery)
        }
    }

    /// Notes that a moment happened now (the first time only).
    mutating func moment(_ key: String) {
        if moments[key] == nil { moments[key] = now }
    }
}
