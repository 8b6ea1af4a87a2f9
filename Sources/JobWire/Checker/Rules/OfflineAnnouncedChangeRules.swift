/// OFFL-4, OFFL-7, OFFL-8, OFFL-9 and OFFL-14 seen from the notification: an app makes a create or
/// edit by sending it at once or queuing it, and shows its notification (OFFL-5). A notification
/// that names an entity more often than the app made creates and edits of it announces a change
/// that was neither sent nor queued: the app tells the user the work is saved and loses it.
///
/// The effects of one action are recorded with the notification last (Docs/TRACE.md), but an app
/// that shows it first and queues a moment later loses nothing, so the change may come up to
/// `reactionToleranceMs` after the notification, as the notification may after the change (OFFL-5).
/// The sentence broken is the one that says where the change should have gone, from the app's
/// connectivity when it showed the notification: OFFL-4 for a create; for an edit OFFL-7 online
/// and OFFL-9 offline (a backend id), OFFL-14 online and OFFL-8 offline (a temporary id). The rules
/// that judge the changes made declare these ids; like them, this judges nothing while the trace
/// has not shown the app's connectivity.
struct OFFLAnnouncedChanges: TraceRule {
    let infos: [TraceRuleInfo] = []
    var kinds: Set<TraceEventKind> { [.alertShown] }

    /// A notification waiting for its change: the app, the entity, and which of the notifications naming it this is.
    private struct Announcement: Hashable {
        var actor: TraceActor
        var entity: String
        var ordinal: Int
    }

    /// What each waiting notification breaks if its change does not come, with the expected text.
    private var waiting: [Announcement: (requirement: RequirementID, expected: String)] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend, case .alertShown(let alert) = event.body, alert.alert == TraceViews.notification,
            let entity = alert.notification.entity, let state = context.session.workflow[event.actor], let online = state.online
        else { return }
        let counts = state.announcements[entity] ?? .init()
        let ordinal = counts.shown + 1
        guard ordinal > counts.made else { return }
        let id = EntityID(entity)
        let subject = alert.notification.subject ?? (id.isTemporary && !state.temporaryIDs.contains(entity) ? .create : .edit)
        let requirement: RequirementID
        let change: String
        switch (subject, online, id.isTemporary) {
        case (.create, true, _): (requirement, change) = ("OFFL-4", "the create of \(id) sent (the app is online)")
        case (.create, false, _): (requirement, change) = ("OFFL-4", "the create of \(id) queued (the app is offline)")
        case (.edit, true, false): (requirement, change) = ("OFFL-7", "the edit of \(id) sent (online, of a backend id)")
        case (.edit, false, false): (requirement, change) = ("OFFL-9", "the edit of \(id) queued (offline, of a backend id)")
        case (.edit, true, true): (requirement, change) = ("OFFL-14", "the edit of \(id) queued behind its create (online, of a temporary id)")
        case (.edit, false, true): (requirement, change) = ("OFFL-8", "the edit of \(id) queued (offline, of a temporary id)")
        }
        let expected = "\(change) within \(context.header.reactionToleranceMs) ms of its notification"
        waiting[Announcement(actor: event.actor, entity: entity, ordinal: ordinal)] = (requirement, expected)
        context.schedule(
            due: event.ts + context.header.reactionToleranceMs, req: entity, actor: event.actor, clock: event.actor, tag: ordinal, line: event.line)
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor,
            let judged = waiting.removeValue(forKey: Announcement(actor: actor, entity: obligation.req, ordinal: obligation.tag))
        else { return }
        let made = context.session.workflow[actor]?.announcements[obligation.req]?.made ?? 0
        guard made < obligation.tag else { return }
        let tolerance = context.header.reactionToleranceMs
        context.report(
            judged.requirement, lines: [obligation.line], expected: judged.expected,
            observed: "\(actor) showed a notification naming \(obligation.req) and sent or queued no create or edit of it within \(tolerance) ms")
    }
}
