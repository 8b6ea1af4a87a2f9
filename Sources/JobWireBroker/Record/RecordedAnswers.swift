import JobWire

/// The answers a capture holds to its apps' REST calls: each app's `http.response` by the xid
/// of its request, with its line. Both `jobwire replay` (``ReplayScript``, to compare a new
/// backend's answer) and `jobwire broker --replay` (``RecordedScript``, to answer as recorded)
/// read them so; xids are looked up per app, since two apps' own traces may use the same ones.
public struct RecordedAnswers: Sendable {
    /// One recorded answer.
    public struct Answer: Sendable {
        /// Its line in the capture.
        public var line: Int
        /// The response as recorded.
        public var record: HTTPResponseRecord
    }

    private var answers: [TraceActor: [String: Answer]] = [:]

    /// The answers among `events`: every `http.response` of an app.
    public init(events: [TraceEvent]) {
        for event in events where event.actor.role != .backend {
            if case .httpResponse(let response) = event.body { answers[event.actor, default: [:]][response.xid] = Answer(line: event.line, record: response) }
        }
    }

    /// The answer `actor` got to its request `xid`, nil when the capture has none.
    public subscript(actor: TraceActor, xid: String) -> Answer? { answers[actor]?[xid] }
}
