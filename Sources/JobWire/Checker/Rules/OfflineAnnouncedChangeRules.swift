/// OFFL-4, OFFL-7, OFFL-8, OFFL-9 and OFFL-14 seen from the notification: an app makes a create or
/// edit by sending it at once or queuing it, then shows its notification (OFFL-5). A notification
/// that names an entity more often than the app made creates and edits of it announces a change
/// that was neither sent nor queued: the app tells the user the work is saved and loses it.
///
/// The effects of one action come in the offline model's order (Docs/TRACE.md: the send or
/// enqueue, then the notification), so the change is due by the notification's line and nothing
/// waits. The sentence broken is the one that says where the change should have gone: OFFL-4 for
/// a create; for an edit OFFL-7 online and OFFL-9 offline (a backend id), OFFL-14 online and
/// OFFL-8 offline (a temporary id). The rules that judge the changes made declare these ids;
/// like them, this judges nothing while the trace has not shown the app's connectivity.
struct OFFLAnnouncedChanges: TraceRule {
    let infos: [TraceRuleInfo] = []
    var kinds: Set<TraceEventKind> { [.alertShown] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend, case .alertShown(let alert) = event.body, alert.alert == TraceViews.notification,
            let entity = alert.notification.entity, let state = context.session.workflow[event.actor], let online = state.online
        else { return }
        let counts = state.announcements[entity] ?? .init()
        guard counts.shown >= counts.made else { return }
        let id = EntityID(entity)
        let subject = alert.notification.subject ?? (id.isTemporary && !state.temporaryIDs.contains(entity) ? .create : .edit)
        let requirement: RequirementID
        let expected: String
        switch (subject, online, id.isTemporary) {
        case (.create, true, _): (requirement, expected) = ("OFFL-4", "the create of \(id) sent at once: the app is online")
        case (.create, false, _): (requirement, expected) = ("OFFL-4", "the create of \(id) queued: the app is offline")
        case (.edit, true, false): (requirement, expected) = ("OFFL-7", "the edit of \(id) sent at once: the app is online")
        case (.edit, false, false): (requirement, expected) = ("OFFL-9", "the edit of \(id) queued: the app is offline")
        case (.edit, true, true): (requirement, expected) = ("OFFL-14", "the edit of \(id) queued behind its create")
        case (.edit, false, true): (requirement, expected) = ("OFFL-8", "the edit of \(id) queued: the app is offline")
        }
        let since = counts.shown == 0 ? "" : " since its last notification"
        context.report(
            requirement, lines: [event.line], expected: expected + ", before its notification",
            observed: "\(event.actor) showed the notification of \(subject == .create ? "a create" : "an edit") of \(id) with no create or edit of it sent or queued\(since)")
    }
}
