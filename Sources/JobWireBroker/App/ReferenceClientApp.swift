import JobWire
import SocketIOWire

/// The kit's client app: posts what the user submits, shows the waiting view with its counter,
/// cancels with reason `timeout` at the deadline, and moves to Work in Progress on `apply`.
///
/// Keeps TIME-1 ... TIME-7 (the timer starts at the post's success, resumes after a restart or the
/// background with its original start), ALERT-4, ALERT-6, ALERT-7 (the apply alert after the view
/// change, "New Worker" without a rating), ALERT-10 (the timeout alert before leaving the waiting
/// view), ALERT-11, ALERT-12, FLOW-14, VIEW-1, VIEW-2, VIEW-5, VIEW-6, VIEW-12 (Close Request
/// offers happy and unhappy and sends the one chosen), VIEW-13 and VIEW-14. It plays the client in `--play client` scenarios and is the
/// fake client app of the tests.
public struct ReferenceClientApp: AppModel {
    let config: AppConfig
    let faults: AppFaults
    /// The names it calls and listens by: PROTOCOL.md's.
    let names = ProtocolProfile.standard
    // On the device: survives a restart (STATE-1, TIME-6).
    var requests: [String: ClientRequest] = [:]
    var order: [String] = []
    // In memory.
    var foreground = true
    var calls: [String: Call] = [:]
    var nextXid = 1
    var link = DeviceLink()
    var screen = AlertOnScreen()
    /// When the user first pressed Post since the last post that succeeded:
    /// ``AppFaults/timerFromFirstPress`` starts the timer there (TIME-1).
    var postPressedAt: Int64?

    /// A request as the client app keeps it.
    struct ClientRequest: Sendable {
        var fields: JSONObject
        var startedAt: Int64
        var state: State
        var apply: JSONValue?
        var cancelSent = false
        var endedByItself = false

        enum State: Sendable { case waiting, inProgress, ended }
    }

    /// What a REST call in flight was for.
    enum Call: Sendable {
        case post(JSONObject)
        case cancel(req: String, timeout: Bool)
        case close(req: String)
        /// A state read (STATE-6) and a history read after a lost post (STATE-11).
        case read(req: String)
        case history
    }

    /// The client app `config` describes; `faults` only in tests.
    public init(config: AppConfig, faults: AppFaults = []) {
        self.config = config
        self.faults = faults
    }

    public mutating func launch(now: Int64) -> [AppAction] {
        [.event(.appLaunched), .event(.viewShown, ["view": "home"])] + retake(now: now)
    }

    public mutating func handle(_ input: AppInput, now: Int64) -> [AppAction] {
        screen.note(react(input, now: now))
    }

    private mutating func react(_ input: AppInput, now: Int64) -> [AppAction] {
        if link.killed { return link.relaunches(on: input) ? launch(now: now) : [] }
        if faults.contains(.transportErrorIgnored), case .http(_, _, _, _?) = input { return [] }
        if faults.contains(.noReconnect), case .connection(connected: false) = input { return [] }
        // STATE-6: back online after a drop, read what happened meanwhile.
        if let (actions, back) = link.handle(input, now: now) { return back ? actions + stateReads() : actions }
        switch input {
        case .user(let action): return user(action, now: now)
        case .http(let xid, let status, let body, _):
            if status == nil, let lost = lostAnswer(xid) { return lost }
            return answered(xid, ok: Self.succeeded(status, body), body: body, now: now)
        case .socket(let event, let payload): return received(event, payload, now: now)
        case .clock: return link.due(now: now) + (foreground ? timeouts(now: now) : [])
        case .lifecycle(.background):
            foreground = false
            return [.event(.appBackgrounded)]
        case .lifecycle(.foreground):
            foreground = true
            return [.event(.appForegrounded)] + retake(now: now)
        case .lifecycle(.restart):
            foreground = true
            calls = [:]
            return [.event(.appTerminated), .event(.appLaunched), .event(.viewShown, ["view": "home"])] + retake(now: now)
        case .lifecycle(.kill):
            // What is only in memory dies with the process; the device keeps the rest.
            foreground = true
            calls = [:]
            return link.kill()
        case .lifecycle(.relaunch), .connection, .connectionRefused: return []
        }
    }

    /// True for a 2xx answer whose body does not say `"ok": false` (REST-1).
    static func succeeded(_ status: Int?, _ body: JSONValue?) -> Bool {
        guard let status, (200..<300).contains(status) else { return false }
        return body?["ok"] != .bool(false)
    }

