import SocketIOWire

/// REST-18, the backend's half: once a worker's position call succeeded, the `apply` of a request
/// it wins afterwards carries that position. (Which answers a position call deserves is
/// RESTAnswerCodes'; getJobs and WorkerAccept judge eligibility with the reported position
/// because the session model takes it into the worker's profile, ELIG-8 and REST-9.) Judged
/// when the trace's `subject` holds the backend; the worker app's half, a position call carrying
/// `lat` and `lng` into the worker's own profile (its own id as the path's `{workerId}`), when it
/// holds the worker (``AppRequestCheck``).
struct REST18PositionUse: TraceRule {
    let infos = [
        TraceRuleInfo(
            "REST-18", evidence: TraceRuleInfo.backendEvidence,
            check: "the worker app's position call carries lat and lng into its own profile, its own id the path's workerId; the `apply` of a WorkerAccept sent after the winner's successful position call carries that lat and lng",
            about: [.backend, .worker])
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest] }
    var wantsFacts: Bool { true }
    /// The position each WorkerAccept's worker had reported when the call was received, by
    /// request and worker. Its `apply` is matched by the winner it names, not by the call's
    /// answer: from app events the client may record the `apply` before the winner records the
    /// answer.
    private var atAccept: [String: [String: ReportedPosition]] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        AppRequestCheck.judge(event, .position, as: "REST-18", apps: AppRequestCheck.worker, &context)
    }

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        guard context.header.subject.contains(.backend) else { return }
        switch fact {
        case .received(let call) where call.call == .workerAccept:
            guard let req = call.req, let worker = call.body?["workerId"].flatMap(\.idText),
                let position = context.session.workerRecords[worker]?.reported
            else { return }
            if atAccept.count > 10_000 { atAccept.removeAll() }
            atAccept[req, default: [:]][worker] = position
        case .emitted(let emission) where emission.event == .apply:
            guard let req = emission.req, let worker = emission.payload?["workerId"].flatMap(\.idText),
                let position = atAccept.removeValue(forKey: req)?[worker]
            else { return }
            let lat = emission.payload?["lat"]
            let lng = emission.payload?["lng"]
            guard lat?.doubleValue != position.lat.doubleValue || lng?.doubleValue != position.lng.doubleValue else { return }
            context.report(
                "REST-18", lines: [emission.line, position.line],
                expected: "the `apply` for \(req) at lat \(position.lat.compactText), lng \(position.lng.compactText), the position worker \(worker) reported on line \(position.line)",
                observed: "lat \(lat?.compactText ?? "missing"), lng \(lng?.compactText ?? "missing") (sent to \(emission.target))")
        default:
            break
        }
    }

    mutating func forget(_ req: String) { atAccept[req] = nil }
}
