import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// Contractors: candidates (TASK-15), choosing one (TASK-16), reviews (TASK-17), the mean
/// rating (TASK-18) and the contractor's profile (TASK-23).
struct TaskBackendContractorTests {
    typealias F = TaskFixtures

    @Test func theCandidatesAreTheContractorsServingTheCategoryButTheAuthor() throws {
        var backend = F.backend()
        let (ana, _) = F.user(&backend, "ana@example.com", contractor: true)
        let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
        let (_, marta) = F.user(&backend, "marta@example.com", contractor: true, categories: ["9", 12])
        F.user(&backend, "pablo@example.com", contractor: true, categories: [4])
        F.user(&backend, "bea@example.com")
        let id = F.task(&backend, ana)
        let list = try #require(backend.candidates(objectID: id, token: ana, now: F.now).body["contractors"]?.arrayValue)
        #expect(list.map { $0["userId"] } == [.string(luis), .string(marta)])
        #expect(list.first == ["userId": .string(luis), "name": "luis", "image": nil, "rating": nil])  // TASK-15, TASK-18
    }

    @Test func choosingACandidateAssignsTheTaskAndAnyoneElseIsNotEligible() {
        var backend = F.backend()
        let (ana, _) = F.user(&backend, "ana@example.com")
        let (_, bea) = F.user(&backend, "bea@example.com")
        let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
        let id = F.task(&backend, ana)
        let refused = backend.chooseContractor(objectID: id, body: ["contractor": .string(bea)], token: ana, now: F.now)
        #expect(refused.status == 403 && F.code(refused) == "not_eligible")
        #expect(F.field(backend.chooseContractor(objectID: id, body: [:], token: ana, now: F.now)) == "contractor")
        let chosen = backend.chooseContractor(objectID: id, body: ["contractor": .string(luis)], token: ana, now: F.now)
        #expect(chosen.body["task"]?["contractor"] == .string(luis) && chosen.body["task"]?["status"] == "assigned")  // TASK-16
    }

    @Test(arguments: [#"{}"#, #"{"rating":0}"#, #"{"rating":6}"#, #"{"rating":4.5}"#, #"{"rating":"5"}"#, #"{"rating":true}"#])
    func aRatingOutsideOneToFiveIsABadRequestOnRating(_ body: String) {
        var backend = F.backend()
        let (ana, _) = F.user(&backend, "ana@example.com")
        let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
        let reply = backend.review(contractor: luis, body: JSONValue.parsing(body), token: ana, now: F.now)
        #expect(reply.status == 400 && F.field(reply) == "rating")  // TASK-17
    }

    @Test func reviewsAverageIntoTheContractorsRating() {
        var backend = F.backend()
        let (ana, _) = F.user(&backend, "ana@example.com")
        let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
        let id = F.task(&backend, ana)
        let first = backend.review(contractor: luis, body: ["rating": 4, "review": "Quick and tidy", "task": .string(id)], token: ana, now: F.now)
        #expect(first.body["rating"] == 4.0 && first.body["review"]?["task"] == .string(id))
        let second = backend.review(contractor: luis, body: ["rating": 5.0], token: ana, now: F.now)
        #expect(second.body["rating"] == 4.5)  // TASK-18: the mean
        #expect(backend.candidates(objectID: id, token: ana, now: F.now).body["contractors"]?.arrayValue?.first?["rating"] == 4.5)
    }

    @Test func aContractorsProfileHasItsReviewsNewestFirstAndOnlyCompletedTasksAsPastWork() throws {
        var backend = F.backend()
        let (ana, anaID) = F.user(&backend, "ana@example.com")
        let (bea, beaID) = F.user(&backend, "bea@example.com")
        let (_, luis) = F.user(&backend, "luis@example.com", contractor: true, categories: [9])
        var ids: [String] = []
        for (offset, name) in ["tap", "door", "shelf"].enumerated() {
            let id = F.task(&backend, ana, at: F.now + Int64(offset), ["Description": .string(name), "image": [.string("https://img.example.com/\(name).jpg")]])
            _ = backend.chooseContractor(objectID: id, body: ["contractor": .string(luis)], token: ana, now: F.now + 10)
            ids.append(id)
        }
        _ = backend.completeTask(objectID: ids[0], token: ana, now: F.now + 20)
        _ = backend.completeTask(objectID: ids[2], token: ana, now: F.now + 30)
        _ = backend.review(contractor: luis, body: ["rating": 3, "review": "Late but tidy", "task": .string(ids[0])], token: ana, now: F.now + 40)
        _ = backend.review(contractor: luis, body: ["rating": 5], token: bea, now: F.now + 50)
        let profile = try #require(backend.contractorProfile(userID: luis, token: ana, now: F.now + 60).body["contractor"])
        #expect(profile["userId"] == .string(luis) && profile["name"] == "luis" && profile["image"] == .null)
        #expect(profile["rating"] == 4.0 && profile["categories"] == ["9"])
        let reviews = profile["reviews"]?.arrayValue?.map { review in ["author", "rating", "review"].map { review[$0] ?? "absent" } }
        #expect(reviews == [[.string(beaID), 5, .null], [.string(anaID), 3, "Late but tidy"]])  // TASK-23: newest first
        #expect(profile["pastWork"] == [
            ["objectId": .string(ids[2]), "Description": "shelf", "image": ["https://img.example.com/shelf.jpg"]],
            ["objectId": .string(ids[0]), "Description": "tap", "image": ["https://img.example.com/tap.jpg"]],
        ])  // only the completed ones, latest first
        #expect(F.code(backend.contractorProfile(userID: anaID, token: bea, now: F.now)) == "not_found")
        #expect(F.code(backend.contractorProfile(userID: "U-99", token: bea, now: F.now)) == "not_found")
        #expect(F.code(backend.contractorProfile(userID: luis, token: nil, now: F.now)) == "unauthorized")
    }

    @Test func aReviewOfAnUnknownContractorOrTaskIsNotFound() {
        var backend = F.backend()
        let (ana, anaID) = F.user(&backend, "ana@example.com")
        let (_, luis) = F.user(&backend, "luis@example.com", contractor: true)
        #expect(F.code(backend.review(contractor: "U-99", body: ["rating": 5], token: ana, now: F.now)) == "not_found")
        #expect(F.code(backend.review(contractor: anaID, body: ["rating": 5], token: ana, now: F.now)) == "not_found")  // not a contractor
        #expect(F.code(backend.review(contractor: luis, body: ["rating": 5, "task": "T-9"], token: ana, now: F.now)) == "not_found")
        #expect(F.code(backend.review(contractor: luis, body: ["rating": 5], token: nil, now: F.now)) == "unauthorized")
    }
}
