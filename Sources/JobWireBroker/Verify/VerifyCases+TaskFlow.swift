import JobWire
import SocketIOWire

/// The task cases on tasks: create, validation, edit, cancel, list (TASK-7 ... TASK-14).
extension VerifyCases {
    static let taskLifecycle: [VerifyCase] = [
        VerifyCase("task.create", "a valid create gets the stored task with objectId, author, status, a null contractor and its times", ["TASK-7", "TASK-8"]) { session in
            let ana = try await session.signUp("ana")
            let answer = try await session.taskCall(ana.actor, "POST", session.taskPaths.tasks, body: session.taskDraft(), token: ana.token)
            let task = answer.body?["task"]
            session.judge("TASK-7", answer.succeeded && task?["objectId"].flatMap(VerifyApp.id) != nil,
                expected: "2xx with the task and its objectId for a valid body", observed: answer.summary)
            let missing = ["objectId", "author", "status", "contractor", "createdAt", "updatedAt"].filter { task?[$0] == nil }
            session.judge("TASK-8", answer.succeeded && missing.isEmpty && task?["contractor"] == .null,
                expected: "the task with objectId, author, status, createdAt, updatedAt and contractor null",
                observed: missing.isEmpty ? "contractor \(task?["contractor"]?.compactText ?? "-")" : "no \(missing.joined(separator: ", ")) in \(answer.summary)")
        },
        VerifyCase("task.validation", "a create without a Description is refused with 400 bad_request naming Description", ["TASK-9", "TASK-7"]) { session in
            let ana = try await session.signUp("ana")
            let answer = try await session.taskCall(ana.actor, "POST", session.taskPaths.tasks, body: session.taskDraft(["Description": nil]), token: ana.token)
            session.judge("TASK-7", !answer.succeeded, expected: "a create missing Description not stored", observed: answer.summary)
            session.judge("TASK-9", answer.status == 400 && answer.code == "bad_request" && answer.body?["error"]?["field"]?.stringValue == "Description",
                expected: "400 bad_request with field Description", observed: answer.summary)
        },
        VerifyCase("task.edit", "an edit moves the task's updatedAt past its createdAt", ["TASK-10"]) { session in
            let ana = try await session.signUp("ana")
            let task = try await session.createTask(ana)
            let answer = try await session.taskCall(ana.actor, "PUT", session.taskPaths.task, ["objectId": task.objectID], body: session.taskDraft(), token: ana.token)
            let edited = answer.body?["task"]
            func time(_ key: String) -> Int64? { edited?[key]?.stringValue.flatMap(ISO8601Time.milliseconds) }
            session.judge("TASK-10", answer.succeeded && (time("updatedAt") ?? 0) > (time("createdAt") ?? .max),
                expected: "2xx with updatedAt later than createdAt", observed: answer.summary)
        },
        VerifyCase("task.edit-ended", "editing a cancelled task gets 410 request_cancelled", ["TASK-11"]) { session in
            let ana = try await session.signUp("ana")
            let task = try await session.createTask(ana)
            try await session.taskCall(ana.actor, "POST", session.taskPaths.cancelTask, ["objectId": task.objectID], body: ["reason": "no longer needed"], token: ana.token)
            let answer = try await session.taskCall(ana.actor, "PUT", session.taskPaths.task, ["objectId": task.objectID], body: session.taskDraft(), token: ana.token)
            session.judge("TASK-11", answer.status == 410 && answer.code == "request_cancelled",
                expected: "410 request_cancelled for an edit of a cancelled task", observed: answer.summary)
        },
        VerifyCase("task.cancel", "a cancel keeps the reason: the task comes back cancelled with its cancelReason", ["TASK-12"]) { session in
            let ana = try await session.signUp("ana")
            let task = try await session.createTask(ana)
            let answer = try await session.taskCall(ana.actor, "POST", session.taskPaths.cancelTask, ["objectId": task.objectID], body: ["reason": "moved out"], token: ana.token)
            session.judge("TASK-12", answer.succeeded && answer.body?["task"]?["cancelReason"] == "moved out",
                expected: "2xx with the task's cancelReason \"moved out\"", observed: answer.summary)
        },
        VerifyCase("task.cancel-cutoff", "cancelling an assigned task whose date is within the cut-off gets 409 cancel_cutoff_passed", ["TASK-13"]) { session in
            let ana = try await session.signUp("ana")
            let luis = try await session.signUp("luis", contractor: true)
            let task = try await session.createTask(ana, startIn: 86_400_000)
            let chosen = try await session.taskCall(ana.actor, "PUT", session.taskPaths.chooseContractor, ["objectId": task.objectID], body: ["contractor": .string(luis.userID)], token: ana.token)
            guard chosen.succeeded else { throw VerifyStepError("choosing \(luis.userID) answered \(chosen.summary)") }
            let answer = try await session.taskCall(ana.actor, "POST", session.taskPaths.cancelTask, ["objectId": task.objectID], body: ["reason": "late"], token: ana.token)
            session.judge("TASK-13", answer.status == 409 && answer.code == "cancel_cutoff_passed",
                expected: "409 cancel_cutoff_passed for a cancel a day before the assigned task's date", observed: answer.summary)
        },
        VerifyCase("task.list", "the task list holds only the caller's tasks, newest first", ["TASK-14"]) { session in
            let ana = try await session.signUp("ana")
            let bea = try await session.signUp("bea")
            let older = try await session.createTask(ana)
            _ = try await session.createTask(bea)
            let newer = try await session.createTask(ana)
            let answer = try await session.taskCall(ana.actor, "GET", session.taskPaths.tasks, token: ana.token)
            let ids = answer.body?["tasks"]?.arrayValue?.map(\.objectID) ?? []
            session.judge("TASK-14", answer.succeeded && ids == [newer.objectID, older.objectID],
                expected: "tasks [\(newer.objectID), \(older.objectID)]: the caller's, newest first", observed: answer.succeeded ? "tasks \(ids)" : answer.summary)
        },
    ]

