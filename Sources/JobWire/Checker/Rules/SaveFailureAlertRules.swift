/// OFFL-19 and TASK-24: a change the backend did not take is never lost without a word.
///
/// A create or edit refused after it waited in the queue gets a failure alert naming its entity
/// (OFFL-19). A create or edit sent as it was made and refused while the app is online, a task
/// cancel, choice of contractor or review refused while online, or one of those three meeting a
/// transport error, gets a failure alert (TASK-24, the client app's: a worker app's own changes
/// refused online have no requirement). A create or edit that meets a transport error
/// goes back to the queue and is not lost, so it needs none. Each within reactionToleranceMs.
///
/// The other way round, a failure alert naming an entity whose create or edit met a transport
/// error, with no refusal since, tells the user a change is lost that waits in the queue; the user
/// may make it again, twice. OFFL-19 is where the kit says a transport error is no refusal.
struct SaveFailureAlertRules: TraceRule {
    let infos = [
        TraceRuleInfo(
            "OFFL-19", evidence: [.client, .worker],
            check: "a create or edit refused after it waited in the queue is followed by an `alert.shown` with `result` `failure` naming its entity, and one that met a transport error, not refused since, by none",
            tolerance: "within reactionToleranceMs"),
        TraceRuleInfo(
            "TASK-24", evidence: [.client],
            check: "a create, edit, cancel, choice of contractor or review refused while online, or a cancel, choice or review that met a transport error, is followed by an `alert.shown` with `result` `failure`",
            tolerance: "within reactionToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> { [.httpResponse, .alertShown] }

    /// An alert an answer calls for.
    private struct Owed {
        var actor: TraceActor
        var since: Int64
        /// The entity the alert must name (OFFL-19); nil when any failure alert will do (TASK-24).
        var entity: String?
        var what: String
        var shown = false
    }

    private static let offl19 = 19, task24 = 24
    private var owed: [Int: Owed] = [:]
    private var next = 0
    /// Per app, the entities whose create or edit met a transport error and has had no answer
    /// with a status since, with the error's line: back in the queue, not lost.
    private var returned: [TraceActor: RecentMap<String, Int>] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend else { return }
        switch event.body {
        case .httpResponse(let response):
            judge(response, event, &context)
        case .alertShown(let alert) where alert.result == .failure:
            let reaction = context.header.reactionToleranceMs
            var answers = false
            for (key, debt) in owed where debt.actor == event.actor && event.ts >= debt.since && event.ts <= debt.since + reaction {
                if debt.entity == nil || debt.entity == alert.notification.entity {
                    owed[key]?.shown = true
                    answers = true
                }
            }
            if !answers, let entity = alert.notification.entity, let line = returned[event.actor]?[entity] {
                context.report(
                    "OFFL-19", lines: [line, event.line],
                    expected: "no failure alert for \(entity): its create or edit met a transport error on line \(line) and waits in the queue",
                    observed: "\(event.actor) showed a failure alert naming \(entity) with no refusal of it since")
            }
        default:
            break
        }
    }

    /// Schedules the alert `response` calls for, if any.
    private mutating func judge(_ response: HTTPResponseRecord, _ event: TraceEvent, _ context: inout RuleContext) {
        let state = context.session.workflow[event.actor]
        let online = state?.online != false
        let refused = response.status != nil && !response.succeeded
        if let flight = state?.inFlight[response.xid] {
            guard let entity = flight.request.entityID else { return }
            guard response.status != nil else {
                if flight.request.isQueueable { returned[event.actor, default: RecentMap()][entity.rawValue] = event.line }
                return
            }
            returned[event.actor]?[entity.rawValue] = nil
            guard refused else { return }
            let what = "\(flight.request.kind) #\(flight.request.seq) of \(entity)"
            if flight.replayed {
                owe(Owed(actor: event.actor, since: event.ts, entity: entity.rawValue, what: what), id: Self.offl19, event, &context)
            } else if online, event.actor.role == .client {
                owe(Owed(actor: event.actor, since: event.ts, entity: nil, what: what), id: Self.task24, event, &context)
            }
            return
        }
        guard event.actor.role == .client, let task = context.session.exchanges[response.xid]?.task else { return }
        let undoable: Set<TaskCallKind> = [.cancelTask, .chooseContractor, .review]
        let saving = undoable.union([.createTask, .editTask])
        guard saving.contains(task) else { return }
        if (refused && online) || (response.error != nil && undoable.contains(task)) {
            owe(Owed(actor: event.actor, since: event.ts, entity: nil, what: "the \(task.rawValue) call"), id: Self.task24, event, &context)
        }
    }

    private mutating func owe(_ debt: Owed, id: Int, _ event: TraceEvent, _ context: inout RuleContext) {
        next += 1
        owed[next] = debt
        context.schedule(due: event.ts + context.header.reactionToleranceMs, req: String(next), actor: event.actor, clock: event.actor, tag: id, line: event.line)
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let key = Int(obligation.req), let debt = owed.removeValue(forKey: key), !debt.shown else { return }
        let naming = debt.entity.map { " naming \($0)" } ?? ""
        context.report(
            obligation.tag == Self.offl19 ? "OFFL-19" : "TASK-24", lines: [obligation.line],
            expected: "an `alert.shown` with `result` `failure`\(naming) within \(context.header.reactionToleranceMs) ms of the answer",
            observed: "\(debt.actor) showed none after the answer to \(debt.what) on line \(obligation.line)")
    }
}
