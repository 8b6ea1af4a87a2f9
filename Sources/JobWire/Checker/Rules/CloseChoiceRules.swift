import SocketIOWire

/// VIEW-12: the Close Request button offers exactly two choices, `happy` and `unhappy`, and the
/// close call carries the chosen one as `outcome`.
///
/// The press is the `user.input` `closeRequest` with the `choices` the app offered and the `choice`
/// the user took (Docs/TRACE.md). The close call for that request follows within
/// reactionToleranceMs, unless the app has received the request's end by then, and carries that
/// `outcome`; a close call sent with another one is a violation too. Both are the app's own lines,
/// so a call 1 ms late fails: an end recorded elsewhere that the app never received excuses
/// nothing. A close call with no press recorded before it is not judged: a trace that records no
/// user input says nothing of the choices.
struct VIEW12CloseChoices: TraceRule {
    static let choices: Set<String> = ["happy", "unhappy"]

    let infos = [
        TraceRuleInfo(
            "VIEW-12", evidence: [.client, .worker],
            check: "the Close Request press offers exactly `happy` and `unhappy`, and the close call that follows carries the chosen one as `outcome`",
            tolerance: "the close call may take up to reactionToleranceMs after the choice")
    ]
    var kinds: Set<TraceEventKind> { [.userInput, .httpRequest] }
    /// Choices waiting for their close call: actor and request to the choice and its line.
    private var chosen: [ActorRequest: (choice: String, line: Int)] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend else { return }
        switch event.body {
        case .userInput(let input) where input.input == UserInputName.closeRequest:
            guard let req = input.req else { return }
            let offered = input.choices ?? []
            if Set(offered) != Self.choices || offered.count != 2 {
                context.report(
                    "VIEW-12", lines: [event.line], expected: "Close Request offering exactly the choices happy and unhappy",
                    observed: "the choices offered were \(offered.isEmpty ? "none" : offered.joined(separator: ", "))")
            }
            guard let choice = input.choice else { return }
            chosen[ActorRequest(actor: event.actor, req: req)] = (choice, event.line)
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: event.actor, clock: event.actor, line: event.line)
        case .httpRequest(let request):
            guard context.call.call == .close, let req = context.call.req,
                let pending = chosen.removeValue(forKey: ActorRequest(actor: event.actor, req: req))
            else { return }
            let outcome = request.body?["outcome"]
            guard outcome?.stringValue != pending.choice else { return }
            context.report(
                "VIEW-12", lines: [pending.line, event.line], expected: "the close of \(req) with outcome \(pending.choice), the user's choice",
                observed: "outcome \(outcome?.reportText ?? "missing")")
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let pending = chosen[ActorRequest(actor: actor, req: obligation.req)], pending.line == obligation.line else { return }
        chosen[ActorRequest(actor: actor, req: obligation.req)] = nil
        guard context.session.actors[actor]?.running == true, context.session.side(actor, obligation.req)?.endReceivedAt == nil else { return }
        context.report(
            "VIEW-12", lines: [obligation.line],
            expected: "the close of \(obligation.req) with outcome \(pending.choice) within \(context.header.reactionToleranceMs) ms of the choice",
            observed: "no close call")
    }

    mutating func forget(_ req: String) {
        chosen.forget(req)
    }
}
