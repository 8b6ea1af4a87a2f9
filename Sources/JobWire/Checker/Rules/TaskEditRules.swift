import SocketIOWire

/// TASK-10: a valid edit of the caller's own open or assigned task, with a live token, succeeds,
/// and every successful edit answers an `updatedAt` later than the one the trace last showed. Its
/// app half: an app under test sends an edit only with the task's full editable state; the
/// backend half is judged only when the backend is under test.
struct TASK10EditMovesUpdatedAt: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-10", evidence: TraceRuleInfo.backendEvidence,
            check: "an app's edit carries the task's full editable state; a valid edit of the caller's open or assigned task succeeds, and an edit's updatedAt is later than the task's last one",
            about: [.backend, .client, .worker])
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest] }
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        AppRequestCheck.judge(event, TaskCallKind.editTask, as: "TASK-10", &context)
    }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard context.header.subject.contains(.backend), answer.call == .editTask, let id = answer.objectID, let task = context.session.tasks.tasks[id], task.exists else { return }
        let lines = [task.line, answer.requestLine, answer.line]
        if answer.succeeded {
            let updated = answer.body?["task"]?["updatedAt"]?.stringValue.flatMap(ISO8601Time.milliseconds)
            guard let before = task.updatedAt, (updated ?? .min) <= before else { return }
            return context.report(
                "TASK-10", lines: lines, expected: "the edit of \(id) answering an updatedAt later than \(task.json["updatedAt"]?.compactText ?? "?") (line \(task.line))",
                observed: "updatedAt \(answer.body?["task"]?["updatedAt"]?.compactText ?? "absent")")
        }
        guard TaskBodyCheck.problems(answer.requestBody).isEmpty, let caller = context.session.tasks.liveCaller(answer, header: context.header),
            task.author == caller.userID, !task.isEnded
        else { return }
        context.report("TASK-10", lines: lines, expected: "2xx with the edited task for a valid edit of \(id), \(task.status ?? "open") and \(caller.userID)'s", observed: answer.summary)
    }
}

/// TASK-11: an edit, cancel, candidates read or choice of contractor for the caller's own task
/// that the trace shows completed is 410 `request_closed`, cancelled 410 `request_cancelled`
/// (its body valid and its token live); and neither code is given for a task the trace shows open
/// or assigned.
struct TASK11EndedTaskRefused: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-11", evidence: TraceRuleInfo.backendEvidence,
            check: "a change of the caller's completed task is 410 request_closed, of a cancelled one 410 request_cancelled; neither code for an open or assigned task")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard [.editTask, .cancelTask, .chooseContractor, .candidates].contains(answer.call), let task = context.session.tasks.ownTask(answer), task.exists,
            context.session.tasks.liveCaller(answer, header: context.header) != nil, Self.bodyIsValid(answer)
        else { return }
        let lines = [task.line, answer.requestLine, answer.line]
        switch task.status {
        case "completed" where !answer.failed(410, "request_closed"), "cancelled" where !answer.failed(410, "request_cancelled"):
            let code = task.status == "completed" ? "request_closed" : "request_cancelled"
            context.report("TASK-11", lines: lines, expected: "410 \(code) for \(answer.what) of \(task.objectID), \(task.status!) (line \(task.line))", observed: answer.summary)
        case "open", "assigned":
            guard answer.code == "request_closed" || answer.code == "request_cancelled" else { return }
            context.report("TASK-11", lines: lines, expected: "no \(answer.code!) for \(answer.what) of \(task.objectID), \(task.status!) (line \(task.line))", observed: answer.summary)
        default:
            break
        }
    }

    /// True when the call's body is one the backend must look past (REST-14 puts bad_request first).
    static func bodyIsValid(_ answer: TaskAnswer) -> Bool {
        answer.bodyProblems.isEmpty
    }
}

/// TASK-26: a read of the caller's own task succeeds with the task exactly as the trace last
/// showed it (members in any order, numbers by value), or as it stood before a write answered after
/// the read was sent (``TaskFact/versions(shownTo:skew:)``); a read of a task the trace shows
/// another user created is 404 `not_found`.
struct TASK26TaskRead: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-26", evidence: TraceRuleInfo.backendEvidence,
            check: "a read of the caller's task answers it as the trace last showed it, or as it stood before a write answered after the read was sent; a read of another user's task is 404 not_found")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call == .readTask, let id = answer.objectID, let task = context.session.tasks.tasks[id], task.exists,
            let caller = context.session.tasks.liveCaller(answer, header: context.header), let author = task.author
        else { return }
        let lines = [task.line, answer.requestLine, answer.line]
        guard author == caller.userID else {
            guard !answer.failed(404, "not_found") else { return }
            return context.report("TASK-26", lines: lines, expected: "404 not_found for \(caller.userID) reading \(id), \(author)'s task", observed: answer.summary)
        }
        guard let versions = task.versions(shownTo: answer, skew: context.header.clockSkewToleranceMs) else { return }
        guard !answer.succeeded || answer.body?["task"].map({ shown in versions.contains { shown.sameMembers(as: $0) } }) != true else { return }
        let earlier = versions.count > 1 ? " (or as it stood before the \(versions.count - 1) write\(versions.count > 2 ? "s" : "") answered after the read was sent)" : ""
        context.report(
            "TASK-26", lines: lines, expected: "2xx with \(id) as line \(task.line) showed it\(earlier): \(task.json.reportText)",
            observed: answer.succeeded ? (answer.body?["task"]?.reportText ?? "no task") : answer.summary)
    }
}
