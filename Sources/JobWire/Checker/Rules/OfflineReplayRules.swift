/// OFFL-11, OFFL-12 and OFFL-13: the queue is replayed in order, one create or edit in flight at a
/// time, a request that met a transport error staying at the head (OFFL-11); the queue survives a
/// relaunch (OFFL-12, SHOULD); and every online use starts with a background GET (OFFL-13, SHOULD).
struct OFFLReplayRules: TraceRule {
    let infos = [
        TraceRuleInfo(
            "OFFL-11", evidence: [.client, .worker],
            check: "online and running, the queue's head is sent, in seq order, only while no create or edit is in flight; answered requests never return, a transport error keeps its request",
            tolerance: "the head within reactionToleranceMs"),
        TraceRuleInfo(
            "OFFL-12", evidence: [.client, .worker],
            check: "the queue read back at launch holds every request queued, or in flight, when the app stopped"),
        TraceRuleInfo(
            "OFFL-13", evidence: [.client, .worker],
            check: "a GET follows every launch or return to the foreground online, and every return of connectivity while running",
            tolerance: "within reactionToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest, .httpResponse, .queueChanged, .netOnline, .appLaunched, .appForegrounded] }

    private static let stall = 11
    private static let sync = 13
    /// The stall already reported per app, so one stall is one violation.
    private var reportedStall: [TraceActor: Int64] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend else { return }
        let state = context.session.workflow[event.actor] ?? WorkflowState()
        let reaction = context.header.reactionToleranceMs
        switch event.body {
        case .queueChanged(let change):
            if let op = change.op, let entry = change.entry { judgeQueue(op, entry, state, event, &context) }
            context.schedule(due: event.ts + reaction, req: "", actor: event.actor, clock: event.actor, tag: Self.stall, line: event.line)
        case .httpRequest(let request):
            guard let call = request.call, call.isQueueable, call.seq <= state.maxSeq, state.isQueued(call.seq), !state.announced.contains(call.seq) else { return }
            judgeReplay(call, state, event, &context)
        case .httpResponse:
            context.schedule(due: event.ts + reaction, req: "", actor: event.actor, clock: event.actor, tag: Self.stall, line: event.line)
        case .connectivity:
            guard context.session.actors[event.actor]?.running != false else { return }
            context.schedule(due: event.ts + reaction, req: "", actor: event.actor, clock: event.actor, tag: Self.sync, line: event.line)
            context.schedule(due: event.ts + reaction, req: "", actor: event.actor, clock: event.actor, tag: Self.stall, line: event.line)
        case .lifecycle(let change, let stored):
            if change == .launched, let queue = stored.queue { judgeReadBack(queue, state, event, &context) }
            guard state.online == true else { return }
            context.schedule(due: event.ts + reaction, req: "", actor: event.actor, clock: event.actor, tag: Self.sync, line: event.line)
            if change == .launched { context.schedule(due: event.ts + reaction, req: "", actor: event.actor, clock: event.actor, tag: Self.stall, line: event.line) }
        default:
            break
        }
    }

    /// A request leaving the queue to be sent, or joining it again.
    private func judgeQueue(_ op: QueueOperation, _ entry: OfflineRequest, _ state: WorkflowState, _ event: TraceEvent, _ context: inout RuleContext) {
        switch op {
        case .send:
            judgeReplay(entry, state, event, &context)
        case .enqueue where entry.kind == "options":
            context.report("OFFL-11", lines: [event.line], expected: "the option values GET dropped when connectivity goes, never queued", observed: "\(event.actor) queued options request #\(entry.seq)")
        case .enqueue where entry.isQueueable && entry.seq <= state.maxSeq:
            if let answered = state.answeredSeqs[entry.seq] {
                context.report(
                    "OFFL-11", lines: [answered, event.line], expected: "request #\(entry.seq), answered on line \(answered), gone from the queue",
                    observed: "\(event.actor) queued it again")
            } else if case .edit(let id, _) = entry.call, let newer = (state.queue + state.inFlight.values.map(\.request)).first(where: { $0.isEdit(of: id) && $0.seq > entry.seq }) {
                context.report(
                    "OFFL-11", lines: [event.line], expected: "edit #\(entry.seq) of \(id) left out: the newer edit #\(newer.seq) carries later state",
                    observed: "\(event.actor) put #\(entry.seq) back in the queue")
            }
        default:
            break
        }
    }

    /// OFFL-11: the head, online, with no create or edit in flight.
    private func judgeReplay(_ request: OfflineRequest, _ state: WorkflowState, _ event: TraceEvent, _ context: inout RuleContext) {
        var problems: [String] = []
        if state.online == false { problems.append("the app is offline") }
        if let head = state.head, head != request.seq { problems.append("#\(head) is ahead of it in the queue") }
        if let busy = state.inFlight.values.first(where: { $0.request.isQueueable }) {
            problems.append("#\(busy.request.seq) (line \(busy.line)) is still in flight")
        }
        guard !problems.isEmpty else { return }
        context.report(
            "OFFL-11", lines: [event.line], expected: "the queue's head sent online, once no create or edit is in flight",
            observed: "\(event.actor) sent queued #\(request.seq) while \(problems.joined(separator: " and "))")
    }

    /// OFFL-12: nothing queued or in flight at termination is missing from the queue read back.
    private func judgeReadBack(_ queue: [OfflineRequest], _ state: WorkflowState, _ event: TraceEvent, _ context: inout RuleContext) {
        let expected = state.queue + Array(state.mustReturn.values) + state.inFlightAtTermination
        let kept = Set(queue.map(\.seq))
        let lost = Set(expected.map(\.seq)).subtracting(kept).sorted()
        guard !lost.isEmpty else { return }
        context.report(
            "OFFL-12", lines: [event.line], expected: "the queue read back holding \(lost.map { "#\($0)" }.joined(separator: ", "))",
            observed: "it holds [\(queue.map { "#\($0.seq)" }.joined(separator: ", "))]")
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let state = context.session.workflow[actor] else { return }
        let since = obligation.due - context.header.reactionToleranceMs
        switch obligation.tag {
        case Self.sync where (state.lastGetAt ?? .min) < since:
            context.report(
                "OFFL-13", lines: [obligation.line], expected: "a GET within \(context.header.reactionToleranceMs) ms of coming online or into use",
                observed: "\(actor) sent no GET after line \(obligation.line)")
        case Self.stall:
            guard let ready = state.replayReadySince, ready <= since, reportedStall[actor] != ready, let head = state.head else { return }
            reportedStall[actor] = ready
            context.report(
                "OFFL-11", lines: [obligation.line], expected: "queued #\(head) sent within \(context.header.reactionToleranceMs) ms: the app is online with nothing in flight",
                observed: "\(actor) has not sent it since \(ready)")
        default:
            break
        }
    }
}
