import JobWire
import SocketIOWire

/// The kit's worker app: decides channel offers with ``Eligibility`` and the profile at receipt,
/// waits each offer's `Delay` from its receipt (also across a restart), shows direct offers at
/// once, keeps discards on the device, accepts what the user accepts, and alerts as the protocol says.
///
/// Keeps ELIG-1 ... ELIG-11, TIME-8, TIME-9, VIEW-4, DISC-1 ... DISC-4, FLOW-2, FLOW-10 ... FLOW-14,
/// ALERT-1 ... ALERT-3, ALERT-5, ALERT-8, ALERT-9, ALERT-11, ALERT-12, VIEW-3, VIEW-8 ... VIEW-15
/// (Work Information as an alert over Work in Progress, offers taken off the screen) and STATE-5
/// (getJobs after each launch and return). It plays the workers in `--play worker` scenarios and is the fake worker app of the tests.
public struct ReferenceWorkerApp: AppModel {
    let config: AppConfig
    let faults: AppFaults
    /// The names it calls and listens by: PROTOCOL.md's.
    let names = ProtocolProfile.standard
    // On the device: survives a restart (DISC-3, TIME-9, STATE-2).
    var offers: [String: Offer] = [:]
    var order: [String] = []
    var discards: [String] = []
    var workInProgress: String?
    /// The profile of the latest meProfile answer, with the device's position (ELIG-12).
    var meProfile: JSONValue?
    // In memory.
    var foreground = true
    var calls: [String: Call] = [:]
    var nextXid = 1
    var link = DeviceLink()
    var screen = AlertOnScreen()
    /// No `new` listener is registered (``AppFaults/newListenerLostInBackground``,
    /// ``AppFaults/newListenerLostOnRelaunch``, ``AppFaults/newListenerLostOnReconnect``): a `new`
    /// that arrives is not taken in.
    var newListenerLost = false

    /// An offer as the worker app keeps it.
    struct Offer: Sendable {
        var payload: JSONValue
        var receivedAt: Int64
        var showAt: Int64
        /// Eligible, or sent directly, or listed by getJobs: it may be shown.
        var showable: Bool
        var delayed: Bool
        var shown = false
        /// Taken off the screen (`offer.removed`, VIEW-15).
        var removed = false
        var ended = false
        var failed = false
    }

    /// What a REST call in flight was for.
    enum Call: Sendable {
        case accept(req: String)
        case getJobs
        case close(req: String)
        /// A state read (STATE-6), or one after a WorkerAccept's lost answer (STATE-10).
        case read(req: String)
        /// The meProfile read (ELIG-12).
        case me
    }

    /// The worker app `config` describes, with its profile; `faults` only in tests.
    public init(config: AppConfig, faults: AppFaults = []) {
        self.config = config
        self.faults = faults
    }

    var profile: JSONValue { meProfile ?? config.profile ?? .null }
    /// The Work Information alert's name (Docs/TRACE.md).
    static let workInformationAlert = "workInformation"

    public mutating func launch(now: Int64) -> [AppAction] {
        newListenerLost = false
        var actions: [AppAction] = [
            .event(.appLaunched, ["discards": .array(discards.map(JSONValue.string))]),
            .event(.profileUpdated, ["profile": profile]),
        ]
        if let req = workInProgress, !faults.contains(.workInProgressNotShownAgain) {
            actions.append(workInProgressView(req))
        } else {
            actions.append(.event(.viewShown, ["view": "home"]))
        }
        // TIME-9: a Delay wait resumes from the original receipt.
        for req in order {
            guard var offer = offers[req], offer.showable, offer.delayed, !offer.shown, !offer.ended, !discards.contains(req), offer.showAt > now else { continue }
            if faults.contains(.delayRestartedOnRelaunch) {
                offer = Offer(payload: offer.payload, receivedAt: now, showAt: now + offer.showAt - offer.receivedAt, showable: true, delayed: true)
                offers[req] = offer
            }
            actions.append(.event(.timerStarted, ["timer": "delay", "req": .string(req), "startedAt": .int(offer.receivedAt)]))
            actions.append(.timer(at: offer.showAt))
        }
        return stamped(actions + showDue(now: now) + catchUp() + stateReads() + readMe(), now: now)
    }

    public mutating func handle(_ input: AppInput, now: Int64) -> [AppAction] {
        stamped(screen.note(react(input, now: now)), now: now)
    }

