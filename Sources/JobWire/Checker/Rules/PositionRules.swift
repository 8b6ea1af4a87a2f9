import SocketIOWire

/// REST-18, the backend's half: once a worker's position call succeeded, the `apply` of a request
/// it wins afterwards carries that position. (Which answers a position call deserves is
/// RESTAnswerCodes'; getJobs and WorkerAccept judge eligibility with the reported position
/// because the session model takes it into the worker's profile, ELIG-8 and REST-9.)
struct REST18PositionUse: TraceRule {
    let infos = [
        TraceRuleInfo(
            "REST-18", evidence: TraceRuleInfo.backendEvidence,
            check: "the `apply` of a WorkerAccept sent after the winner's successful position call carries that lat and lng")
    ]
    var wantsFacts: Bool { true }
    /// The winner's reported position when its WorkerAccept was received, by xid.
    private var atAccept: [String: (worker: String, position: ReportedPosition)] = [:]
    /// Per won request: its winner and the position its `apply` must carry.
    private var owed: [String: (worker: String, position: ReportedPosition)] = [:]

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        switch fact {
        case .received(let call) where call.call == .workerAccept:
            guard let worker = call.body?["workerId"].flatMap(TraceFields.canonicalID),
                let position = context.session.workerRecords[worker]?.reported
            else { return }
            if atAccept.count > 10_000 { atAccept.removeAll() }
            atAccept[call.xid] = (worker, position)
        case .answered(let answer) where answer.call == .workerAccept:
            guard let pending = atAccept.removeValue(forKey: answer.xid), answer.succeeded, let req = answer.req else { return }
            if owed[req] == nil { owed[req] = pending }
        case .emitted(let emission) where emission.event == .apply:
            guard let req = emission.req, let (worker, position) = owed.removeValue(forKey: req),
                emission.payload?["workerId"].flatMap(TraceFields.canonicalID) == worker
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

    mutating func forget(_ req: String) { owed[req] = nil }
}
