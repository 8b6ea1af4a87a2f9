import SocketIOWire

/// TASK-7 and TASK-9: a task create with a valid body (TASK-7's decision) and a live token is
/// stored, answering the `task` with its `objectId`; a create with a bad body is not stored; a
/// create or edit with a bad body is 400 `bad_request` naming one of its bad fields. TASK-7's
/// app half: an app under test sends a create only with a valid body; its backend half is judged
/// only when the backend is under test.
struct TASK7And9TaskBodies: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-7", evidence: TraceRuleInfo.backendEvidence,
            check: "an app's create carries the task's editable state; a create with a valid body and a live token succeeds with the task and its objectId; a create with a bad body does not succeed",
            about: [.backend, .client, .worker]),
        TraceRuleInfo(
            "TASK-9", evidence: TraceRuleInfo.backendEvidence,
            check: "a create or edit with a missing or invalid field is 400 bad_request whose field names a bad field"),
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest] }
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        AppRequestCheck.judge(event, TaskCallKind.createTask, as: "TASK-7", &context)
    }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard context.header.subject.contains(.backend), answer.call == .createTask || answer.call == .editTask else { return }
        let lines = [answer.requestLine, answer.line]
        let problems = TaskBodyCheck.problems(answer.requestBody)
        if !problems.isEmpty {
            if answer.call == .createTask, answer.succeeded {
                context.report("TASK-7", lines: lines, expected: "a create with bad \(problems.joined(separator: ", ")) not stored", observed: answer.summary)
            }
            if !answer.badRequest(naming: problems) {
                context.report("TASK-9", lines: lines, expected: "400 bad_request with field \(problems.joined(separator: " or ")) for \(answer.what)", observed: answer.summary)
            }
            return
        }
        guard answer.call == .createTask, let caller = context.session.tasks.liveCaller(answer, header: context.header) else { return }
        guard !answer.succeeded || answer.body?["task"]?["objectId"].flatMap(\.idText) == nil else { return }
        context.report("TASK-7", lines: lines, expected: "2xx with the task and its objectId for a valid create by \(caller.userID)", observed: answer.summary)
    }
}