    private mutating func react(_ input: AppInput, now: Int64) -> [AppAction] {
        if link.killed { return link.relaunches(on: input) ? relaunch(now: now) : [] }
        // STATE-5: back online, catch up with getJobs.
        if faults.contains(.transportErrorIgnored), case .http(_, _, _, _?) = input { return [] }
        if faults.contains(.noReconnect), case .connection(connected: false) = input { return [] }
        if let (actions, back) = link.handle(input, now: now) {
            if back, faults.contains(.newListenerLostOnReconnect) { newListenerLost = true }
            return back ? catchUp() + stateReads() : actions
        }
        switch input {
        case .socket(let event, let payload): return received(event, payload, now: now)
        case .http(let xid, let status, let body, _):
            if status == nil, let lost = lostAnswer(xid) { return lost }
            return answered(xid, ok: ReferenceClientApp.succeeded(status, body), body: body, now: now)
        case .user(let action): return user(action, now: now)
        case .clock: return link.due(now: now) + showDue(now: now)
        case .lifecycle(.background):
            foreground = false
            if faults.contains(.newListenerLostInBackground) { newListenerLost = true }
            return [.event(.appBackgrounded)]
        case .lifecycle(.foreground):
            foreground = true
            return [.event(.appForegrounded)] + workInProgressAgain() + showDue(now: now) + catchUp() + stateReads() + readMe()
        case .lifecycle(.restart):
            foreground = true
            calls = [:]
            return [.event(.appTerminated)] + relaunch(now: now)
        case .lifecycle(.kill):
            // What is only in memory dies with the process; the device keeps the rest.
            foreground = true
            calls = [:]
            return link.kill()
        case .lifecycle(.relaunch), .connection, .connectionRefused:
            return []
        }
    }

    /// The `kind` call by the profile's route, its placeholders filled from `values`.
    private mutating func call(_ call: Call, _ kind: RESTCallKind, _ values: [String: String], _ body: JSONValue?) -> AppAction {
        let xid = "\(config.id)-\(nextXid)"
        nextXid += 1
        calls[xid] = call
        let route = names.routes[kind]!
        return .http(xid: xid, method: route.method, path: route.path(values), body: body, timeoutMs: DeviceLink.restTimeoutMs)
    }

    /// STATE-5: getJobs catches up on broadcasts missed while away.
    private mutating func catchUp() -> [AppAction] {
        faults.contains(.noCatchUp) ? [] : [call(.getJobs, .getJobs, ["workerId": faults.contains(.getJobsNamesOther) ? "\(config.id)-other" : config.id], nil)]
    }

    private var available: Bool { foreground && workInProgress == nil }

    private mutating func received(_ event: String, _ payload: JSONValue, now: Int64) -> [AppAction] {
        guard let req = payload["ReqID"]?.stringValue else { return [] }
        let incoming = names.event(named: event)
        switch incoming {
        case .new?:
            if newListenerLost { return [] }
            return offered(req, payload, via: .new, now: now)
        case .cancel?, .close?:
            guard workInProgress == req || !faults.contains(.endIgnored) else { return [] }
            offers[req]?.ended = true
            let cancelled = incoming == .cancel
            guard workInProgress == req else { return cancelled ? takeOff(req, why: .cancelled) : [] }
            if !cancelled, faults.contains(.staysAfterClose) { return [] }
            workInProgress = nil
            // VIEW-13, VIEW-14 and ALERT-12: leave Work in Progress and say why.
            let home = AppAction.event(.viewShown, ["view": "home"])
            return (faults.contains(.noEndAlert) ? [home] : [home, ReferenceClientApp.endAlert(req, cancelled: cancelled)]) + echoedClose(req, payload, cancelled: cancelled) + showDue(now: now)
        default:
            return []
        }
    }

    /// VIEW-15: an offer on screen leaves it when discarded, cancelled or taken by another worker.
    private mutating func takeOff(_ req: String, why: OfferRemoval) -> [AppAction] {
        guard let offer = offers[req], offer.shown, !offer.removed else { return [] }
        if why == .cancelled, faults.contains(.offerStaysAfterCancel) { return [] }
        offers[req]!.removed = true
        let removal = AppAction.event(.offerRemoved, ["req": .string(req), "why": .string(why.rawValue)])
        if why == .cancelled, faults.contains(.cancelledOfferRelisted) { return [removal, .event(.offerShown, ["req": .string(req)])] }
        return [removal]
    }

