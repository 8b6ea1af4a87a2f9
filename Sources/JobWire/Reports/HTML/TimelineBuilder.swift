import SocketIOWire

/// Makes a ``Timeline`` from trace events, one at a time: the HTML report feeds a whole trace,
/// the broker console each event as it is recorded and sends the steps ``add(_:)`` returns.
///
/// Arrows follow what each line says: an app's `io.out` and `http.request` go from the app to the
/// backend, what it receives comes from the backend; the backend's lines go to (or come from) the
/// app that `to`, the exchange id `xid` or the handshake's `auth` names; what an app shows goes to
/// its screen lane, what the user pressed comes from it.
public struct TimelineBuilder: Sendable {
    /// The timeline so far.
    public private(set) var timeline: Timeline
    private let encoder: TraceEncoder
    private let catalog: RequirementCatalog?
    private var laneIDs: Set<String> = []
    /// The lane of each app user id seen, so the backend's `to` and `auth` find it.
    private var appLanes: [String: String] = [:]
    /// The app lane that made each REST exchange, by `xid`.
    private var exchangeLanes: [String: String] = [:]
    /// Each open timer's span, by lane, timer and request.
    private var openSpans: [String: Int] = [:]
    /// The `Delay` (s) of each offer a worker took in, by lane and request.
    private var offerDelays: [String: Int64] = [:]

    /// A builder for a trace with `header`, titled `title`; `catalog` gives violations their sentences.
    public init(title: String, header: TraceHeader, catalog: RequirementCatalog?) {
        timeline = Timeline(title: title)
        encoder = TraceEncoder(header: header)
        self.catalog = catalog
    }

    /// Adds one event; returns the step it made, any lane it opened and the span it started or
    /// ended (whole, as it now is), for a live view to append.
    @discardableResult
    public mutating func add(_ event: TraceEvent) -> (steps: [TimelineStep], lanes: [TimelineLane], spans: [TimelineSpan]) {
        let laneCount = timeline.lanes.count
        let step = makeStep(event)
        timeline.steps.append(step)
        let span = trackTimers(event, lane: step.from)
        return ([step], Array(timeline.lanes[laneCount...]), span.map { [timeline.spans[$0]] } ?? [])
    }

    /// Pins the checker's violations (replacing any set before).
    public mutating func setViolations(_ violations: [Violation]) {
        timeline.violations = violations.map { TimelineViolation($0, catalog: catalog) }
    }

    /// A whole trace's timeline: `events` in line order, with the violations found in them.
    public static func timeline(title: String, header: TraceHeader, events: some Sequence<TraceEvent>, violations: [Violation], catalog: RequirementCatalog?) -> Timeline {
        var builder = TimelineBuilder(title: title, header: header, catalog: catalog)
        for event in events { builder.add(event) }
        builder.setViolations(violations)
        return builder.timeline
    }

    // MARK: - Lanes

    private mutating func lane(_ id: String, _ kind: TimelineLane.Kind) -> String {
        if laneIDs.insert(id).inserted { timeline.lanes.append(TimelineLane(id: id, kind: kind)) }
        return id
    }

    private mutating func appLane(_ actor: TraceActor) -> String {
        let id = lane(actor.description, actor.role == .client ? .client : .worker)
        if let user = actor.id { appLanes[user] = id }
        return id
    }

    private mutating func appLane(role: TraceRole, user: String) -> String {
        appLanes[user] ?? appLane(TraceActor(role, id: user))
    }

    /// The lane of the app a backend line is about: by user id, else an unnamed peer.
    private mutating func peerLane(user: String?) -> String {
        if let user, let known = appLanes[user] { return known }
        if let user { return lane(user, .peer) }
        return lane("an app", .peer)
    }

    private mutating func screenLane(_ app: String) -> String {
        lane("\(app) screen", .screen)
    }

    // MARK: - Steps

