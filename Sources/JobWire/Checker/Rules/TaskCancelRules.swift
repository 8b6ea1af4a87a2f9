import SocketIOWire

/// TASK-12: a cancel without a non-empty `reason` is 400 `bad_request` on `reason`; a successful
/// cancel answers the task `cancelled` with that `cancelReason`; and a cancel of the caller's own
/// open task (no contractor, so no cut-off) with a live token succeeds. Judged when the trace's
/// `subject` holds the backend; the app's half, a cancel sent with a non-empty `reason`, when it
/// holds the app that sent it (``AppRequestCheck``).
struct TASK12CancelKeepsReason: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-12", evidence: TraceRuleInfo.backendEvidence,
            check: "an app's task cancel carries a non-empty reason; a cancel answers the task cancelled with the reason sent as cancelReason; a cancel of the caller's open task succeeds; one without a reason is bad_request on reason",
            about: [.backend, .client, .worker])
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest] }
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        AppRequestCheck.judge(event, TaskCallKind.cancelTask, as: "TASK-12", &context)
    }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard context.header.subject.contains(.backend), answer.call == .cancelTask else { return }
        let lines = [answer.requestLine, answer.line]
        guard answer.bodyProblems.isEmpty, let reason = answer.requestBody?["reason"]?.stringValue else {
            guard !answer.badRequest(naming: ["reason"]) else { return }
            return context.report("TASK-12", lines: lines, expected: "400 bad_request with field reason for a cancel without a reason", observed: answer.summary)
        }
        if answer.succeeded {
            let task = answer.body?["task"]
            guard task?["status"] != "cancelled" || task?["cancelReason"] != .string(reason) else { return }
            return context.report(
                "TASK-12", lines: lines, expected: "the task cancelled with cancelReason \(JSONValue.string(reason).compactText)",
                observed: "status \(task?["status"]?.compactText ?? "absent"), cancelReason \(task?["cancelReason"]?.compactText ?? "absent")")
        }
        guard let task = context.session.tasks.ownTask(answer), task.exists, task.status == "open", task.contractor == nil,
            context.session.tasks.liveCaller(answer, header: context.header) != nil, answer.code != "cancel_cutoff_passed"
        else { return }
        context.report("TASK-12", lines: [task.line] + lines, expected: "2xx with \(task.objectID) cancelled: the caller's open task", observed: answer.summary)
    }
}

/// TASK-13: a cancel of the caller's assigned task is 409 `cancel_cutoff_passed` once the cut-off
/// (`taskCancelCutoffMs`, from the header or the last settings answer, before the earliest
/// `dates[].start` the trace shows) has passed when it is sent, and succeeds when it is answered
/// before it; `cancel_cutoff_passed` is never the answer for a task without a contractor.
struct TASK13CancelCutoff: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-13", evidence: TraceRuleInfo.backendEvidence,
            check: "a cancel of an assigned task is 409 cancel_cutoff_passed from taskCancelCutoffMs before its earliest date on, and succeeds before; a task without a contractor has no cut-off",
            tolerance: "allows clockSkewToleranceMs around the cut-off")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call == .cancelTask, answer.bodyProblems.isEmpty,
            let task = context.session.tasks.ownTask(answer), task.exists, !task.isEnded,
            context.session.tasks.liveCaller(answer, header: context.header) != nil
        else { return }
        let lines = [task.line, answer.requestLine, answer.line]
        guard task.contractor != nil, task.status == "assigned" else {
            guard answer.code == "cancel_cutoff_passed" else { return }
            return context.report("TASK-13", lines: lines, expected: "no cancel_cutoff_passed for \(task.objectID), which has no contractor: no one is coming", observed: answer.summary)
        }
        guard let start = task.earliestStart else { return }
        let cutoff = start - context.session.tasks.taskCancelCutoffMs
        if answer.requestTs - context.skew >= cutoff, !answer.failed(409, "cancel_cutoff_passed") {
            context.report(
                "TASK-13", lines: lines, expected: "409 cancel_cutoff_passed for assigned \(task.objectID), sent \(answer.requestTs - cutoff) ms past its cut-off \(cutoff)",
                observed: answer.summary)
        } else if answer.ts + context.skew < cutoff, !answer.succeeded || answer.body?["task"]?["status"] != "cancelled" {
            context.report(
                "TASK-13", lines: lines, expected: "2xx with assigned \(task.objectID) cancelled, answered \(cutoff - answer.ts) ms before its cut-off \(cutoff)",
                observed: answer.summary)
        }
    }
}