    /// An offer from a `new` or a getJobs job.
    private mutating func offered(_ req: String, _ payload: JSONValue, via: OfferSource, now: Int64) -> [AppAction] {
        var actions: [AppAction] = [.event(.offerReceived, ["req": .string(req), "via": .string(via.rawValue), "offer": payload])]
        // DISC-2, DISC-3: a discard is final.
        if discards.contains(req) {
            if faults.contains(.discardShownAgain) { actions.append(.event(.offerShown, ["req": .string(req)])) }
            return actions
        }
        if var known = offers[req] {
            if faults.contains(.redeliveryRestartsDelay), via == .new, known.delayed, !known.shown, !known.ended {
                known.showAt = now + (known.showAt - known.receivedAt)
                known.receivedAt = now
                offers[req] = known
                return actions + [.event(.timerStarted, ["timer": "delay", "req": .string(req), "startedAt": .int(now)]), .timer(at: known.showAt)]
            }
            // Listed by getJobs after all: the backend decided (ELIG-8), so show it.
            if via == .getJobs, !known.shown, !known.ended, !known.failed {
                known.showable = true
                known.showAt = min(known.showAt, now)
                offers[req] = known
                actions += showDue(now: now)
            }
            return actions
        }
        let direct = via == .new && payload["workerId"].map { !$0.isNull } == true
        if via == .getJobs, let waited = getJobsJobWaitingDelay(req, payload, now: now) { return actions + waited }
        if via == .getJobs || (direct && !faults.contains(.directFiltered)) {
            // ELIG-7, ELIG-8: shown at once, no filtering and no Delay, but never malformed (MSG-13).
            let wellFormed = (try? JobOffer(json: payload)) != nil
            offers[req] = Offer(payload: payload, receivedAt: now, showAt: now, showable: wellFormed || faults.contains(.malformedShown), delayed: false)
            order.append(req)
            return actions + acceptedAtReceipt(req, direct: direct) + showDue(now: now)
        }
        if let refused = refusedForUnknownMember(req, payload, now: now) { return actions + refused }
        switch Eligibility.decide(input: ["profile": profile, "job": payload, "receivedAt": .int(now)]) {
        case .failure(let error):
            // ELIG-9: malformed input is refused, naming the field.
            offers[req] = Offer(payload: payload, receivedAt: now, showAt: now, showable: faults.contains(.malformedShown), delayed: false)
            order.append(req)
            let field = faults.contains(.malformedNamesInput) ? String(error.field.prefix { $0 != "." && $0 != "[" }) : error.field
            return actions + [.event(.offerDecided, ["req": .string(req), "invalid": ["field": .string(field), "message": .string(error.message)]])] + showDue(now: now)
        case .success(let kitDecision):
            let decision = mistaken(kitDecision, job: payload, now: now)
            // The fault of VIEW-4: with nothing to wait, no timer, and only a timer shows the offer.
            let showable = (decision.eligible || faults.contains(.ineligibleShown)) && !(faults.contains(.zeroDelayNeverShown) && decision.showAt <= now)
            let delayed = decision.showAt > now
            offers[req] = Offer(payload: payload, receivedAt: now, showAt: decision.showAt, showable: showable, delayed: delayed)
            order.append(req)
            actions.append(.event(.offerDecided, [
                "req": .string(req), "eligible": .bool(decision.eligible), "failed": .array(decision.failed.map { .string($0.rawValue) }),
                "distanceKm": .double(decision.distanceKm), "showAt": .int(decision.showAt), "profile": profile,
            ]))
            if showable, delayed {
                // ELIG-6, TIME-8: wait the Delay from the receipt.
                actions.append(.event(.timerStarted, ["timer": "delay", "req": .string(req), "startedAt": .int(now)]))
                actions.append(.timer(at: decision.showAt))
            }
            return actions + showDue(now: now)
        }
    }

    /// VIEW-4: every showable offer whose showAt has passed, while the app can show offers.
    private mutating func showDue(now: Int64) -> [AppAction] {
        guard available else { return [] }
        var actions: [AppAction] = []
        for req in order {
            guard let offer = offers[req], offer.showable, !offer.shown, !offer.ended, !offer.failed, offer.showAt <= now, !discards.contains(req) else { continue }
            offers[req]!.shown = true
            if offer.delayed { actions.append(.event(.timerFired, ["timer": "delay", "req": .string(req)])) }
            actions.append(.event(.offerShown, ["req": .string(req)]))
        }
        return actions
    }