/// TASK-8: every task the backend returns carries `objectId`, `author`, a `status` of open,
/// assigned, completed or cancelled, `contractor` (null or an id), and ISO 8601 `createdAt` and
/// `updatedAt`; a created one has contractor null and the caller as its author. Beside these, it
/// carries "the fields it was created or edited with": a create's or edit's answer the editable
/// members of its own valid body, and any later answer (a cancel, completion, choice or list sent
/// after the last create or edit was answered) those of that create or edit, with the same values,
/// and a write to one task answers that task: its `objectId` the path's, its `author` the creator.
/// A read is TASK-26's, which compares it whole.
struct TASK8TaskMembers: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TASK-8", evidence: TraceRuleInfo.backendEvidence,
            check: "every task answered carries objectId, author, status, contractor, createdAt and updatedAt, and the editable members of the create or edit that last wrote it with their values; a created task has contractor null and the caller as author; a write answers the task of its path, by its author")
    ]
    var wantsTaskAnswers: Bool { true }
    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.succeeded, [.createTask, .editTask, .readTask, .cancelTask, .completeTask, .chooseContractor, .listTasks].contains(answer.call) else { return }
        // The members as ContractShapes.task declares them; a created task's values beside.
        var wrong = answer.answerProblems("TASK-8").map(\.text)
        if answer.call == .createTask, let task = answer.body?["task"] {
            if let contractor = task["contractor"], !contractor.isNull { wrong.append("contractor \(contractor.compactText), not null") }
            if let caller = context.session.tasks.caller(answer), let author = task["author"], !author.sameAccountMember("author", as: .string(caller.userID)) {
                wrong.append("author \(author.compactText), not the caller \(caller.userID)")
            }
        }
        wrong += Self.otherTask(answer, context.session.tasks)
        wrong += Self.changedMembers(answer, context.session.tasks)
        guard !wrong.isEmpty else { return }
        context.report(
            "TASK-8", lines: [answer.line], expected: "\(answer.what) answering tasks with objectId, author, status, contractor, createdAt and updatedAt, and the fields they were created or edited with",
            observed: wrong.prefix(3).joined(separator: "; "))
    }

    /// How a write to one task (an edit, cancel, completion or choice) answers another, a task
    /// whose `objectId` is not the path's; and how it or a list gives a task the trace saw
    /// created another `author` than its creator. A read is TASK-26's.
    static func otherTask(_ answer: TaskAnswer, _ ledger: TaskLedger) -> [String] {
        var tasks: [(task: JSONValue, id: String?)] = []
        switch answer.call {
        case .editTask, .cancelTask, .completeTask, .chooseContractor:
            guard let id = answer.objectID, let task = answer.body?["task"] else { return [] }
            tasks = [(task, id)]
        case .listTasks:
            tasks = (answer.body?["tasks"]?.arrayValue ?? []).map { ($0, $0["objectId"].flatMap(\.idText)) }
        default:
            return []
        }
        var wrong: [String] = []
        for (task, id) in tasks {
            guard let id else { continue }
            if let shown = task["objectId"], shown.idText != id { wrong.append("objectId \(shown.compactText), not \(id) of the path") }
            if let author = ledger.tasks[id]?.author, let shown = task["author"], !shown.sameAccountMember("author", as: .string(author)) {
                wrong.append("task \(id) author \(shown.compactText), not \(author) who created it")
            }
        }
        return wrong
    }

    /// The editable members an answer's tasks give otherwise than the create or edit that wrote
    /// them: a create's or edit's own valid body, or for the other calls but a read the ledger's
    /// last one, when that write was answered before this call was sent (an answer to a call sent
    /// earlier may return the task as it was). A member the write left out is not compared.
    static func changedMembers(_ answer: TaskAnswer, _ ledger: TaskLedger) -> [String] {
        var written: [(task: JSONValue, draft: JSONObject)] = []
        switch answer.call {
        case .readTask:
            return []
        case .createTask, .editTask:
            guard let task = answer.body?["task"], let body = answer.requestBody?.objectValue, TaskBodyCheck.problems(answer.requestBody).isEmpty else { return [] }
            written = [(task, body)]
        case .listTasks:
            for task in answer.body?["tasks"]?.arrayValue ?? [] {
                guard let id = task["objectId"].flatMap(\.idText), let fact = ledger.tasks[id], let draft = fact.draft, fact.isCurrent(for: answer, skew: ledger.clockSkewToleranceMs) else { continue }
                written.append((task, draft))
            }
        default:
            guard let task = answer.body?["task"], let id = answer.objectID, let fact = ledger.tasks[id], let draft = fact.draft, fact.isCurrent(for: answer, skew: ledger.clockSkewToleranceMs) else { return [] }
            written = [(task, draft)]
        }
        var changed: [String] = []
        for (task, draft) in written {
            for field in ContractShapes.taskFields {
                guard let value = draft[field.name], !value.isNull else { continue }
                let answered = task[field.name]
                if answered?.sameTaskMember(field.name, as: value) != true {
                    changed.append("task \(task["objectId"]?.compactText ?? "?") `\(field.name)` \(answered?.compactText ?? "missing"), not \(value.compactText) as written")
                }
            }
        }
        return changed
    }
}

/// TASK-25 (SHOULD): a successful create answers `id`, equal to the created task's `objectId`.
struct TASK25CreateAnswerID: TraceRule {
    let infos = [
        TraceRuleInfo("TASK-25", evidence: TraceRuleInfo.backendEvidence, check: "a successful task create answers id equal to task.objectId")
    ]
    var wantsTaskAnswers: Bool { true }

    mutating func observe(_ answer: TaskAnswer, _ context: inout RuleContext) {
        guard answer.call == .createTask, answer.succeeded else { return }
        if let problem = answer.answerProblems("TASK-25").first {
            return context.report("TASK-25", lines: [answer.line], expected: "the create's answer with id, when there, a task's objectId", observed: problem.text)
        }
        let id = answer.body?["id"].flatMap(\.idText)
        let objectID = answer.body?["task"]?["objectId"].flatMap(\.idText)
        guard id == nil || id != objectID else { return }
        context.report("TASK-25", lines: [answer.line], expected: "the create's answer with id equal to task.objectId", observed: "id \(id ?? "absent"), task.objectId \(objectID ?? "absent")")
    }
}