/// TASK-14: the task list answers `tasks` newest `createdAt` first, never a task the trace shows
/// another user created (nor, for a caller whose sign-up it shows, one it never saw created),
/// every task of the caller whose create was answered before the list was asked for, and each
/// of them where it stands: the status, contractor, cancel reason and times of its last answer,
/// or of a version a write answered after the list was sent replaced.
struct TASK14TaskList: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-14", evidence: TraceRuleInfo.backendEvidence,
            check: "the task list holds the caller's tasks the trace shows created before it, no other user's (nor, after the caller's sign-up, one the trace never saw created), newest createdAt first, each with the status, contractor, cancelReason, createdAt and updatedAt its last answer showed (or a version a write answered after the list was sent replaced)",
            tolerance: "allows clockSkewToleranceMs between apps")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call == .listTasks else { return }
        let lines = [answer.requestLine, answer.line]
        let malformed = answer.answerProblems("TASK-14")
        guard malformed.isEmpty else {
            return context.report("TASK-14", lines: lines, expected: "the task list answered as `tasks`, an array of tasks", observed: ShapeProblem.texts(malformed))
        }
        guard let caller = context.session.tasks.liveCaller(answer, header: context.header) else { return }
        guard answer.succeeded, let listed = answer.body?["tasks"]?.arrayValue else {
            return context.report("TASK-14", lines: lines, expected: "2xx with the tasks of \(caller.userID)", observed: answer.summary)
        }
        let ids = listed.compactMap { $0["objectId"].flatMap(\.idText) }
        let times = listed.map { $0["createdAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) ?? .min }
        if zip(times, times.dropFirst()).contains(where: { $0 < $1 }) {
            context.report("TASK-14", lines: lines, expected: "the tasks newest createdAt first", observed: listed.map { "\($0["objectId"]?.compactText ?? "?") \($0["createdAt"]?.compactText ?? "?")" }.joined(separator: ", "))
        }
        let ledger = context.session.tasks.tasks
        // A caller whose sign-up the trace shows has no task the trace did not see created.
        let foreign = ids.filter { id in ledger[id].map { $0.author != nil && $0.author != caller.userID } ?? caller.fromSignUp }
        if !foreign.isEmpty {
            let whose = foreign.map { "\($0) of \(ledger[$0]?.author ?? "no create the trace shows")" }
            context.report("TASK-14", lines: lines, expected: "only the tasks of \(caller.userID)", observed: whose.joined(separator: ", "))
        }
        let missing = ledger.values.filter { task in
            task.exists && task.author == caller.userID && task.createdAnsweredAt + answer.skew(to: task.createdBy, context.header) <= answer.requestTs
                && !ids.contains(task.objectID)
        }.map(\.objectID).sorted()
        if !missing.isEmpty {
            context.report("TASK-14", lines: lines, expected: "every task of \(caller.userID) created before the list", observed: "\(missing.joined(separator: ", ")) missing from \(ids)")
        }
        let unlike = listed.compactMap { Self.standingProblem($0, ledger, caller: caller.userID, answer, skew: context.header.clockSkewToleranceMs) }
        if !unlike.isEmpty {
            context.report(
                "TASK-14", lines: lines, expected: "each task of \(caller.userID) listed as it stands, or as it stood before a write answered after the list was sent",
                observed: unlike.prefix(3).joined(separator: "; "))
        }
    }

    /// How a listed task of the caller's stands otherwise than every version it may show
    /// (``TaskFact/versions(shownTo:skew:)``, ``TaskFact/sameStanding(_:as:)``), or nil.
    static func standingProblem(_ shown: JSONValue, _ ledger: [String: TaskFact], caller: String, _ answer: TaskAnswer, skew: Int64) -> String? {
        guard let id = shown["objectId"].flatMap(\.idText), let task = ledger[id], task.exists, task.author == caller,
            let versions = task.versions(shownTo: answer, skew: skew)
        else { return nil }
        guard !versions.contains(where: { TaskFact.sameStanding(shown, as: $0) }) else { return nil }
        // The task as it stands is the last version, so some member differs from it, present on both sides.
        let differing = TaskFact.standingMembers.filter { key in !TaskFact.sameStanding(shown, as: task.json, key) }.map { key in
            "`\(key)` \(shown[key]?.compactText ?? ""), not \(task.json[key]?.compactText ?? "")"
        }
        let earlier = versions.count > 1 ? " (nor as before the writes answered after the list was sent)" : ""
        return "\(id) \(differing.joined(separator: ", ")) as line \(task.line) showed it\(earlier)"
    }
}
