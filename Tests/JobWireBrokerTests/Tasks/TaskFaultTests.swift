import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// Every fault of ``TaskFaults`` breaks its requirement and nothing else: each probe below is a
/// small conformance check, the kind a `jobwire verify` case makes over REST. The healthy backend
/// passes them all; with one fault on, exactly that fault's probe fails.
struct TaskFaultTests {
    typealias F = TaskFixtures

    /// A check of one requirement; true when the backend conforms.
    struct Probe: Sendable {
        var fault: String
        var requirement: String
        var conforms: @Sendable (inout TaskBackend) -> Bool
    }

    static let probes: [Probe] = [
        Probe(fault: "duplicateSignUpAllowed", requirement: "TASK-2") { backend in
            F.user(&backend, "ana@example.com")
            return F.code(backend.signUp(body: ["email": "ana@example.com", "password": "x"], now: F.now)) == "already_exists"
        },
        Probe(fault: "rememberMeIgnored", requirement: "TASK-4") { backend in
            F.user(&backend, "ana@example.com")
            func expiry(_ remember: Bool) -> Int64? {
                backend.logIn(body: ["email": "ana@example.com", "password": "secret-1", "rememberMe": .bool(remember)], now: F.now)
                    .body["expiresAt"]?.stringValue.flatMap(ISO8601Time.milliseconds)
            }
            return (expiry(true) ?? 0) > (expiry(false) ?? .max)
        },
        Probe(fault: "expiredTokenAccepted", requirement: "TASK-6") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            return F.code(backend.listTasks(token: auth, now: F.now + F.day)) == "unauthorized"
        },
        Probe(fault: "tokenNotRequired", requirement: "TASK-6") { backend in
            F.user(&backend, "ana@example.com")
            return F.code(backend.listTasks(token: nil, now: F.now)) == "unauthorized"
        },
        Probe(fault: "validationSkipped", requirement: "TASK-9") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            return F.field(backend.createTask(body: F.draft(["Description": nil]), token: auth, now: F.now)) == "Description"
        },
        Probe(fault: "updatedAtUnchanged", requirement: "TASK-10") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            let id = F.task(&backend, auth)
            let task = backend.editTask(objectID: id, body: F.draft(), token: auth, now: F.now + 1000).body["task"]
            return (task?["updatedAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) ?? 0) > (task?["createdAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) ?? .max)
        },
        Probe(fault: "endedTaskEditable", requirement: "TASK-11") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            let id = F.task(&backend, auth)
            _ = backend.cancelTask(objectID: id, body: ["reason": "no longer needed"], token: auth, now: F.now)
            return F.code(backend.editTask(objectID: id, body: F.draft(), token: auth, now: F.now)) == "request_cancelled"
        },
        Probe(fault: "cancelAfterCutoff", requirement: "TASK-13") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
            let tomorrow: JSONValue = [["start": .string(ISO8601Time.string(milliseconds: F.now + F.day)), "end": .string(ISO8601Time.string(milliseconds: F.now + F.day + 3_600_000))]]
            let id = F.task(&backend, auth, ["dates": tomorrow])
            _ = backend.chooseContractor(objectID: id, body: ["contractor": .string(luis)], token: auth, now: F.now)
            return F.code(backend.cancelTask(objectID: id, body: ["reason": "late"], token: auth, now: F.now)) == "cancel_cutoff_passed"
        },
        Probe(fault: "cutoffEarly", requirement: "TASK-13") { backend in
            // Half an hour before the cut-off, a cancel is still allowed.
            let (auth, _) = F.user(&backend, "ana@example.com")
            let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
            let start = F.now + backend.settings.taskCancelCutoffMs + 1_800_000
            let dates: JSONValue = [["start": .string(ISO8601Time.string(milliseconds: start)), "end": .string(ISO8601Time.string(milliseconds: start + 3_600_000))]]
            let id = F.task(&backend, auth, ["dates": dates])
            _ = backend.chooseContractor(objectID: id, body: ["contractor": .string(luis)], token: auth, now: F.now)
            return backend.cancelTask(objectID: id, body: ["reason": "plans changed"], token: auth, now: F.now).status == 200
        },
        Probe(fault: "tokenDiesEarly", requirement: "TASK-4") { backend in
            // Three quarters into a session token's lifetime, it is still taken.
            let (auth, _) = F.user(&backend, "ana@example.com")
            return backend.listTasks(token: auth, now: F.now + backend.settings.sessionTtlMs * 3 / 4).status == 200
        },
        Probe(fault: "listOldestFirst", requirement: "TASK-14") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            _ = F.task(&backend, auth, at: F.now)
            let newer = F.task(&backend, auth, at: F.now + 10)
            return backend.listTasks(token: auth, now: F.now + 20).body["tasks"]?.arrayValue?.first?["objectId"] == .string(newer)
        },
        Probe(fault: "listEveryonesTasks", requirement: "TASK-14") { backend in
            let (ana, _) = F.user(&backend, "ana@example.com")
            let (bea, _) = F.user(&backend, "bea@example.com")
            _ = F.task(&backend, bea)
            return backend.listTasks(token: ana, now: F.now).body["tasks"] == []
        },
        Probe(fault: "anyContractorAccepted", requirement: "TASK-16") { backend in
            let (ana, _) = F.user(&backend, "ana@example.com")
            let (_, bea) = F.user(&backend, "bea@example.com")
            let id = F.task(&backend, ana)
            return F.code(backend.chooseContractor(objectID: id, body: ["contractor": .string(bea)], token: ana, now: F.now)) == "not_eligible"
        },
        Probe(fault: "ratingNotAveraged", requirement: "TASK-18") { backend in
            let (ana, _) = F.user(&backend, "ana@example.com")
            let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
            _ = backend.review(contractor: luis, body: ["rating": 3], token: ana, now: F.now)
            return backend.review(contractor: luis, body: ["rating": 5], token: ana, now: F.now).body["rating"] == 4.0
        },
        Probe(fault: "userExistsCaseSensitive", requirement: "TASK-1") { backend in
            F.user(&backend, "ana@example.com")
            return backend.userExists(email: "Ana@Example.com").body["exists"] == true
        },
        Probe(fault: "wrongPasswordAccepted", requirement: "TASK-3") { backend in
            F.user(&backend, "ana@example.com")
            return F.code(backend.logIn(body: ["email": "ana@example.com", "password": "guess"], now: F.now)) == "unauthorized"
        },
        Probe(fault: "nullContractorOmitted", requirement: "TASK-8") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            let task = backend.createTask(body: F.draft(), token: auth, now: F.now).body["task"]
            return ["objectId", "author", "status", "contractor", "createdAt", "updatedAt"].allSatisfy { task?[$0] != nil }
        },
        Probe(fault: "cancelReasonDropped", requirement: "TASK-12") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            let id = F.task(&backend, auth)
            return backend.cancelTask(objectID: id, body: ["reason": "moved out"], token: auth, now: F.now).body["task"]?["cancelReason"] == "moved out"
        },
        Probe(fault: "candidateFieldsMissing", requirement: "TASK-15") { backend in
            let (ana, _) = F.user(&backend, "ana@example.com")
            F.user(&backend, "luis@example.com", contractor: true)
            let id = F.task(&backend, ana)
            let first = backend.candidates(objectID: id, token: ana, now: F.now).body["contractors"]?.arrayValue?.first
            return ["userId", "name", "image", "rating"].allSatisfy { first?[$0] != nil }
        },
        Probe(fault: "ratingRangeUnchecked", requirement: "TASK-17") { backend in
            let (ana, _) = F.user(&backend, "ana@example.com")
            let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
            return [0, 6, 4.5].allSatisfy { (rating: JSONValue) in
                F.field(backend.review(contractor: luis, body: ["rating": rating], token: ana, now: F.now)) == "rating"
            }
        },
        Probe(fault: "meRatingNotComputed", requirement: "TASK-19") { backend in
            let (ana, _) = F.user(&backend, "ana@example.com")
            let (luisAuth, luis) = F.user(&backend, "luis@example.com", contractor: true)
            _ = backend.review(contractor: luis, body: ["rating": 4], token: ana, now: F.now)
            return backend.me(token: luisAuth, now: F.now).body["user"]?["rating"] == 4.0
        },
        Probe(fault: "meUpdateNotStored", requirement: "TASK-20") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            _ = backend.updateMe(body: ["name": "Ana María", "phoneNumber": nil, "contractor": false, "categories": []], token: auth, now: F.now)
            return backend.me(token: auth, now: F.now).body["user"]?["name"] == "Ana María"
        },
        Probe(fault: "meImageIgnored", requirement: "TASK-21") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            _ = backend.setMeImage(body: ["image": "https://img.example.com/a.png"], token: auth, now: F.now)
            return backend.me(token: auth, now: F.now).body["user"]?["image"] == "https://img.example.com/a.png"
        },
        Probe(fault: "deletedTokenAccepted", requirement: "TASK-22") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            _ = backend.deleteMe(token: auth, now: F.now)
            return F.code(backend.me(token: auth, now: F.now)) == "unauthorized"
        },
        Probe(fault: "reviewsOldestFirst", requirement: "TASK-23") { backend in
            let (ana, _) = F.user(&backend, "ana@example.com")
            let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
            _ = backend.review(contractor: luis, body: ["rating": 3], token: ana, now: F.now)
            _ = backend.review(contractor: luis, body: ["rating": 5], token: ana, now: F.now + 10)
            return backend.contractorProfile(userID: luis, token: ana, now: F.now + 20).body["contractor"]?["reviews"]?.arrayValue?.first?["rating"] == 5
        },
        Probe(fault: "pastWorkUnfiltered", requirement: "TASK-23") { backend in
            let (ana, _) = F.user(&backend, "ana@example.com")
            let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
            let id = F.task(&backend, ana)
            _ = backend.chooseContractor(objectID: id, body: ["contractor": .string(luis)], token: ana, now: F.now)
            return backend.contractorProfile(userID: luis, token: ana, now: F.now).body["contractor"]?["pastWork"] == []
        },
        Probe(fault: "createAnswerWithoutID", requirement: "TASK-25") { backend in
            let (auth, _) = F.user(&backend, "ana@example.com")
            let reply = backend.createTask(body: F.draft(), token: auth, now: F.now)
            return reply.body["id"] != nil && reply.body["id"] == reply.body["task"]?["objectId"]
        },
        Probe(fault: "foreignTaskReadable", requirement: "TASK-26") { backend in
            let (ana, _) = F.user(&backend, "ana@example.com")
            let (bea, _) = F.user(&backend, "bea@example.com")
            let id = F.task(&backend, ana)
            return F.code(backend.readTask(objectID: id, token: bea, now: F.now)) == "not_found"
        },
    ]

    @Test func everyFaultHasAProbeAndTheHealthyBackendPassesThemAll() {
        #expect(Set(Self.probes.map(\.fault)) == Set(TaskFaults.named.map(\.name)))
        for probe in Self.probes {
            var backend = F.backend()
            #expect(probe.conforms(&backend), "\(probe.fault) (\(probe.requirement))")
        }
    }

    @Test(arguments: TaskFaults.named.map(\.name))
    func aFaultFailsItsOwnProbeAndNoOther(_ name: String) {
        let fault = TaskFaults.named.first { $0.name == name }!.fault
        for probe in Self.probes {
            var backend = F.backend(fault)
            #expect(probe.conforms(&backend) == (probe.fault != name), "with \(name) on, the \(probe.fault) probe (\(probe.requirement))")
        }
    }
}
