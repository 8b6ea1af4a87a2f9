import JobWire
import SocketIOWire

/// A user's own tasks: create, edit, list, cancel and complete (TASK-7 ... TASK-14).
extension TaskBackend {
    /// `POST /api/tasks` (TASK-7, TASK-8, TASK-9): the created task, `open` with no contractor,
    /// and its `objectId` again as the create answer's `id` (TASK-25), which OFFL-6 reads.
    public mutating func createTask(body: JSONValue?, token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let draft = try draft(body)
            let caller = try authenticate(token, now: now)
            let task = TaskRecord(
                objectID: "T-\(nextTaskNumber)", author: caller.userID, status: .open, contractor: nil, cancelReason: nil,
                createdAt: now, updatedAt: now, draft: draft, number: nextTaskNumber)
            nextTaskNumber += 1
            tasks[task.objectID] = task
            if faults.contains(.createAnswerWithoutID) { return .success(["task": json(task)]) }
            return .success(["id": .string(task.objectID), "task": json(task)])
        }
    }

    /// `GET /api/tasks/{objectId}` (TASK-26): one of the caller's tasks, whatever its status;
    /// another user's is `not_found`, as for an edit (TASK-11).
    public func readTask(objectID: String, token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let caller = try authenticate(token, now: now)
            if faults.contains(.foreignTaskReadable), let task = tasks[objectID] { return .success(["task": json(task)]) }
            return .success(["task": json(try ownTask(objectID, of: caller))])
        }
    }

    /// `PUT /api/tasks/{objectId}` (TASK-10, TASK-11): the full editable state replaces the old
    /// one and `updatedAt` moves on, at least by 1 ms.
    public mutating func editTask(objectID: String, body: JSONValue?, token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let draft = try draft(body)
            let caller = try authenticate(token, now: now)
            var task = try ownTask(objectID, of: caller)
            if !faults.contains(.endedTaskEditable) { try checkNotEnded(task) }
            task.draft = draft
            if !faults.contains(.updatedAtUnchanged) { task.updatedAt = max(now, task.updatedAt + 1) }
            tasks[objectID] = task
            return .success(["task": json(task)])
        }
    }

    /// `GET /api/tasks` (TASK-14): the caller's tasks, newest `createdAt` first; equal times in
    /// reverse order of creation.
    public func listTasks(token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let caller = try authenticate(token, now: now)
            var listed = tasks.values.filter { $0.author == caller.userID || faults.contains(.listEveryonesTasks) }
            listed.sort { ($0.createdAt, $0.number) > ($1.createdAt, $1.number) }
            if faults.contains(.listOldestFirst) { listed.reverse() }
            return .success(["tasks": .array(listed.map(json))])
        }
    }

    /// `POST /api/tasks/{objectId}/cancel` (TASK-12, TASK-13): cancelled with the reason, unless
    /// a contractor is chosen and the cut-off before the earliest date has come.
    public mutating func cancelTask(objectID: String, body: JSONValue?, token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let reason = try RequestBodyReader(body).string("reason")
            let caller = try authenticate(token, now: now)
            var task = try ownTask(objectID, of: caller)
            try checkNotEnded(task)
            if task.contractor != nil, let start = task.draft.earliestStart, !faults.contains(.cancelAfterCutoff) {
                // The too-strict mutant closes cancels an hour before the announced cut-off.
                let cutoff = start - settings.taskCancelCutoffMs - (faults.contains(.cutoffEarly) ? 3_600_000 : 0)
                guard now < cutoff else {
                    throw BackendError(
                        .cancelCutoffPassed,
                        "the contractor is coming at \(ISO8601Time.string(milliseconds: start)); cancels closed at \(ISO8601Time.string(milliseconds: cutoff))")
                }
            }
            task.status = .cancelled
            task.cancelReason = faults.contains(.cancelReasonDropped) ? nil : reason
            task.updatedAt = max(now, task.updatedAt + 1)
            tasks[objectID] = task
            return .success(["task": json(task)])
        }
    }

    /// `POST /api/tasks/{objectId}/complete` (TASK-8's decision): the author marks an assigned
    /// task done; an open one is `not_in_progress`.
    public mutating func completeTask(objectID: String, token: String?, now: Int64) -> BackendReply {
        Self.answer { () throws(BackendError) -> BackendReply in
            let caller = try authenticate(token, now: now)
            var task = try ownTask(objectID, of: caller)
            try checkNotEnded(task)
            guard task.status == .assigned else {
                throw BackendError(.notInProgress, "task \(objectID) has no contractor yet; cancel it instead")
            }
            task.status = .completed
            task.updatedAt = max(now, task.updatedAt + 1)
            tasks[objectID] = task
            return .success(["task": json(task)])
        }
    }

    /// A task as the backend answers it; the `nullContractorOmitted` fault drops a null `contractor`.
    func json(_ task: TaskRecord) -> JSONValue {
        guard faults.contains(.nullContractorOmitted), task.contractor == nil, case .object(var object) = task.json else { return task.json }
        object.members.removeAll { $0.key == "contractor" }
        return .object(object)
    }

    /// A create's or edit's body, validated unless the `validationSkipped` fault is on.
    private func draft(_ body: JSONValue?) throws(BackendError) -> TaskDraft {
        if faults.contains(.validationSkipped) { return TaskDraft(unchecked: body) }
        return try TaskDraft(body: body)
    }
}
