import SocketIOWire

/// MSG-1, MSG-4 ... MSG-7 and MSG-9 ... MSG-11: every protocol event the backend sends carries one
/// JSON object in the configured namespace, with the fields its requirement lists.
///
/// Each requirement is reported once per request and event, however many apps received it.
struct MSGPayloadShapes: TraceRule {
    let infos = [
        TraceRuleInfo("MSG-1", evidence: TraceRuleInfo.backendEvidence, check: "every protocol event carries one JSON object in the configured namespace"),
        TraceRuleInfo("MSG-4", evidence: TraceRuleInfo.backendEvidence, check: "each `new` carries ReqID, CatID, exclusive, and lat and lng in range"),
        TraceRuleInfo("MSG-5", evidence: TraceRuleInfo.backendEvidence, check: "a `new`'s BlockedXP, when present, is an array of worker ids"),
        TraceRuleInfo("MSG-6", evidence: TraceRuleInfo.backendEvidence, check: "a `new`'s Delay, when present, is a whole number of seconds from 0 to 2147483647"),
        TraceRuleInfo("MSG-7", evidence: TraceRuleInfo.backendEvidence, check: "each `new` carries clientName, address, category, description, an ISO 8601 createdAt and, if any, an image string"),
        TraceRuleInfo("MSG-9", evidence: TraceRuleInfo.backendEvidence, check: "each `apply` carries ReqID, workerId, workerName, workerAvatar, workerRating (0 to 5 or null), lat and lng"),
        TraceRuleInfo("MSG-10", evidence: TraceRuleInfo.backendEvidence, check: "each `cancel` carries ReqID and the reason of the cancel call"),
        TraceRuleInfo("MSG-11", evidence: TraceRuleInfo.backendEvidence, check: "each `close` carries ReqID, and the outcome and by of the close call"),
    ]
    var wantsFacts: Bool { true }
    /// Requirement ids already reported, per request and event.
    private var reported: [String: Set<String>] = [:]

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        guard case .emitted(let emission) = fact else { return }
        let req = emission.req ?? "?"
        let event = emission.event.rawValue
        if emission.namespace != context.header.profile.namespace {
            report("MSG-1", req, event, emission, "the `\(event)` in namespace \(context.header.profile.namespace)", "it came in namespace \(emission.namespace)", &context)
        }
        guard let object = emission.payload?.objectValue else {
            let found = emission.payload.map { "\($0.typeDescription): \($0.reportText)" } ?? "no argument"
            report("MSG-1", req, event, emission, "one JSON object as the `\(event)`'s argument", "\(found)", &context)
            return
        }
        let problems: [ShapeProblem]
        switch emission.event {
        case .new: problems = PayloadShape.new(object)
        case .apply: problems = PayloadShape.apply(object)
        case .cancel: problems = PayloadShape.cancel(object, calls: context.session.readRequest(req, { $0.endCallBodies }) ?? [])
        case .close: problems = PayloadShape.close(object, calls: context.session.readRequest(req, { $0.endCallBodies }) ?? [])
        }
        for (id, group) in Dictionary(grouping: problems, by: \.requirement).sorted(by: { $0.key < $1.key }) {
            let fields = group.map(\.field).joined(separator: ", ")
            report(id, req, event, emission, "the `\(event)` for \(req) with \(fields) as \(id) says", group.map(\.text).joined(separator: "; "), &context)
        }
    }

    private mutating func report(_ id: RequirementID, _ req: String, _ event: String, _ emission: Emission, _ expected: String, _ observed: String, _ context: inout RuleContext) {
        guard reported[req, default: []].insert("\(id.rawValue)|\(event)").inserted else { return }
        context.report(id, lines: [emission.line], expected: expected, observed: "\(observed) (sent to \(emission.target))")
    }

    mutating func forget(_ req: String) { reported[req] = nil }
}