    private mutating func user(_ action: UserAction, now: Int64) -> [AppAction] {
        switch action {
        case .accept(let req):
            // FLOW-2, FLOW-10 ... FLOW-12: only an offer on screen can be accepted; the fault of
            // FLOW-11 checks only that it was once shown, so a discarded one can be accepted too.
            guard let offer = offers[req], offer.shown, !offer.ended, !offer.failed, available,
                faults.contains(.discardedAcceptable) || (!offer.removed && !discards.contains(req)),
                !calls.values.contains(where: { if case .accept = $0 { return true } else { return false } })
            else { return [] }
            let accept = call(.accept(req: req), .workerAccept, ["ReqID": req], ["workerId": .string(config.id)])
            if faults.contains(.workInProgressBeforeAnswer) { return [accept, workInProgressView(req)] }
            return [.event(.viewShown, ["view": "offer", "req": .string(req)]), accept]
        case .discard(let req):
            guard let offer = offers[req], offer.shown, !discards.contains(req) else { return [] }
            discards.append(req)
            // DISC-1, DISC-4: stored on the device, nothing sent; VIEW-15: off the screen.
            let stored = faults.contains(.discardsNotStored) ? [] : discards
            let told: [AppAction] = faults.contains(.discardTold) ? [.emit(event: "discard", payload: ["ReqID": .string(req)])] : []
            return [.event(.offerDiscarded, ["req": .string(req), "stored": .array(stored.map(JSONValue.string))])] + takeOff(req, why: .discarded) + told
        case .close(let req, let outcome):
            guard workInProgress == req else { return [] }
            // VIEW-12: the two choices, and the one taken is the outcome sent.
            let sent = faults.contains(.outcomeNotChosen) ? (outcome == "happy" ? "unhappy" : "happy") : outcome
            return [
                AlertOnScreen.closeChoice(req, outcome: outcome),
                call(.close(req: req), .close, ["ReqID": req], faults.endBody(["outcome": .string(sent), "by": "worker"], "workerId", config.id)),
            ]
        case .press(.ok):
            return screen.ok()
        case .press(.openWorkInformation(let req)):
            guard workInProgress == req else { return [] }
            return [.event(.userInput, ["input": .string(UserInputName.openWorkInformation), "req": .string(req)])] + workInformation(req)
        case .press(.closeWorkInformation(let req)):
            guard workInProgress == req, screen.alert == Self.workInformationAlert else { return [] }
            var actions: [AppAction] = [.event(.userInput, ["input": .string(UserInputName.closeWorkInformation), "req": .string(req)]),
                                        .event(.alertDismissed, ["alert": .string(Self.workInformationAlert), "req": .string(req)])]
            if faults.contains(.workInformationAsView) { actions.append(workInProgressView(req)) }
            return actions
        case .post, .cancel:
            return []
        }
    }

    private mutating func answered(_ xid: String, ok: Bool, body: JSONValue?, now: Int64) -> [AppAction] {
        guard let call = calls.removeValue(forKey: xid) else { return [] }
        switch call {
        case .accept(let req):
            if ok {
                workInProgress = req
                if faults.contains(.noWorkInProgressOnSuccess) { return [successAlert(req)] }
                if faults.contains(.noSuccessAlert) { return [workInProgressView(req)] }
                // VIEW-3, ALERT-5: the success alert after the view change.
                return [workInProgressView(req), successAlert(req)]
            }
            offers[req]?.failed = true
            let home = AppAction.event(.viewShown, ["view": "home"])
            // VIEW-15: race_lost says another worker won the request.
            let taken = body?["error"]?["code"]?.stringValue == BackendError.Code.raceLost.rawValue ? takeOff(req, why: .taken) : []
            // ALERT-1: the failure alert before any view change.
            if faults.contains(.failureAlertAfterView) { return [home, failureAlert(req)] + taken }
            return [failureAlert(req)] + taken + [home]
        case .getJobs:
            guard ok, let jobs = body?["jobs"]?.arrayValue else { return [] }
            var actions: [AppAction] = []
            for job in jobs {
                guard let req = job["ReqID"]?.stringValue else { continue }
                actions += offered(req, job, via: .getJobs, now: now)
            }
            return actions
        case .close(let req):
            guard ok else { return [] }
            offers[req]?.ended = true
            workInProgress = nil
            return [.event(.viewShown, ["view": "home"])] + showDue(now: now)
        case .read(let req):
            guard ok, let state = body?["request"] else { return [] }
            return readState(req, state, now: now)
        case .me:
            guard ok, let answer = body?["profile"]?.objectValue else { return [] }
            return profileAnswered(answer)
        }
    }