    /// The task cases on contractors: candidates, choosing, reviews and ratings (TASK-15 ... TASK-18).
    static let taskContractors: [VerifyCase] = [
        VerifyCase("task.candidates", "every candidate for a task comes with userId, name, image and rating", ["TASK-15"]) { session in
            let ana = try await session.signUp("ana")
            let luis = try await session.signUp("luis", contractor: true)
            let task = try await session.createTask(ana)
            let answer = try await session.taskCall(ana.actor, "GET", session.taskPaths.candidates, ["objectId": task.objectID], token: ana.token)
            let list = answer.body?["contractors"]?.arrayValue ?? []
            let mine = list.first { $0["userId"].flatMap(VerifyApp.id) == luis.userID }
            let missing = ["userId", "name", "image", "rating"].filter { mine?[$0] == nil }
            session.judge("TASK-15", answer.succeeded && mine != nil && missing.isEmpty,
                expected: "\(luis.userID) among the candidates with userId, name, image and rating",
                observed: mine == nil ? answer.summary : "no \(missing.joined(separator: ", ")) in \(mine!.compactText)")
        },
        VerifyCase("task.choose", "choosing a user who is not a candidate gets 403 not_eligible", ["TASK-16"]) { session in
            let ana = try await session.signUp("ana")
            let bea = try await session.signUp("bea")
            let task = try await session.createTask(ana)
            let answer = try await session.taskCall(ana.actor, "PUT", session.taskPaths.chooseContractor, ["objectId": task.objectID], body: ["contractor": .string(bea.userID)], token: ana.token)
            session.judge("TASK-16", answer.status == 403 && answer.code == "not_eligible",
                expected: "403 not_eligible for choosing \(bea.userID), no contractor", observed: answer.summary)
        },
        VerifyCase("task.review", "ratings outside whole numbers 1 to 5 get 400 bad_request naming rating", ["TASK-17"]) { session in
            let ana = try await session.signUp("ana")
            let luis = try await session.signUp("luis", contractor: true)
            for rating: JSONValue in [0, 6, 4.5] {
                let answer = try await session.taskCall(ana.actor, "POST", session.taskPaths.review, ["userId": luis.userID], body: ["rating": rating], token: ana.token)
                session.judge("TASK-17", answer.status == 400 && answer.body?["error"]?["field"]?.stringValue == "rating",
                    expected: "400 bad_request with field rating for rating \(rating.compactText)", observed: answer.summary)
            }
        },
        VerifyCase("task.rating", "a contractor's rating is the mean of its reviews", ["TASK-18"]) { session in
            let ana = try await session.signUp("ana")
            let luis = try await session.signUp("luis", contractor: true)
            try await session.taskCall(ana.actor, "POST", session.taskPaths.review, ["userId": luis.userID], body: ["rating": 3], token: ana.token)
            let answer = try await session.taskCall(ana.actor, "POST", session.taskPaths.review, ["userId": luis.userID], body: ["rating": 5], token: ana.token)
            session.judge("TASK-18", answer.succeeded && answer.body?["rating"]?.doubleValue == 4.0,
                expected: "rating 4.0 after reviews of 3 and 5", observed: answer.summary)
        },
    ]
}
