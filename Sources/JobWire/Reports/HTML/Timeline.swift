/// A trace told as a sequence diagram: one lane per actor, one step per trace line, timers as
/// spans and the checker's violations pinned to the lines they cite. The HTML report embeds it
/// as JSON for `swimlanes.js`, and the broker console streams its steps as they happen.
///
/// It is a plain value: ``TimelineBuilder`` makes it from ``TraceEvent``s, all at once or one
/// event at a time.
public struct Timeline: Codable, Sendable, Hashable {
    /// What the diagram shows, e.g. the trace file or the case id.
    public var title: String
    /// The lanes, in the order they were first seen: apps, the backend, the apps' screens.
    public var lanes: [TimelineLane]
    /// One step per trace line after the header, in line order.
    public var steps: [TimelineStep]
    /// The timers the apps ran: a client's timeout (TIME-1), a worker's Delay wait (TIME-9).
    public var spans: [TimelineSpan]
    /// What the checker found, each pinned to the lines it cites.
    public var violations: [TimelineViolation]

    /// A timeline with everything given.
    public init(title: String, lanes: [TimelineLane] = [], steps: [TimelineStep] = [], spans: [TimelineSpan] = [], violations: [TimelineViolation] = []) {
        self.title = title
        self.lanes = lanes
        self.steps = steps
        self.spans = spans
        self.violations = violations
    }
}

/// One column of the diagram: an actor, or what an app's user sees.
public struct TimelineLane: Codable, Sendable, Hashable {
    /// The lane's id and label: `client c-1`, `worker w-1`, `backend`, `client c-1 screen`.
    public var id: String
    /// What the lane stands for.
    public var kind: Kind

    /// What a lane stands for.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// The client app.
        case client
        /// A worker app.
        case worker
        /// The backend.
        case backend
        /// The screen of an app: views, alerts, offers shown and what the user pressed.
        case screen
        /// Whoever the trace does not name: the backend's peer before it said who it is, or a room.
        case peer
    }

    /// A lane called `id`.
    public init(id: String, kind: Kind) {
        self.id = id
        self.kind = kind
    }
}

/// One trace line as the diagram draws it: an arrow from one lane to another, or a mark on one.
public struct TimelineStep: Codable, Sendable, Hashable {
    /// The 1-based trace line (the header is line 1).
    public var line: Int
    /// `ts` of the line, ms since the epoch on its writer's clock.
    public var ts: Int64
    /// The lane of the actor that wrote the line, or of the sender for what it received.
    public var from: String
    /// The lane the arrow points at; nil for a mark on `from` alone (a lifecycle change, a timer).
    public var to: String?
    /// What kind of step it is.
    public var kind: Kind
    /// A short label: `new R-1`, `POST /api/requests`, `200 x-1`, `view waiting`.
    public var label: String
    /// The whole line as compact JSON.
    public var payload: String

    /// What a step is.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// A Socket.IO event (`io.out`, `io.in`).
        case emit
        /// A REST request (`http.request`).
        case request
        /// A REST answer or transport error (`http.response`).
        case answer
        /// Something on the user's screen, or the user's input (`view.*`, `alert.*`, `offer.shown` ...).
        case ui
        /// A Socket.IO connection attempt, acceptance or end (`io.connecting`, `io.connected`, `io.disconnected`).
        case connection
        /// A change inside one actor: lifecycle, connectivity, queue, profile, timers, offers taken in.
        case state
    }

    /// A step of `kind` on `line`.
    public init(line: Int, ts: Int64, from: String, to: String?, kind: Kind, label: String, payload: String) {
        self.line = line
        self.ts = ts
        self.from = from
        self.to = to
        self.kind = kind
        self.label = label
        self.payload = payload
    }
}

/// A timer of an app as a window on its lane: from its start to when it fired, or to when it was due.
public struct TimelineSpan: Codable, Sendable, Hashable {
    /// The app's lane.
    public var lane: String
    /// `timeout R-1` or `delay R-1`.
    public var label: String
    /// When the timer started (its original start when it resumed), ms since the epoch.
    public var start: Int64
    /// When it fired, else when it was due; nil when neither is known (a Delay of an offer not seen).
    public var end: Int64?
    /// True when the trace shows it firing.
    public var fired: Bool
    /// The line that started it.
    public var line: Int

    /// A span on `lane` from `start` to `end`.
    public init(lane: String, label: String, start: Int64, end: Int64?, fired: Bool, line: Int) {
        self.lane = lane
        self.label = label
        self.start = start
        self.end = end
        self.fired = fired
        self.line = line
    }
}

/// A violation as the diagram shows it: its requirement and sentence, and the lines it cites.
public struct TimelineViolation: Codable, Sendable, Hashable {
    /// The requirement id, e.g. `TIME-2`.
    public var requirement: String
    /// The requirement's sentence from the catalogue; nil when the catalogue does not know it.
    public var sentence: String?
    /// What a conformant trace shows there.
    public var expected: String
    /// What this trace shows.
    public var observed: String
    /// The trace lines it cites.
    public var lines: [Int]

    /// `violation` of the checker, with its requirement's sentence from `catalog`.
    public init(_ violation: Violation, catalog: RequirementCatalog?) {
        requirement = violation.requirement.rawValue
        sentence = catalog?[violation.requirement].map { "\($0.level): \($0.sentence)" }
        expected = violation.expected
        observed = violation.observed
        lines = violation.lines
    }
}