    private mutating func makeStep(_ event: TraceEvent) -> TimelineStep {
        let payload = encoder.json(event).compactText
        func step(_ from: String, _ to: String?, _ kind: TimelineStep.Kind, _ label: String) -> TimelineStep {
            TimelineStep(line: event.line, ts: event.ts, from: from, to: to, kind: kind, label: label, payload: payload)
        }
        let isBackend = event.actor.role == .backend
        let me = isBackend ? lane(TraceActor.backend.description, .backend) : appLane(event.actor)
        switch event.body {
        case .socketOut(let message):
            guard isBackend else { return step(me, backendLane, .emit, Self.label(message)) }
            return step(me, peerLane(user: message.room), .emit, Self.label(message))
        case .socketIn(let message):
            guard isBackend else { return step(backendLane, me, .emit, Self.label(message)) }
            return step(peerLane(user: message.from), me, .emit, Self.label(message))
        case .connecting(let record), .connected(let record), .disconnected(let record):
            let label = event.kind.rawValue.replacingOccurrences(of: "io.", with: "") + (record.reason.map { " (\($0.rawValue))" } ?? "")
            guard isBackend else { return step(me, backendLane, .connection, label) }
            let peer = record.identity.map { appLane(role: $0.role, user: $0.userID.text) } ?? peerLane(user: nil)
            return step(peer, me, .connection, label)
        case .httpRequest(let request):
            let label = "\(request.method) \(request.path)"
            guard isBackend else {
                exchangeLanes[request.xid] = me
                return step(me, backendLane, .request, label)
            }
            return step(exchangeLanes[request.xid] ?? peerLane(user: nil), me, .request, label)
        case .httpResponse(let response):
            let label = response.status.map { "\($0) \(response.xid)" } ?? "\(response.error ?? "error") \(response.xid)"
            guard isBackend else { return step(backendLane, me, .answer, label) }
            return step(me, exchangeLanes[response.xid] ?? peerLane(user: nil), .answer, label)
        case .viewShown(let view):
            return step(me, screenLane(me), .ui, "view \(view.view)" + Self.about(view.req))
        case .alertShown(let alert):
            return step(me, screenLane(me), .ui, "alert \(alert.alert)" + Self.about(alert.req))
        case .alertDismissed(let alert, let req):
            return step(screenLane(me), me, .ui, "dismissed \(alert)" + Self.about(req))
        case .offerShown(let req):
            return step(me, screenLane(me), .ui, "offer shown \(req)")
        case .offerDiscarded(let req, _):
            return step(screenLane(me), me, .ui, "discarded \(req)")
        case .offerRemoved(let req, let why):
            return step(me, screenLane(me), .ui, "offer removed \(req) (\(why.rawValue))")
        case .userInput(let input):
            return step(screenLane(me), me, .ui, "pressed \(input.choice ?? input.input)" + Self.about(input.req))
        case .offerReceived(let req, let via, let offer):
            if let delay = offer["Delay"]?.integerValue { offerDelays["\(me) \(req)"] = delay }
            return step(me, nil, .state, "offer \(req) via \(via.rawValue)")
        case .offerDecided(let decision):
            let verdict = decision.invalidField.map { "invalid \($0)" } ?? (decision.eligible == false ? "not eligible" : "eligible")
            return step(me, nil, .state, "decided \(decision.req): \(verdict)")
        case .timerStarted(let timer, let req, _):
            return step(me, nil, .state, "\(timer.rawValue) started \(req)")
        case .timerFired(let timer, let req):
            return step(me, nil, .state, "\(timer.rawValue) fired \(req)")
        case .queueChanged(let change):
            return step(me, nil, .state, "queue \(change.op?.rawValue ?? "changed") (\(change.length))")
        default:
            return step(me, nil, .state, event.kind.rawValue)
        }
    }

    private var backendLane: String {
        mutating get { lane(TraceActor.backend.description, .backend) }
    }

    private static func label(_ message: SocketMessage) -> String {
        message.event + about(message.reqID)
    }

    private static func about(_ req: String?) -> String {
        req.map { " \($0)" } ?? ""
    }

    // MARK: - Spans

    /// Starts or ends the span of a timer event; returns its index.
    private mutating func trackTimers(_ event: TraceEvent, lane: String) -> Int? {
        switch event.body {
        case .timerStarted(let timer, let req, let startedAt):
            let key = "\(lane) \(timer.rawValue) \(req)"
            // A resumed timer keeps its original start: the same window, already drawn.
            if let open = openSpans[key], timeline.spans[open].start == startedAt, !timeline.spans[open].fired { return nil }
            let due: Int64?
            switch timer {
            case .timeout: due = startedAt + encoder.header.timeoutMs
            case .delay: due = offerDelays["\(lane) \(req)"].map { startedAt + $0 * 1000 }
            }
            openSpans[key] = timeline.spans.count
            timeline.spans.append(TimelineSpan(lane: lane, label: "\(timer.rawValue) \(req)", start: startedAt, end: due, fired: false, line: event.line))
            return timeline.spans.count - 1
        case .timerFired(let timer, let req):
            guard let open = openSpans.removeValue(forKey: "\(lane) \(timer.rawValue) \(req)") else { return nil }
            timeline.spans[open].end = event.ts
            timeline.spans[open].fired = true
            return open
        default:
            return nil
        }
    }
}