    /// The `kind` call by the profile's route, its placeholders filled from `values`.
    private mutating func call(_ call: Call, _ kind: RESTCallKind, _ values: [String: String], _ body: JSONValue?) -> AppAction {
        let xid = "\(config.id)-\(nextXid)"
        nextXid += 1
        calls[xid] = call
        let route = names.routes[kind]!
        return .http(xid: xid, method: route.method, path: route.path(values), body: body, timeoutMs: DeviceLink.restTimeoutMs)
    }

    private mutating func user(_ action: UserAction, now: Int64) -> [AppAction] {
        switch action {
        case .post(let request):
            var body: JSONObject = ["clientId": .string(config.id)]
            if request["clientName"] == nil { body["clientName"] = .string(config.name) }
            body.members += request.members.filter { $0.key != "clientId" && !($0.key == "lat" && faults.contains(.postWithoutLat)) }
            if postPressedAt == nil { postPressedAt = now }
            return [call(.post(body), .postRequest, [:], .object(body))]
        case .close(let req, let outcome):
            guard requests[req]?.state == .inProgress else { return [] }
            // VIEW-12: the two choices, and the one taken is the outcome sent.
            let sent = faults.contains(.outcomeNotChosen) ? (outcome == "happy" ? "unhappy" : "happy") : outcome
            return [
                AlertOnScreen.closeChoice(req, outcome: outcome),
                call(.close(req: req), .close, ["ReqID": req], faults.endBody(["outcome": .string(sent), "by": "client"], "clientId", config.id)),
            ]
        case .cancel(let req, let reason):
            guard let request = requests[req], request.state == .waiting, !request.cancelSent else { return [] }
            requests[req]!.cancelSent = true
            let said = faults.contains(.userCancelSaysTimeout) ? "timeout" : reason
            return [call(.cancel(req: req, timeout: false), .cancel, ["ReqID": req], faults.endBody(["reason": .string(said)], "clientId", config.id))]
        case .press(.ok):
            return screen.ok()
        case .accept, .discard, .press:
            return []
        }
    }

    private mutating func answered(_ xid: String, ok: Bool, body: JSONValue?, now: Int64) -> [AppAction] {
        guard let call = calls.removeValue(forKey: xid) else { return [] }
        switch call {
        case .post(let fields):
            guard ok, let req = body?["ReqID"]?.stringValue else {
                return [.event(.alertShown, ["alert": "postFailed", "result": "failure", "elements": ["title": "Not sent", "text": "Your request could not be sent. Try again.", "ok": true]])]
            }
            // TIME-1: the timer starts when the success arrives.
            let startedAt = faults.contains(.timerFromFirstPress) ? postPressedAt ?? now : now
            postPressedAt = nil
            requests[req] = ClientRequest(fields: fields, startedAt: startedAt, state: .waiting)
            order.append(req)
            return [
                .event(.timerStarted, ["timer": "timeout", "req": .string(req), "startedAt": .int(startedAt)]),
                waitingView(req, now: now), .timer(at: startedAt + config.timeoutMs),
            ] + (faults.contains(.socketLetGo) ? [.event(.socketDisconnected, ["reason": "client"])] : [])
        case .cancel(let req, let timeout):
            // A lost post cancelled (STATE-11) has nothing on screen.
            guard requests[req] != nil else { return [] }
            requests[req]?.state = .ended
            requests[req]?.endedByItself = true
            let home = AppAction.event(.viewShown, ["view": "home"])
            guard timeout else { return [home] }
            // ALERT-10: the timeout alert comes before the view changes.
            if faults.contains(.failureAlertAfterView) { return [home, timeoutAlert(req)] }
            return [timeoutAlert(req), home]
        case .close(let req):
            guard ok else { return [] }
            requests[req]?.state = .ended
            requests[req]?.endedByItself = true
            return [.event(.viewShown, ["view": "home"])]
        case .read(let req):
            guard ok, let state = body?["request"] else { return [] }
            return readState(req, state, now: now)
        case .history:
            guard ok, let listed = body?["requests"]?.arrayValue else { return [] }
            return cancelLost(listed)
        }
    }

    private mutating func received(_ event: String, _ payload: JSONValue, now: Int64) -> [AppAction] {
        guard let req = payload["ReqID"]?.stringValue, let request = requests[req] else { return [] }
        let incoming = names.event(named: event)
        switch incoming {
        case .apply?:
            guard request.state == .waiting, !request.cancelSent else { return [] }
            requests[req]!.state = .inProgress
            requests[req]!.apply = payload
            if faults.contains(.noWorkInProgressOnApply) { return [applyAlert(req, payload)] }
            if faults.contains(.noSuccessAlert) { return [workInProgressView(req)] }
            // VIEW-2, ALERT-4: the view changes first, then the apply alert.
            return [workInProgressView(req), applyAlert(req, payload)]
        case .cancel?, .close?:
            guard request.state != .ended else { return [] }
            requests[req]!.state = .ended
            guard !request.endedByItself, !request.cancelSent else { return [] }
            // VIEW-13, VIEW-14, ALERT-12: leave the request's view and say why.
            let home = AppAction.event(.viewShown, ["view": "home"])
            return faults.contains(.noEndAlert) ? [home] : [home, Self.endAlert(req, cancelled: incoming == .cancel)]
        default:
            return []
        }
    }

