import Foundation
import JobWireRESTClient
import Testing

/// Failure answers of a live `jobwire broker` decoded as the document's typed error body (REST-7):
/// the generated output's case for the status, the code, and `field` for `bad_request` only.
@Suite(.timeLimit(.minutes(1)))
struct ErrorAnswerTests {
    @Test func aLatitudeOutOfRangeIsBadRequestNamingLat() async throws {
        let answer = try await BrokerProcess.serving { url in
            try await Client.jobWire(serverURL: url).postRequest(body: .json(.init(
                CatID: "plumbing", address: "1 Rue de Rivoli", category: "Plumbing", clientId: "c-1",
                clientName: "Ada", description: "Leak", lat: 91, lng: 2.3522
            )))
        }
        guard case .badRequest(let failure) = answer else {
            Issue.record("a post with lat 91 answered \(answer)")
            return
        }
        let error = try failure.body.json.value1.error
        #expect(error.code == .bad_request)
        #expect(error.field == "lat")
        #expect(error.message.contains("91"))
    }

    @Test func getJobsForAWorkerNeverSetUpIsNotFound() async throws {
        let answer = try await BrokerProcess.serving { url in
            try await Client.jobWire(serverURL: url).getJobs(query: .init(workerId: "w-nobody"))
        }
        guard case .notFound(let failure) = answer else {
            Issue.record("getJobs for an unknown worker answered \(answer)")
            return
        }
        let body = try failure.body.json.value1
        #expect(body.error.code == .not_found)
        #expect(body.error.field == nil)
        #expect(body.error.message.contains("w-nobody"))
    }

    @Test func aWorkerAcceptForAnUnknownRequestIsNotFound() async throws {
        let answer = try await BrokerProcess.serving { url in
            try await Client.jobWire(serverURL: url).workerAccept(path: .init(ReqID: "R-404"), body: .json(.init(workerId: "w-1")))
        }
        guard case .notFound(let failure) = answer else {
            Issue.record("a WorkerAccept for an unknown request answered \(answer)")
            return
        }
        let error = try failure.body.json.value1.error
        #expect(error.code == .not_found)
        #expect(error.message.contains("R-404"))
    }
}
