/// OFFL-16 (SHOULD): the automatic list refresh runs each time the list view appears and each time
/// the app returns to the foreground with the list on screen (OFFL-16's Decision).
///
/// The list view appears when `contacts` is shown while another view was on screen, or as the
/// first view after a launch. Online, a refresh is the list GET (OFFL-1), sent within
/// `reactionToleranceMs` before or after the view appears or the app returns: an app may send the
/// GET and then render the list from its state, or show the list and then refresh it. Offline a
/// refresh sends nothing (OFFL-2), so an app offline at the trigger or by the deadline, or one that
/// never wrote its connectivity, is not judged; nor is one that left the foreground meanwhile, or
/// one back in the foreground that shows another view by then (the login screen of an expired
/// token, TASK-5): the list was not on screen after all.
struct OFFL16RefreshOnAppear: TraceRule {
    let infos = [
        TraceRuleInfo(
            "OFFL-16", evidence: [.client, .worker],
            check: "(SHOULD) online, a list GET each time `contacts` appears (the first view after a launch, or shown after another view) and each time the app returns to the foreground onto it",
            tolerance: "the GET within reactionToleranceMs before or after the view or the return")
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest, .viewShown, .appLaunched, .appForegrounded] }

    /// What an obligation waits on a refresh for.
    private enum Trigger: Int {
        case appearing = 1, foreground

        var text: String { self == .appearing ? "`contacts` appearing" : "the return to the foreground onto `contacts`" }
    }

    /// When each app last sent the list GET.
    private var lastListGET: [TraceActor: Int64] = [:]
    /// Apps launched whose first view is still to come: whatever they showed before is gone.
    private var launched: Set<TraceActor> = []

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role != .backend else { return }
        switch event.body {
        case .httpRequest(let request):
            if case .list? = request.call?.call { lastListGET[actor] = event.ts }
        case .lifecycle(.launched, _):
            launched.insert(actor)
        case .lifecycle(.foregrounded, _):
            guard context.session.actors[actor]?.view == TraceViews.contacts else { return }
            owe(actor, .foreground, event, &context)
        case .viewShown(let view):
            // The session still holds the view on screen before this one.
            let appears = launched.remove(actor) != nil || context.session.actors[actor]?.view != TraceViews.contacts
            guard view.view == TraceViews.contacts, appears else { return }
            owe(actor, .appearing, event, &context)
        default:
            break
        }
    }

    /// A refresh is owed for `trigger`, unless the app is not known to be online or sent the GET already.
    private func owe(_ actor: TraceActor, _ trigger: Trigger, _ event: TraceEvent, _ context: inout RuleContext) {
        let reaction = context.header.reactionToleranceMs
        guard context.session.workflow[actor]?.online == true, (lastListGET[actor] ?? .min) < event.ts - reaction else { return }
        context.schedule(due: event.ts + reaction, req: "", actor: actor, clock: actor, tag: trigger.rawValue, line: event.line)
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let trigger = Trigger(rawValue: obligation.tag), let state = context.session.actors[actor], state.running, state.foreground,
            context.session.workflow[actor]?.online == true, trigger == .appearing || state.view == TraceViews.contacts
        else { return }
        let since = obligation.due - context.header.reactionToleranceMs
        guard (lastListGET[actor] ?? .min) < since else { return }
        context.report(
            "OFFL-16", lines: [obligation.line], expected: "a list GET within \(context.header.reactionToleranceMs) ms of \(trigger.text) on line \(obligation.line)",
            observed: "\(actor) sent none by then")
    }
}
