import SocketIOWire

/// MSG-1, MSG-4 ... MSG-7 and MSG-9 ... MSG-11: every protocol event the backend sends carries one
/// JSON object in the configured namespace, with the fields its requirement lists, valued as the
/// trace says they must be: a `new` as its post (``PayloadShape/newValues(_:post:)``), an `apply`
/// as its worker's record (``PayloadShape/applyValues(_:record:source:moved:)``), a `cancel` and a
/// `close` as their calls.
///
/// Each requirement is reported once per request and event, however many apps received it.
struct MSGPayloadShapes: TraceRule {
    let infos = [
        TraceRuleInfo("MSG-1", evidence: TraceRuleInfo.backendEvidence, check: "every protocol event carries one JSON object in the configured namespace"),
        TraceRuleInfo("MSG-4", evidence: TraceRuleInfo.backendEvidence, check: "each `new` carries ReqID, CatID, exclusive, and lat and lng in range, its CatID, exclusive (\"0\" when none was posted), lat and lng the post's"),
        TraceRuleInfo("MSG-5", evidence: TraceRuleInfo.backendEvidence, check: "a `new`'s BlockedXP, when present, is an array of worker ids"),
        TraceRuleInfo("MSG-6", evidence: TraceRuleInfo.backendEvidence, check: "a `new`'s Delay, when present, is a whole number of seconds from 0 to 2147483647"),
        TraceRuleInfo("MSG-7", evidence: TraceRuleInfo.backendEvidence, check: "each `new` carries clientName, address, category, description (the post's), an ISO 8601 createdAt and, if any, an image string: the post's image whenever it had one"),
        TraceRuleInfo("MSG-9", evidence: TraceRuleInfo.backendEvidence, check: "each `apply` carries ReqID, workerId, workerName, workerAvatar, workerRating (0 to 5 or null), lat and lng; the name, avatar and, with no position call since, lat and lng of the worker it names as the backend's record last showed them: its worker fixture or, when later, the backend's own meProfile answer"),
        TraceRuleInfo("MSG-10", evidence: TraceRuleInfo.backendEvidence, check: "each `cancel` carries ReqID and the reason of the cancel call"),
        TraceRuleInfo("MSG-11", evidence: TraceRuleInfo.backendEvidence, check: "each `close` carries ReqID, and the outcome and by of the close call"),
    ]
    var wantsFacts: Bool { true }
    /// Requirement ids already reported, per request and event.
    private var reported: [String: Set<String>] = [:]
    /// `new`s seen before their post's answer, whose values are judged when it comes.
    private var early: [String: [Emission]] = [:]
    /// The workers that sent a position call since their last worker fixture, answered or not:
    /// their `apply`'s position is REST-18's to judge, not the fixture's.
    private var moved: Set<String> = []

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        switch fact {
        case .received(let call) where call.call == .position:
            if let worker = call.worker { moved.insert(worker) }
        case .answered(let answer) where answer.call == .workerFixture && answer.succeeded:
            if let worker = answer.worker { moved.remove(worker) }
        case .answered(let answer) where answer.call == .postRequest && answer.succeeded:
            guard let req = answer.req, let post = answer.requestBody else { return }
            for emission in early.removeValue(forKey: req) ?? [] {
                guard let object = emission.payload?.objectValue else { continue }
                report(PayloadShape.newValues(object, post: post), req, emission, &context)
            }
        case .emitted(let emission):
            judge(emission, &context)
        default:
            break
        }
    }

    private mutating func judge(_ emission: Emission, _ context: inout RuleContext) {
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
        var problems: [ShapeProblem]
        switch emission.event {
        case .new:
            problems = emission.shapeProblems
            if let post = context.session.readRequest(req, { $0.postBody }) {
                problems += PayloadShape.newValues(object, post: post)
            } else if emission.req != nil {
                // Judged when the post's answer names its ReqID. One whose answer has not come
                // within retainMs (a post given up, a `new` no post made) has nothing to be
                // compared with, and goes; those still awaited stay.
                if early.count > 1_000 {
                    let horizon = emission.ts - context.header.retainMs
                    early = early.filter { $0.value.contains { $0.ts > horizon } }
                }
                early[req, default: []].append(emission)
            }
        case .apply:
            problems = emission.shapeProblems
            // The backend's own meProfile answer is later than its fixture when both are kept.
            if let worker = object["workerId"]?.idText {
                let stated = context.session.statedRecords[worker]
                if let record = stated ?? context.session.workerRecords[worker] {
                    let source = stated == nil ? "the worker fixture" : "the backend's meProfile answer on line \(record.line)"
                    problems += PayloadShape.applyValues(object, record: record.body, source: source, moved: moved.contains(worker) || record.reported != nil)
                }
            }
        case .cancel: problems = PayloadShape.cancel(object, calls: context.session.readRequest(req, { $0.endCallBodies }) ?? [])
        case .close: problems = PayloadShape.close(object, calls: context.session.readRequest(req, { $0.endCallBodies }) ?? [])
        }
        report(problems, req, emission, &context)
    }

    /// Reports `problems` of one event, each requirement once per request and event.
    private mutating func report(_ problems: [ShapeProblem], _ req: String, _ emission: Emission, _ context: inout RuleContext) {
        let event = emission.event.rawValue
        for (id, group) in Dictionary(grouping: problems, by: \.requirement).sorted(by: { $0.key < $1.key }) {
            let fields = group.map(\.field).joined(separator: ", ")
            report(id, req, event, emission, "the `\(event)` for \(req) with \(fields) as \(id) says", group.map(\.text).joined(separator: "; "), &context)
        }
    }

    private mutating func report(_ id: RequirementID, _ req: String, _ event: String, _ emission: Emission, _ expected: String, _ observed: String, _ context: inout RuleContext) {
        guard reported[req, default: []].insert("\(id.rawValue)|\(event)").inserted else { return }
        context.report(id, lines: [emission.line], expected: expected, observed: "\(observed) (sent to \(emission.target))")
    }

    mutating func forget(_ req: String) {
        reported[req] = nil
        early[req] = nil
    }
}