    private func workInProgressView(_ req: String) -> AppAction {
        let job = offers[req]?.payload ?? .null
        let me = profile
        var elements: JSONObject = [
            "clientName": job["clientName"] ?? "",
            "map": ["worker": [me["lat"] ?? .null, me["lng"] ?? .null], "job": [job["lat"] ?? .null, job["lng"] ?? .null]],
            "workInformation": true, "chat": true, "call": true, "closeRequest": true,
        ]
        if faults.contains(.noMap) { elements["map"] = nil }
        return .event(.viewShown, ["view": "workInProgress", "req": .string(req), "elements": .object(elements)])
    }

    /// VIEW-9, VIEW-10, VIEW-11: the `new`'s summary as an alert over Work in Progress.
    private func workInformation(_ req: String) -> [AppAction] {
        let job = offers[req]?.payload ?? .null
        var elements = JSONObject()
        for key in ["clientName", "address", "createdAt", "category", "description"] { elements[key] = job[key] ?? "" }
        if faults.contains(.workInformationWithoutAddress) { elements["address"] = nil }
        if let image = job["image"], !image.isNull, !faults.contains(.workInformationWithoutImage) { elements["image"] = image }
        elements["close"] = true
        let alert = AppAction.event(.alertShown, ["alert": .string(Self.workInformationAlert), "result": "info", "req": .string(req), "elements": .object(elements)])
        guard faults.contains(.workInformationAsView) else { return [alert] }
        return [.event(.viewShown, ["view": .string(Self.workInformationAlert), "req": .string(req)]), alert]
    }

    private func successAlert(_ req: String) -> AppAction {
        let job = offers[req]?.payload ?? .null
        return .event(.alertShown, [
            "alert": "acceptSuccess", "result": "success", "req": .string(req),
            "elements": [
                "title": "You got the job!", "subtitle": .string("Contact \(job["clientName"]?.stringValue ?? "the client") now"),
                "image": "https://img.example.com/go.png", "close": true, "clientName": job["clientName"] ?? "", "address": job["address"] ?? "",
            ],
        ])
    }

    private func failureAlert(_ req: String) -> AppAction {
        .event(.alertShown, [
            "alert": "acceptFailure", "result": "failure", "req": .string(req),
            "elements": ["title": "Not this time", "text": "Someone else may have taken it. More jobs are coming!", "ok": true],
        ])
    }
}

// STATE-2, STATE-6, STATE-7, STATE-10: what the worker learns from the backend when it may have missed something.
extension ReferenceWorkerApp {
    /// A launch after a restart or a kill; ``AppFaults/newListenerLostOnRelaunch`` registers no `new` listener then.
    /// ``AppFaults/discardsNotStored`` kept its discards in memory only, so the relaunch has none.
    mutating func relaunch(now: Int64) -> [AppAction] {
        if faults.contains(.discardsNotStored) { discards = [] }
        let actions = launch(now: now)
        if faults.contains(.newListenerLostOnRelaunch) { newListenerLost = true }
        return actions
    }

    /// The fault of VIEW-4: a getJobs job taken in as a channel `new`, waiting its `Delay` from now.
    mutating func getJobsJobWaitingDelay(_ req: String, _ payload: JSONValue, now: Int64) -> [AppAction]? {
        guard faults.contains(.getJobsWaitsDelay), let delay = payload["Delay"]?.integerValue, delay > 0 else { return nil }
        let showAt = now + delay * 1000
        offers[req] = Offer(payload: payload, receivedAt: now, showAt: showAt, showable: true, delayed: true)
        order.append(req)
        return [.event(.timerStarted, ["timer": "delay", "req": .string(req), "startedAt": .int(now)]), .timer(at: showAt)]
    }

    /// The fault of FLOW-2: a direct offer accepted at its receipt, before it is shown.
    mutating func acceptedAtReceipt(_ req: String, direct: Bool) -> [AppAction] {
        guard faults.contains(.directAcceptedAtReceipt), direct, available, !calls.values.contains(where: { if case .accept = $0 { return true } else { return false } }) else { return [] }
        return [call(.accept(req: req), .workerAccept, ["ReqID": req], ["workerId": .string(config.id)])]
    }

