import Foundation
import OpenAPIRuntime

/// One job's dispatch through the generated client: a worker's record set (FIX-1), a request
/// posted (REST-2), its state read while open (REST-15), the worker's getJobs listing it
/// (REST-4), its WorkerAccept winning (REST-3), a second worker's WorkerAccept refused with
/// `race_lost` (REST-8), read as the typed error body of REST-7, and the state and the client's
/// history read once won, with the winner and its `apply` (REST-15, REST-16).
public struct DispatchWalkthrough: Sendable {
    /// What the backend answered at each step.
    public struct Outcome: Sendable {
        /// The posted request's id (REST-2).
        public var reqID: String
        /// When the backend says the request was posted (REST-2).
        public var createdAt: Date
        /// The worker's getJobs answer (REST-4).
        public var jobs: [Components.Schemas.Job]
        /// The status and id the winning WorkerAccept answered with (REST-3).
        public var accepted: (status: Int, reqID: String)
        /// The error body of the second worker's WorkerAccept, a 409 (REST-7, REST-8).
        public var lostRace: Components.Schemas.ErrorAnswer
        /// The request's state read before any WorkerAccept (REST-15).
        public var open: Components.Schemas.RequestState
        /// The request's state read after the win (REST-15).
        public var won: Components.Schemas.RequestState
        /// The client's history read after the win (REST-16).
        public var history: [Components.Schemas.HistoryEntry]
    }

    /// The step whose answer was not the one the walkthrough expects, with what came instead.
    public struct UnexpectedAnswer: Error, CustomStringConvertible {
        public var description: String
    }

    /// The client the walkthrough calls.
    public let client: Client

    /// A walkthrough with `client`, e.g. `Client.jobWire(serverURL:)`.
    public init(client: Client) {
        self.client = client
    }

    /// Runs the steps for a plumbing job at `lat`, `lng` posted by `clientID`, won by `winnerID`,
    /// and lost by `rivalID`; both workers are set up about 1 km from the job.
    public func run(clientID: String, winnerID: String, rivalID: String, lat: Double = 48.8566, lng: Double = 2.3522) async throws -> Outcome {
        for workerID in [winnerID, rivalID] {
            try await putWorker(workerID, lat: lat + 0.009, lng: lng)
        }
        let posted = try await client.postRequest(body: .json(.init(
            CatID: "plumbing", address: "1 Rue de Rivoli", category: "Plumbing", clientId: .init(clientID),
            clientName: "Ada", description: "The kitchen sink leaks", lat: lat, lng: lng
        )))
        guard case .successful(_, let postAnswer) = posted else { throw UnexpectedAnswer(description: "post request answered \(posted)") }
        let post = try postAnswer.body.json
        let open = try await state(post.ReqID)

        let listed = try await client.getJobs(query: .init(workerId: winnerID))
        guard case .successful(_, let jobsAnswer) = listed else { throw UnexpectedAnswer(description: "getJobs answered \(listed)") }

        let won = try await client.workerAccept(path: .init(ReqID: post.ReqID), body: .json(.init(workerId: .init(winnerID))))
        guard case .successful(let status, let wonAnswer) = won else { throw UnexpectedAnswer(description: "the first WorkerAccept answered \(won)") }

        let lost = try await client.workerAccept(path: .init(ReqID: post.ReqID), body: .json(.init(workerId: .init(rivalID))))
        guard case .conflict(let conflict) = lost else { throw UnexpectedAnswer(description: "the second WorkerAccept answered \(lost)") }

        let read = try await client.listRequests(query: .init(userId: clientID))
        guard case .successful(_, let historyAnswer) = read else { throw UnexpectedAnswer(description: "the history read answered \(read)") }

        return Outcome(
            reqID: post.ReqID, createdAt: post.createdAt, jobs: try jobsAnswer.body.json.jobs,
            accepted: (status, try wonAnswer.body.json.ReqID.description), lostRace: try conflict.body.json.value1,
            open: open, won: try await state(post.ReqID), history: try historyAnswer.body.json.requests
        )
    }

    /// The state of request `reqID` (REST-15).
    public func state(_ reqID: String) async throws -> Components.Schemas.RequestState {
        let answer = try await client.getRequest(path: .init(ReqID: reqID))
        guard case .successful(_, let read) = answer else { throw UnexpectedAnswer(description: "the state read of \(reqID) answered \(answer)") }
        return try read.body.json.request
    }

    /// Sets the record of a worker of the plumbing category, active, reaching 5 km (FIX-1).
    public func putWorker(_ workerID: String, lat: Double, lng: Double) async throws {
        let answer = try await client.workerFixture(path: .init(workerId: workerID), body: .json(.init(
            avatar: "https://example.com/\(workerID).png", name: "Worker \(workerID)",
            profile: .init(categories: ["plumbing"], expertActive: true, lat: lat, lng: lng, maxKms: 5, userID: .init(workerID))
        )))
        guard case .successful = answer else { throw UnexpectedAnswer(description: "the worker fixture for \(workerID) answered \(answer)") }
    }
}
