import JobWire
import SocketIOWire

/// The task cases on tasks: create, validation, edit, cancel, list, read (TASK-7 ... TASK-14,
/// TASK-25, TASK-26).
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
        VerifyCase(
            "task.cancel-cutoff",
            "an assigned task can be cancelled until the cut-off before its date (taskCancelCutoffMs from the settings) and not from then on; one with no contractor at any time",
            ["TASK-13"], needs: [.clockFixture], lane: .timed
        ) { session in
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
                let chosen = try await session.taskCall(ana.actor, "PUT", session.taskPaths.chooseContractor, ["objectId": task.objectID], body: ["contractor": .string(luis.userID)], token: ana.token)
                guard chosen.succeeded else { throw VerifyStepError("choosing \(luis.userID) for \(task.objectID) answered \(chosen.summary)") }
            }
            func cancel(_ task: JSONValue) async throws -> VerifyAnswer {
                try await session.taskCall(ana.actor, "POST", session.taskPaths.cancelTask, ["objectId": task.objectID], body: ["reason": "plans changed"], token: ana.token)
            }
            let before = try await cancel(early)
            session.judge("TASK-13", before.succeeded && before.body?["task"]?["status"] == "cancelled",
                expected: "2xx with the task cancelled, for an assigned task \(margin) ms before its cut-off (\(cutoff) ms before its date)", observed: before.summary)
            try await session.advanceClock(by: 2 * margin)
            let after = try await cancel(late)
            session.judge("TASK-13", after.status == 409 && after.code == "cancel_cutoff_passed",
                expected: "409 cancel_cutoff_passed for an assigned task \(margin) ms past its cut-off (\(cutoff) ms before its date)", observed: after.summary)
            let unassigned = try await cancel(free)
            session.judge("TASK-13", unassigned.succeeded && unassigned.body?["task"]?["status"] == "cancelled",
                expected: "2xx with the task cancelled, for a task with no contractor past the cut-off: no one is coming", observed: unassigned.summary)
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
        VerifyCase("task.create-id", "a task create's answer carries id, equal to the created task's objectId", ["TASK-25"]) { session in
            let ana = try await session.signUp("ana")
            let answer = try await session.taskCall(ana.actor, "POST", session.taskPaths.tasks, body: session.taskDraft(), token: ana.token)
            let id = answer.body?["id"].flatMap(VerifyApp.id)
            let objectID = answer.body?["task"]?["objectId"].flatMap(VerifyApp.id)
            session.judge("TASK-25", answer.succeeded && id != nil && id == objectID,
                expected: "2xx with id equal to task.objectId", observed: answer.succeeded ? "id \(id ?? "absent"), task.objectId \(objectID ?? "absent")" : answer.summary)
        },
        VerifyCase("task.read", "a task reads back by its objectId exactly as the task list shows it, open or cancelled; another user's is not_found", ["TASK-26"]) { session in
            let ana = try await session.signUp("ana")
            let bea = try await session.signUp("bea")
            let open = try await session.createTask(ana)
            let cancelled = try await session.createTask(ana)
            try await session.taskCall(ana.actor, "POST", session.taskPaths.cancelTask, ["objectId": cancelled.objectID], body: ["reason": "moved out"], token: ana.token)
            let list = try await session.taskCall(ana.actor, "GET", session.taskPaths.tasks, token: ana.token)
            guard list.succeeded, let listed = list.body?["tasks"]?.arrayValue else { throw VerifyStepError("the task list answered \(list.summary)") }
            for task in [open, cancelled] {
                let read = try await session.taskCall(ana.actor, "GET", session.taskPaths.task, ["objectId": task.objectID], token: ana.token)
                let entry = listed.first { $0.objectID == task.objectID }
                let same = read.body?["task"].flatMap { found in entry.map(found.sameMembers) } ?? false
                session.judge("TASK-26", read.succeeded && same,
                    expected: "2xx with the task as the list shows it: \(entry?.compactText ?? "\(task.objectID), missing from the list")", observed: read.summary)
            }
            let foreign = try await session.taskCall(bea.actor, "GET", session.taskPaths.task, ["objectId": open.objectID], token: bea.token)
            session.judge("TASK-26", foreign.status == 404 && foreign.code == "not_found",
                expected: "404 not_found for reading \(open.objectID), another user's task", observed: foreign.summary)
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
                let chosen = try await session.taskCall(ana.actor, "PUT", session.taskPaths.chooseContractor, ["objectId": task.objectID], body: ["contractor": .string(luis.userID)], token: ana.token)
                guard chosen.succeeded else { throw VerifyStepError("choosing \(luis.userID) for \(task.objectID) answered \(chosen.summary)") }
                tasks.append(task)
            }
            // Two completed, one still assigned, one cancelled: only the completed are past work.
            let endings: [(JSONValue, String, JSONValue?)] = [
                (tasks[0], session.taskPaths.completeTask, .none), (tasks[2], session.taskPaths.completeTask, .none),
                (tasks[3], session.taskPaths.cancelTask, ["reason": "moved out"]),
            ]
            for (task, path, body) in endings {
                let ended = try await session.taskCall(ana.actor, "POST", path, ["objectId": task.objectID], body: body, token: ana.token)
                guard ended.succeeded else { throw VerifyStepError("ending \(task.objectID) answered \(ended.summary)") }
            }
            let first = try await session.taskCall(ana.actor, "POST", session.taskPaths.review, ["userId": luis.userID], body: ["rating": 3, "review": "Late but tidy", "task": .string(tasks[0].objectID)], token: ana.token)
            // The two reviews get different createdAt at any backend's millisecond resolution, so "newest first" has one answer.
            try await Task.sleep(for: .milliseconds(20))
            let second = try await session.taskCall(bea.actor, "POST", session.taskPaths.review, ["userId": luis.userID], body: ["rating": 5], token: bea.token)
            guard first.succeeded, second.succeeded else { throw VerifyStepError("the reviews of \(luis.userID) answered \(first.summary) and \(second.summary)") }

            let answer = try await session.taskCall(ana.actor, "GET", session.taskPaths.contractor, ["userId": luis.userID], token: ana.token)
            let profile = answer.body?["contractor"]
            // TASK-18 judges the rating itself; the profile shows the one the last review answer announced.
            let details: JSONObject = [
                "userId": .string(luis.userID), "name": "luis", "image": .string("https://verify.jobwire.test/luis.png"),
                "rating": second.body?["rating"] ?? .null, "categories": [9],
            ]
            session.judge("TASK-23", answer.succeeded && profile?.differences(from: details) == [],
                expected: "2xx with contractor \(JSONValue.object(details).compactText)",
                observed: answer.succeeded ? (profile?.differences(from: details) ?? ["no contractor"]).joined(separator: "; ") : answer.summary)

            let posted: [JSONObject] = [
                ["rating": 5, "review": nil, "author": .string(bea.userID)], ["rating": 3, "review": "Late but tidy", "author": .string(ana.userID)],
            ]
            let reviews = profile?["reviews"]?.arrayValue ?? []
            let times = reviews.map { $0["createdAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) }
            var wrong = reviews.count == posted.count ? zip(reviews, posted).flatMap { $0.differences(from: $1) } : ["\(reviews.count) reviews"]
            if times.contains(nil) || times.compactMap({ $0 }) != times.compactMap({ $0 }).sorted(by: >) {
                wrong.append("createdAt \(reviews.map { $0["createdAt"]?.compactText ?? "absent" }.joined(separator: ", "))")
            }
            session.judge("TASK-23", answer.succeeded && wrong.isEmpty,
                expected: "reviews newest first: \(posted.map { JSONValue.object($0).compactText }.joined(separator: ", ")), each with a createdAt",
                observed: answer.succeeded ? wrong.joined(separator: "; ") : answer.summary)

            let done = [tasks[0], tasks[2]]
            let pastWork = profile?["pastWork"]?.arrayValue ?? []
            var mismatches = Set(pastWork.map(\.objectID)) == Set(done.map(\.objectID)) && pastWork.count == done.count ? [] : ["objectIds \(pastWork.map(\.objectID))"]
            for task in done {
                let entry = pastWork.first { $0.objectID == task.objectID }
                mismatches += entry?.differences(from: ["Description": task["Description"] ?? .null, "image": task["image"] ?? .null]).map { "\(task.objectID) \($0)" } ?? []
            }
            session.judge("TASK-23", answer.succeeded && mismatches.isEmpty,
                expected: "pastWork exactly \(done.map(\.objectID)), the completed tasks (not \(tasks[1].objectID), assigned, nor \(tasks[3].objectID), cancelled), with their Description and image",
                observed: answer.succeeded ? mismatches.joined(separator: "; ") : answer.summary)

            let customer = try await session.taskCall(ana.actor, "GET", session.taskPaths.contractor, ["userId": bea.userID], token: ana.token)
            session.judge("TASK-23", customer.status == 404 && customer.code == "not_found",
                expected: "404 not_found for the profile of \(bea.userID), who is not a contractor", observed: customer.summary)
        },
    ]
}
