import JobWire
import SocketIOWire

/// The task cases on tasks: create, validation, edit, cancel, list, read (TASK-7 ... TASK-14,
/// TASK-25, TASK-26), and on contractors (TASK-15 ... TASK-18, TASK-23). The checker judges them.
extension VerifyCases {
    static let taskLifecycle: [VerifyCase] = [
        VerifyCase("task.create", "a valid create gets the stored task with objectId, author, status, a null contractor and its times", ["TASK-7", "TASK-8"]) { session in
            let ana = try await session.signUp("ana")
            try await session.taskCall(ana.actor, .createTask, body: session.taskDraft(), token: ana.token)
        },
        VerifyCase("task.validation", "a create without a Description is refused with 400 bad_request naming Description", ["TASK-9", "TASK-7"]) { session in
            let ana = try await session.signUp("ana")
            try await session.taskCall(ana.actor, .createTask, body: session.taskDraft(["Description": nil]), token: ana.token)
        },
        VerifyCase("task.edit", "an edit moves the task's updatedAt past its createdAt", ["TASK-10"]) { session in
            let ana = try await session.signUp("ana")
            let task = try await session.createTask(ana)
            try await session.taskCall(ana.actor, .editTask, ["objectId": task.objectID], body: session.taskDraft(), token: ana.token)
        },
        VerifyCase("task.edit-ended", "editing a cancelled task gets 410 request_cancelled", ["TASK-11"]) { session in
            let ana = try await session.signUp("ana")
            let task = try await session.createTask(ana)
            try await session.taskCall(ana.actor, .cancelTask, ["objectId": task.objectID], body: ["reason": "no longer needed"], token: ana.token)
            try await session.taskCall(ana.actor, .editTask, ["objectId": task.objectID], body: session.taskDraft(), token: ana.token)
        },
        VerifyCase("task.cancel", "a cancel keeps the reason: the task comes back cancelled with its cancelReason", ["TASK-12"]) { session in
            let ana = try await session.signUp("ana")
            let task = try await session.createTask(ana)
            try await session.taskCall(ana.actor, .cancelTask, ["objectId": task.objectID], body: ["reason": "moved out"], token: ana.token)
        },
        VerifyCase(
            "task.cancel-cutoff",
            "an assigned task can be cancelled until the cut-off before its date (taskCancelCutoffMs from the settings) and not from then on; one with no contractor at any time",
            ["TASK-13"], needs: [.clockFixture], lane: .timed
        ) { session in
            // The settings answer is in the trace, so the checker judges against the cut-off it announces (FIX-5).
            let cutoff = try await session.taskLimits().taskCancelCutoffMs
            let ana = try await session.signUp("ana")
            let luis = try await session.signUp("luis", contractor: true)
            // The dates start a margin after the cut-off, counted on the backend's clock (FIX-4).
            let margin: Int64 = 60_000
            let now = try await session.advanceClock(by: 0)
            var tasks: [JSONValue] = []
            for _ in 0..<3 { tasks.append(try await session.createTask(ana, startIn: cutoff + margin, from: now)) }
            let (early, late, free) = (tasks[0], tasks[1], tasks[2])
            for task in [early, late] {
                let chosen = try await session.taskCall(ana.actor, .chooseContractor, ["objectId": task.objectID], body: ["contractor": .string(luis.userID)], token: ana.token)
                guard chosen.succeeded else { throw VerifyStepError("choosing \(luis.userID) for \(task.objectID) answered \(chosen.summary)") }
            }
            func cancel(_ task: JSONValue) async throws {
                try await session.taskCall(ana.actor, .cancelTask, ["objectId": task.objectID], body: ["reason": "plans changed"], token: ana.token)
            }
            try await cancel(early)
            try await session.advanceClock(by: 2 * margin)
            try await cancel(late)
            try await cancel(free)
        },
        VerifyCase("task.list", "the task list holds only the caller's tasks, newest first", ["TASK-14"]) { session in
            let ana = try await session.signUp("ana")
            let bea = try await session.signUp("bea")
            _ = try await session.createTask(ana)
            _ = try await session.createTask(bea)
            _ = try await session.createTask(ana)
            try await session.taskCall(ana.actor, .listTasks, token: ana.token)
        },
        VerifyCase("task.create-id", "a task create's answer carries id, equal to the created task's objectId", ["TASK-25"]) { session in
            let ana = try await session.signUp("ana")
            try await session.taskCall(ana.actor, .createTask, body: session.taskDraft(), token: ana.token)
        },
        VerifyCase("task.read", "a task reads back by its objectId exactly as the task list shows it, open or cancelled; another user's is not_found", ["TASK-26"]) { session in
            let ana = try await session.signUp("ana")
            let bea = try await session.signUp("bea")
            let open = try await session.createTask(ana)
            let cancelled = try await session.createTask(ana)
            try await session.taskCall(ana.actor, .cancelTask, ["objectId": cancelled.objectID], body: ["reason": "moved out"], token: ana.token)
            try await session.taskCall(ana.actor, .listTasks, token: ana.token)
            for task in [open, cancelled] {
                try await session.taskCall(ana.actor, .readTask, ["objectId": task.objectID], token: ana.token)
            }
            try await session.taskCall(bea.actor, .readTask, ["objectId": open.objectID], token: bea.token)
        },
    ]