    /// TIME-2: the cancel leaves when the deadline passes with no `apply`.
    private mutating func timeouts(now: Int64) -> [AppAction] {
        var actions: [AppAction] = []
        for req in order {
            guard let request = requests[req], request.state == .waiting || (faults.contains(.timeoutAfterApply) && request.state == .inProgress), !request.cancelSent,
                now >= request.startedAt + config.timeoutMs, !faults.contains(.noTimeoutCancel)
            else { continue }
            requests[req]!.cancelSent = true
            actions.append(.event(.timerFired, ["timer": "timeout", "req": .string(req)]))
            actions.append(call(.cancel(req: req, timeout: true), .cancel, ["ReqID": req], faults.endBody(["reason": faults.contains(.timeoutCancelDefaultReason) ? "cancelled" : "timeout"], "clientId", config.id)))
        }
        return actions
    }

    /// STATE-1, STATE-2, TIME-6, TIME-7: back from a restart or the background, the timer resumes
    /// with its original start and the request's view shows again.
    private mutating func retake(now: Int64) -> [AppAction] {
        var actions: [AppAction] = []
        for req in order {
            guard let request = requests[req] else { continue }
            switch request.state {
            case .waiting where !request.cancelSent:
                if faults.contains(.timerRestarted) { requests[req]!.startedAt = now }
                let startedAt = requests[req]!.startedAt
                actions.append(.event(.timerStarted, ["timer": "timeout", "req": .string(req), "startedAt": .int(startedAt)]))
                if !faults.contains(.waitingNotShownAgain) { actions.append(waitingView(req, now: now)) }
                actions.append(.timer(at: startedAt + config.timeoutMs))
            case .inProgress:
                if !faults.contains(.workInProgressNotShownAgain) { actions.append(workInProgressView(req)) }
                if faults.contains(.timeoutAfterApply) { actions.append(.timer(at: request.startedAt + config.timeoutMs)) }
            case .ended:
                actions += endedAgain(req, now: now)
            default:
                break
            }
        }
        return actions + stateReads() + timeouts(now: now)
    }

    /// ALERT-12: the alert saying a request ended, `cancelled` or `closed`, with title, text and OK.
    static func endAlert(_ req: String, cancelled: Bool) -> AppAction {
        .event(.alertShown, [
            "alert": .string(cancelled ? "cancelled" : "closed"), "result": "info", "req": .string(req),
            "elements": [
                "title": .string(cancelled ? "Request cancelled" : "Request closed"),
                "text": .string(cancelled ? "This request was cancelled." : "This request was closed. Thank you!"), "ok": true,
            ],
        ])
    }

    private func waitingView(_ req: String, now: Int64) -> AppAction {
        let seconds = max(0, (requests[req]!.startedAt + config.timeoutMs - now) / 1000)
        let left = faults.contains(.counterInMinutes) ? seconds / 60 : seconds
        return .event(.viewShown, ["view": "waiting", "req": .string(req), "elements": ["counter": .int(left)]])
    }

    private func workInProgressView(_ req: String) -> AppAction {
        let request = requests[req]!
        let apply = request.apply ?? .null
        var elements: JSONObject = [:]
        if let lat = request.fields["lat"]?.doubleValue, let lng = request.fields["lng"]?.doubleValue,
            let workerLat = apply["lat"]?.doubleValue, let workerLng = apply["lng"]?.doubleValue
        {
            let km = GeoPoint(lat: workerLat, lng: workerLng).haversineKm(to: GeoPoint(lat: lat, lng: lng))
            elements["distance"] = .double(faults.contains(.distanceInMetres) ? (km * 1000).rounded() : (km * 100).rounded() / 100)
        }
        if let rating = shownRating(apply) { elements["rating"] = rating } else { elements["newWorker"] = "New Worker" }
        elements["avatar"] = apply["workerAvatar"] ?? ""
        elements["workerName"] = apply["workerName"] ?? ""
        elements["description"] = request.fields["description"] ?? ""
        elements["category"] = request.fields["category"] ?? ""
        for button in ["pay", "chat", "call", "closeRequest"] where button != "closeRequest" || !faults.contains(.noCloseRequestButton) { elements[button] = true }
        return .event(.viewShown, ["view": "workInProgress", "req": .string(req), "elements": .object(elements)])
    }

