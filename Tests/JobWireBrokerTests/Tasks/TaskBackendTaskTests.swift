import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// A user's tasks: create and its validation (TASK-7 ... TASK-9) with its `id` (TASK-25), edit
/// (TASK-10, TASK-11), cancel and its cut-off (TASK-12, TASK-13), list (TASK-14), read (TASK-26)
/// and completion.
struct TaskBackendTaskTests {
    typealias F = TaskFixtures

    @Test func aCreatedTaskCarriesTheDefaultFieldsAndWhatItWasCreatedWith() throws {
        var backend = F.backend()
        let (auth, userID) = F.user(&backend, "ana@example.com")
        let reply = backend.createTask(body: F.draft(), token: auth, now: F.now)
        #expect(reply.status == 200)
        let task = try #require(reply.body["task"])
        #expect(task["objectId"] == "T-1" && task["author"] == .string(userID))
        #expect(task["status"] == "open" && task["contractor"] == .null)
        #expect(task["createdAt"] == .string(ISO8601Time.string(milliseconds: F.now)) && task["updatedAt"] == task["createdAt"])
        for key in TaskDraft.keys { #expect(task[key]?.isEquivalent(to: F.draft()[key]!) == true, "\(key)") }
        #expect(task["cancelReason"] == nil)
        #expect(reply.body["id"] == "T-1")  // TASK-25: the objectId again, beside the task
    }

    @Test func aTaskReadsBackAsListedWhateverItsStatusAndOnlyByItsAuthor() throws {
        var backend = F.backend()
        let (ana, _) = F.user(&backend, "ana@example.com")
        let (bea, _) = F.user(&backend, "bea@example.com")
        let open = F.task(&backend, ana)
        let cancelled = F.task(&backend, ana, at: F.now + 1)
        _ = backend.cancelTask(objectID: cancelled, body: ["reason": "moved out"], token: ana, now: F.now + 2)
        let listed = try #require(backend.listTasks(token: ana, now: F.now + 3).body["tasks"]?.arrayValue)
        for id in [open, cancelled] {
            let read = backend.readTask(objectID: id, token: ana, now: F.now + 3)
            #expect(read.status == 200 && read.body["task"] == listed.first { $0["objectId"] == .string(id) }, "\(id)")  // TASK-26
        }
        #expect(F.code(backend.readTask(objectID: open, token: bea, now: F.now)) == "not_found")
        #expect(F.code(backend.readTask(objectID: "T-99", token: ana, now: F.now)) == "not_found")
        #expect(F.code(backend.readTask(objectID: open, token: nil, now: F.now)) == "unauthorized")
    }

    @Test(arguments: [
        (["category": nil], "category"), (["category": 1.5], "category"), (["Description": ""], "Description"),
        (["image": nil], "image"), (["image": []], "image"), (["image": ["ftp://img.example.com/a.jpg"]], "image[0]"),
        (["image": ["https://a.example/1.jpg", 7]], "image[1]"), (["dates": []], "dates"), (["dates": [["end": "2026-01-11T10:00:00Z"]]], "dates[0].start"),
        (["dates": [["start": "tomorrow", "end": "2026-01-11T10:00:00Z"]]], "dates[0].start"),
        (["dates": [["start": "2026-01-11T10:00:00Z", "end": "2026-01-11T09:00:00Z"]]], "dates[0].end"), (["dates": ["noon"]], "dates[0]"),
        (["address": nil], "address"), (["location": nil], "location"), (["location": ["lat": 91, "lng": 0]], "location.lat"),
        (["location": ["lat": 40, "lng": "west"]], "location.lng"), (["maxBudget": -1], "maxBudget"), (["maxBudget": "80"], "maxBudget"),
        (["estimatedDuration": 0], "estimatedDuration"), (["estimatedDuration": 1.5], "estimatedDuration"),
        (["Description": nil, "address": nil], "Description"),
    ] as [([String: JSONValue?], String)])
    func aMissingOrInvalidFieldIsABadRequestNamingIt(_ changes: [String: JSONValue?], _ field: String) {
        var backend = F.backend()
        let (auth, _) = F.user(&backend, "ana@example.com")
        let created = backend.createTask(body: F.draft(changes), token: auth, now: F.now)
        #expect(created.status == 400 && F.code(created) == "bad_request" && F.field(created) == field)  // TASK-9
        let id = F.task(&backend, auth)
        let edited = backend.editTask(objectID: id, body: F.draft(changes), token: auth, now: F.now)
        #expect(edited.status == 400 && F.field(edited) == field)  // TASK-10: validated as a create
    }

    @Test func optionalFieldsMayBeLeftOutAndABadBodyComesBeforeAMissingToken() {
        var backend = F.backend()
        let (auth, _) = F.user(&backend, "ana@example.com")
        #expect(backend.createTask(body: F.draft(["maxBudget": nil, "estimatedDuration": nil]), token: auth, now: F.now).status == 200)
        #expect(F.field(backend.createTask(body: F.draft(["address": nil]), token: nil, now: F.now)) == "address")  // REST-14
        #expect(F.code(backend.createTask(body: F.draft(), token: nil, now: F.now)) == "unauthorized")
    }

    @Test func anEditReplacesTheStateAndMovesUpdatedAtOn() throws {
        var backend = F.backend()
        let (auth, _) = F.user(&backend, "ana@example.com")
        let id = F.task(&backend, auth)
        let reply = backend.editTask(objectID: id, body: F.draft(["Description": "Fix the tap and the sink"]), token: auth, now: F.now)
        let task = try #require(reply.body["task"])
        #expect(task["Description"] == "Fix the tap and the sink" && task["objectId"] == .string(id))
        #expect(task["updatedAt"] == .string(ISO8601Time.string(milliseconds: F.now + 1)))  // later, even within the same ms
        let later = backend.editTask(objectID: id, body: F.draft(), token: auth, now: F.now + 5000)
        #expect(later.body["task"]?["updatedAt"] == .string(ISO8601Time.string(milliseconds: F.now + 5000)))
    }

    @Test func anotherUsersTaskIsNotFoundAndEndedTasksCannotBeEdited() {
        var backend = F.backend()
        let (ana, _) = F.user(&backend, "ana@example.com")
        let (bea, _) = F.user(&backend, "bea@example.com")
        let (luis, luisID) = F.user(&backend, "luis@example.com", contractor: true)
        _ = luis
        let id = F.task(&backend, ana)
        #expect(F.code(backend.editTask(objectID: id, body: F.draft(), token: bea, now: F.now)) == "not_found")  // TASK-11
        #expect(F.code(backend.editTask(objectID: "T-99", body: F.draft(), token: ana, now: F.now)) == "not_found")
        _ = backend.chooseContractor(objectID: id, body: ["contractor": .string(luisID)], token: ana, now: F.now)
        #expect(backend.completeTask(objectID: id, token: ana, now: F.now).body["task"]?["status"] == "completed")
        let closed = backend.editTask(objectID: id, body: F.draft(), token: ana, now: F.now)
        #expect(closed.status == 410 && F.code(closed) == "request_closed")
        let other = F.task(&backend, ana)
        _ = backend.cancelTask(objectID: other, body: ["reason": "Found someone else"], token: ana, now: F.now)
        let cancelled = backend.editTask(objectID: other, body: F.draft(), token: ana, now: F.now)
        #expect(cancelled.status == 410 && F.code(cancelled) == "request_cancelled")
    }

    @Test func theListHoldsOnlyTheCallersTasksNewestFirst() {
        var backend = F.backend()
        let (ana, _) = F.user(&backend, "ana@example.com")
        let (bea, _) = F.user(&backend, "bea@example.com")
        let first = F.task(&backend, ana, at: F.now)
        _ = F.task(&backend, bea, at: F.now + 10)
        let second = F.task(&backend, ana, at: F.now + 20)
        let tied = F.task(&backend, ana, at: F.now + 20)
        let ids = backend.listTasks(token: ana, now: F.now + 30).body["tasks"]?.arrayValue?.compactMap { $0["objectId"]?.stringValue }
        #expect(ids == [tied, second, first])
    }

    @Test func aCancelNeedsAReasonAndKeepsItOnTheTask() {
        var backend = F.backend()
        let (auth, _) = F.user(&backend, "ana@example.com")
        let id = F.task(&backend, auth)
        for body: JSONValue? in [nil, [:], ["reason": ""], ["reason": 3]] {
            #expect(F.field(backend.cancelTask(objectID: id, body: body, token: auth, now: F.now)) == (body == nil ? "body" : "reason"))
        }
        let reply = backend.cancelTask(objectID: id, body: ["reason": "Found someone else"], token: auth, now: F.now)
        #expect(reply.body["task"]?["status"] == "cancelled" && reply.body["task"]?["cancelReason"] == "Found someone else")  // TASK-12
        #expect(F.code(backend.cancelTask(objectID: id, body: ["reason": "again"], token: auth, now: F.now)) == "request_cancelled")
    }

    @Test func withAContractorChosenACancelIsRefusedFromTheCutOffOn() {
        var backend = F.backend()
        F.user(&backend, "ana@example.com")
        let auth = F.remembered(&backend, "ana@example.com")
        let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
        let cutoff = F.start - 2 * F.day
        let free = F.task(&backend, auth)
        #expect(backend.cancelTask(objectID: free, body: ["reason": "late"], token: auth, now: cutoff + 1).status == 200)  // no one coming
        let assigned = F.task(&backend, auth)
        _ = backend.chooseContractor(objectID: assigned, body: ["contractor": .string(luis)], token: auth, now: F.now)
        let refused = backend.cancelTask(objectID: assigned, body: ["reason": "late"], token: auth, now: cutoff)
        #expect(refused.status == 409 && F.code(refused) == "cancel_cutoff_passed")  // TASK-13
        #expect(backend.cancelTask(objectID: assigned, body: ["reason": "early"], token: auth, now: cutoff - 1).status == 200)
    }

    @Test func onlyAnAssignedTaskCanBeCompleted() {
        var backend = F.backend()
        let (auth, _) = F.user(&backend, "ana@example.com")
        let id = F.task(&backend, auth)
        let open = backend.completeTask(objectID: id, token: auth, now: F.now)
        #expect(open.status == 409 && F.code(open) == "not_in_progress")
    }
}