    /// The task cases on contractors: candidates, choosing, reviews and ratings (TASK-15 ... TASK-18).
    static let taskContractors: [VerifyCase] = [
        VerifyCase("task.candidates", "every candidate for a task comes with userId, name, image and rating", ["TASK-15"]) { session in
            let ana = try await session.signUp("ana")
            let luis = try await session.signUp("luis", contractor: true)
            let task = try await session.createTask(ana)
            let answer = try await session.taskCall(ana.actor, .candidates, ["objectId": task.objectID], token: ana.token)
            // A list without the contractor shows no candidate's members to judge.
            guard answer.body?["contractors"]?.arrayValue?.contains(where: { $0["userId"].flatMap(VerifyApp.id) == luis.userID }) != false else {
                throw VerifyStepError("\(luis.userID), a contractor of category 9, is no candidate for a category 9 task")
            }
        },
        VerifyCase("task.choose", "choosing a user who is not a candidate gets 403 not_eligible", ["TASK-16"]) { session in
            let ana = try await session.signUp("ana")
            let bea = try await session.signUp("bea")
            let task = try await session.createTask(ana)
            try await session.taskCall(ana.actor, .chooseContractor, ["objectId": task.objectID], body: ["contractor": .string(bea.userID)], token: ana.token)
        },
        VerifyCase("task.review", "ratings outside whole numbers 1 to 5 get 400 bad_request naming rating", ["TASK-17"]) { session in
            let ana = try await session.signUp("ana")
            let luis = try await session.signUp("luis", contractor: true)
            for rating: JSONValue in [0, 6, 4.5] {
                try await session.taskCall(ana.actor, .review, ["userId": luis.userID], body: ["rating": rating], token: ana.token)
            }
        },
        VerifyCase("task.rating", "a contractor's rating is the mean of its reviews", ["TASK-18"]) { session in
            let ana = try await session.signUp("ana")
            let luis = try await session.signUp("luis", contractor: true)
            try await session.taskCall(ana.actor, .review, ["userId": luis.userID], body: ["rating": 3], token: ana.token)
            try await session.taskCall(ana.actor, .review, ["userId": luis.userID], body: ["rating": 5], token: ana.token)
        },
        VerifyCase(
            "task.contractor-profile",
            "a contractor's profile shows its details, its reviews newest first as posted, and as past work exactly the tasks it completed; a user who is not a contractor is not_found",
            ["TASK-23"]
        ) { session in
            let ana = try await session.signUp("ana")
            let bea = try await session.signUp("bea")
            let luis = try await session.signUp("luis", contractor: true)
            var tasks: [JSONValue] = []
            for name in ["tap", "door", "shelf", "lamp"] {
                let task = try await session.createTask(ana, ["Description": .string("Fix the \(name) (jobwire verify)"), "image": [.string("https://verify.jobwire.test/\(name).jpg")]])
                let chosen = try await session.taskCall(ana.actor, .chooseContractor, ["objectId": task.objectID], body: ["contractor": .string(luis.userID)], token: ana.token)
                guard chosen.succeeded else { throw VerifyStepError("choosing \(luis.userID) for \(task.objectID) answered \(chosen.summary)") }
                tasks.append(task)
            }
            // Two completed, one still assigned, one cancelled: only the completed are past work.
            let endings: [(JSONValue, TaskCallKind, JSONValue?)] = [
                (tasks[0], .completeTask, .none), (tasks[2], .completeTask, .none),
                (tasks[3], .cancelTask, ["reason": "moved out"]),
            ]
            for (task, call, body) in endings {
                let ended = try await session.taskCall(ana.actor, call, ["objectId": task.objectID], body: body, token: ana.token)
                guard ended.succeeded else { throw VerifyStepError("ending \(task.objectID) answered \(ended.summary)") }
            }
            let first = try await session.taskCall(ana.actor, .review, ["userId": luis.userID], body: ["rating": 3, "review": "Late but tidy", "task": .string(tasks[0].objectID)], token: ana.token)
            // The two reviews get different createdAt at any backend's millisecond resolution, so "newest first" has one answer.
            try await Task.sleep(for: .milliseconds(20))
            let second = try await session.taskCall(bea.actor, .review, ["userId": luis.userID], body: ["rating": 5], token: bea.token)
            guard first.succeeded, second.succeeded else { throw VerifyStepError("the reviews of \(luis.userID) answered \(first.summary) and \(second.summary)") }
            // Two completed, one assigned, one cancelled, two reviews: the checker compares the profile with all of them.
            // Beyond the clock skew of bea's review, so ana's read surely follows it and must show it.
            await session.pause()
            try await session.taskCall(ana.actor, .contractor, ["userId": luis.userID], token: ana.token)
            try await session.taskCall(ana.actor, .contractor, ["userId": bea.userID], token: ana.token)
        },
    ]
}