    /// The `apply`'s workerRating, nil for a new worker (null): a rating of 0 is a rating (ALERT-6).
    private func shownRating(_ apply: JSONValue) -> JSONValue? {
        guard let rating = apply["workerRating"], !rating.isNull else { return faults.contains(.ratingNullAsZero) ? .int(0) : nil }
        if faults.contains(.ratingZeroAsNewWorker), rating.doubleValue == 0 { return nil }
        if faults.contains(.ratingRounded), let stars = rating.doubleValue { return .int(Int64(stars.rounded())) }
        return rating
    }

    private func applyAlert(_ req: String, _ apply: JSONValue) -> AppAction {
        var elements: JSONObject = [
            "title": .string("\(apply["workerName"]?.stringValue ?? "A worker") accepted your request"),
            "avatar": apply["workerAvatar"] ?? "", "ok": true,
        ]
        // ALERT-7: a new worker has no rating, so the alert says "New Worker".
        if let rating = shownRating(apply) { elements["rating"] = rating } else { elements["newWorker"] = "New Worker" }
        return .event(.alertShown, ["alert": "apply", "result": "success", "req": .string(req), "elements": .object(elements)])
    }

    private func timeoutAlert(_ req: String) -> AppAction {
        .event(.alertShown, [
            "alert": "timeout", "result": "failure", "req": .string(req),
            "elements": ["title": "No worker yet", "text": "Nobody could take it this time. Try again soon.", "image": "https://img.example.com/clock.png", "ok": true],
        ])
    }
}

// STATE-6, STATE-7, STATE-11: what the client learns from the backend when it may have missed something.
extension ReferenceClientApp {
    /// STATE-6: a state read of every request held waiting or in Work in Progress, after a return or a reconnection.
    mutating func stateReads() -> [AppAction] {
        if faults.contains(.noStateRead) { return [] }
        return order.compactMap { req in
            guard let request = requests[req], request.state != .ended, !request.cancelSent else { return nil }
            return call(.read(req: req), .getRequest, ["ReqID": req], nil)
        }
    }

    /// STATE-7: a request read in progress moves to Work in Progress with the read's `apply`; one
    /// read ended leaves its view, with the end alert.
    mutating func readState(_ req: String, _ state: JSONValue, now: Int64) -> [AppAction] {
        guard let request = requests[req], request.state != .ended, !faults.contains(.stateReadIgnored) else { return [] }
        switch state["status"]?.stringValue {
        case "inProgress"?:
            guard request.state == .waiting, !request.cancelSent, let apply = state["apply"], apply.objectValue != nil else { return [] }
            return received(names.name(of: .apply), apply, now: now)
        case let status? where status == "cancelled" || status == "closed":
            guard let end = state["end"], end.objectValue != nil else { return [] }
            return received(names.name(of: status == "cancelled" ? .cancel : .close), end, now: now)
        default:
            return []
        }
    }

    /// What the faults of STATE-3 and STATE-4 do with a request the client cancelled itself, back from a restart.
    mutating func endedAgain(_ req: String, now: Int64) -> [AppAction] {
        guard let request = requests[req], request.cancelSent else { return [] }
        if faults.contains(.cancelRepeated) {
            return [call(.cancel(req: req, timeout: false), .cancel, ["ReqID": req], faults.endBody(["reason": "changed my mind"], "clientId", config.id))]
        }
        return faults.contains(.endedShownAgain) ? [waitingView(req, now: now)] : []
    }

    /// STATE-11: a post whose answer was lost may have been taken; the history read finds it.
    mutating func lostAnswer(_ xid: String) -> [AppAction]? {
        guard case .post? = calls[xid] else { return nil }
        let failed = answered(xid, ok: false, body: nil, now: 0)
        return failed + [call(.history, .listRequests, ["userId": config.id], nil)]
    }

    /// STATE-11: every open request of this client that it does not hold is cancelled as lost.
    mutating func cancelLost(_ listed: [JSONValue]) -> [AppAction] {
        listed.compactMap { state in
            guard state["status"]?.stringValue == "open", state["clientId"].flatMap({ CanonicalID(json: $0)?.text }) == config.id,
                let req = state["ReqID"]?.stringValue, requests[req] == nil
            else { return nil }
            return call(.cancel(req: req, timeout: false), .cancel, ["ReqID": req], faults.endBody(["reason": "lost"], "clientId", config.id))
        }
    }
}