    /// The fault of FLOW-14: a received `close` answered with a close of the worker's own.
    mutating func echoedClose(_ req: String, _ payload: JSONValue, cancelled: Bool) -> [AppAction] {
        guard faults.contains(.closeEchoed), !cancelled else { return [] }
        let outcome = payload["outcome"] ?? "happy"
        return [call(.close(req: req), .close, ["ReqID": req], faults.endBody(["outcome": outcome, "by": "worker"], "workerId", config.id))]
    }

    /// STATE-2: back in the foreground, the Work in Progress view shows again.
    func workInProgressAgain() -> [AppAction] {
        if faults.contains(.workInProgressNotShownAgain) { return [] }
        return workInProgress.map { [workInProgressView($0)] } ?? []
    }

    /// The fault of MSG-12: a `new` with a member PROTOCOL.md does not define is refused as malformed.
    mutating func refusedForUnknownMember(_ req: String, _ payload: JSONValue, now: Int64) -> [AppAction]? {
        let known: Set<String> = [
            "ReqID", "CatID", "exclusive", "lat", "lng", "BlockedXP", "Delay", "clientName", "address", "category", "description", "createdAt", "image", "workerId",
        ]
        guard faults.contains(.unknownFieldRefused), let unknown = payload.objectValue?.keys.first(where: { !known.contains($0) }) else { return nil }
        offers[req] = Offer(payload: payload, receivedAt: now, showAt: now, showable: false, delayed: false)
        order.append(req)
        return [.event(.offerDecided, ["req": .string(req), "invalid": ["field": .string(unknown), "message": "is not a member of a `new`"]])]
    }

    /// ELIG-12: the meProfile read at each launch and return to the foreground.
    mutating func readMe() -> [AppAction] {
        if faults.contains(.noProfileRead) { return [] }
        return [call(.me, .meProfile, ["workerId": config.id], nil)]
    }

    /// ELIG-12: offers are judged with the answer's eligibility fields and the device's own position.
    mutating func profileAnswered(_ answer: JSONObject) -> [AppAction] {
        guard var mine = profile.objectValue else { return [] }
        for key in ["userID", "expertActive", "expertSource", "categories", "maxKms"] { mine[key] = answer[key] ?? .null }
        guard JSONValue.object(mine) != profile else { return [] }
        meProfile = .object(mine)
        return [.event(.profileUpdated, ["profile": .object(mine)])]
    }

    /// STATE-6: a state read of the request in Work in Progress, after a return or a reconnection.
    mutating func stateReads() -> [AppAction] {
        guard let req = workInProgress, !faults.contains(.noStateRead) else { return [] }
        return [call(.read(req: req), .getRequest, ["ReqID": req], nil)]
    }

    /// STATE-10: a WorkerAccept whose answer was lost is a failure (ALERT-3), then a state read;
    /// a read that also fails is sent again.
    mutating func lostAnswer(_ xid: String) -> [AppAction]? {
        switch calls[xid] {
        case .accept(let req)?:
            let failed = answered(xid, ok: false, body: nil, now: 0)
            return failed + [call(.read(req: req), .getRequest, ["ReqID": req], nil)]
        case .read(let req)?:
            calls[xid] = nil
            return [call(.read(req: req), .getRequest, ["ReqID": req], nil)]
        default:
            return nil
        }
    }

    /// STATE-7, STATE-10: a read naming this worker the winner moves it to Work in Progress; one
    /// that found its Work in Progress request ended leaves it, as the live event would.
    mutating func readState(_ req: String, _ state: JSONValue, now: Int64) -> [AppAction] {
        if faults.contains(.stateReadIgnored) { return [] }
        switch state["status"]?.stringValue {
        case "inProgress"?:
            guard workInProgress == nil, state["workerId"].flatMap({ CanonicalID(json: $0)?.text }) == config.id, offers[req]?.ended != true else { return [] }
            workInProgress = req
            return [workInProgressView(req), successAlert(req)]
        case let status? where status == "cancelled" || status == "closed":
            guard workInProgress == req, let end = state["end"], end.objectValue != nil else { return [] }
            return received(names.name(of: status == "cancelled" ? .cancel : .close), end, now: now)
        default:
            return []
        }
    }
}

