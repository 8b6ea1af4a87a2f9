import Foundation
import JobWireRESTClient
import Testing

/// The walkthrough against a live `jobwire broker`: the generated client's calls reach the
/// reference backend and its answers decode into the generated types with the values the backend
/// holds (REST-2, REST-3, REST-4, REST-7, REST-8, REST-15, REST-16, FIX-1).
@Suite(.timeLimit(.minutes(1)))
struct DispatchWalkthroughTests {
    @Test func aPostedJobIsListedWonAndLostAsTheBackendAnswersIt() async throws {
        let before = Date()
        let outcome = try await BrokerProcess.serving { url in
            try await DispatchWalkthrough(client: .jobWire(serverURL: url))
                .run(clientID: "c-1", winnerID: "w-1", rivalID: "w-2", lat: 48.8566, lng: 2.3522)
        }
        let after = Date()

        // The broker numbers requests from R-1; createdAt is its clock at the post (REST-2).
        #expect(outcome.reqID == "R-1")
        #expect(outcome.createdAt >= before.addingTimeInterval(-1) && outcome.createdAt <= after.addingTimeInterval(1))

        // getJobs lists the job with the fields of its `new` (REST-4, MSG-4).
        let job = try #require(outcome.jobs.count == 1 ? outcome.jobs.first : nil, "getJobs listed \(outcome.jobs)")
        #expect(job.ReqID == "R-1")
        #expect(job.CatID == "plumbing")
        #expect(job.exclusive == "0")
        #expect(job.lat == 48.8566 && job.lng == 2.3522)
        #expect(job.category == "Plumbing" && job.description == "The kitchen sink leaks")
        #expect(job.clientName == "Ada" && job.address == "1 Rue de Rivoli")
        #expect(job.image == nil)
        #expect(job.createdAt == outcome.createdAt)

        // The first WorkerAccept wins; the second is race_lost, 409, without `field` (REST-3, REST-7, REST-8).
        #expect(outcome.accepted.status == 200 && outcome.accepted.reqID == "R-1")
        #expect(outcome.lostRace.error.code == .race_lost)
        #expect(outcome.lostRace.error.field == nil)
        #expect(outcome.lostRace.error.message.contains("R-1"))

        // Open, the state has no winner, `apply` or end: members that are null, which decode as nil (REST-15).
        #expect(outcome.open.status == .open && outcome.open.ReqID == "R-1" && outcome.open.clientId == "c-1")
        #expect(outcome.open.workerId == nil && outcome.open.apply == nil && outcome.open.end == nil)
        #expect(outcome.open.new.ReqID == "R-1" && outcome.open.new.CatID == "plumbing")

        // Won, it has the winner's id and the `apply` the winner's WorkerAccept made (REST-15, MSG-9).
        #expect(outcome.won.status == .inProgress)
        #expect(outcome.won.workerId?.description == "w-1")
        let apply = try #require(outcome.won.apply, "the won request's state has no apply")
        #expect(apply.ReqID == "R-1" && apply.workerId == "w-1" && apply.workerName == "Worker w-1")
        #expect(apply.workerAvatar == "https://example.com/w-1.png" && apply.lat == 48.8566 + 0.009 && apply.lng == 2.3522)
        #expect(outcome.won.end == nil)

        // The client's history lists it as the state read gives it (REST-16).
        let entry = try #require(outcome.history.count == 1 ? outcome.history.first : nil, "the history listed \(outcome.history)")
        #expect(entry.ReqID == "R-1" && entry.status == .inProgress && entry.workerId?.description == "w-1" && entry.apply?.workerId == "w-1")
    }
}
