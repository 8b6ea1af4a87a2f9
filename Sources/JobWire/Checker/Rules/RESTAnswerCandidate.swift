extension RESTAnswerCodes {
    /// One possible answer: a failure code or `success`; definite when the trace shows it applies.
    struct Candidate: Sendable {
        var code: String
        var definite: Bool
        /// Why it applies; put in words only when a report quotes it.
        var why: Reason
    }

    /// Why a candidate answer applies (REST-8 ... REST-14, REST-19). Kept as data and put in words
    /// by ``text`` only when a violation is reported: nearly every answer is right, and spelling
    /// out each candidate's reason for every answer was a measurable share of the checker's time.
    enum Reason: Sendable {
        case malformed(field: String, problem: String)
        case unknownRequest(String)
        case unknownWorker(String)
        case unseenRequest(String)
        case unseenWorker(String)
        case ended(String, ProtocolEvent)
        case forgotten(String)
        case notWon(String)
        case won(String, winner: String)
        case maybeWon(String, worker: String)
        case sentDirectly(String, addressee: String)
        case profileUnseen(worker: String)
        case fails(String, worker: String, failed: [RequirementID])
        case endingPartyUnseen(String)
        case notParty(String, caller: String, party: String, byWorker: Bool)
        case wellFormed(String?)

        /// The reason as report lines quote it.
        var text: String {
            switch self {
            case .malformed(let field, let problem): return "\(field) \(problem)"
            case .unknownRequest(let req): return "request \(req) is one the backend cannot know"
            case .unknownWorker(let worker): return "worker \(worker) is one the backend cannot know"
            case .unseenRequest(let req): return "the trace never showed request \(req)"
            case .unseenWorker(let worker): return "the trace does not show worker \(worker)"
            case .ended(let req, let event): return "request \(req) was \(event == .close ? "closed" : "cancelled")"
            case .forgotten(let req): return "request \(req) ended a day or more before, so the backend may have forgotten it (REST-16)"
            case .notWon(let req): return "no worker has won request \(req)"
            case .won(let req, let winner): return "worker \(winner) already won request \(req)"
            case .maybeWon(let req, let worker): return "worker \(worker)'s WorkerAccept, whose answer its app never read, may have won request \(req)"
            case .sentDirectly(let req, let addressee): return "request \(req) was sent directly to worker \(addressee)"
            case .profileUnseen(let worker): return "the trace does not show worker \(worker)'s profile and the job"
            case .fails(let req, let worker, let failed):
                return "worker \(worker) fails \(failed.map(\.rawValue).joined(separator: ", ")) for request \(req)"
            case .endingPartyUnseen(let req): return "the trace does not show who may end request \(req)"
            case .notParty(let req, let caller, let party, let byWorker):
                let who = byWorker ? "the winner \(party)" : "the posting client \(party)"
                return "\(byWorker ? "worker" : "client") \(caller) is not \(who) of request \(req)"
            case .wellFormed(let req): return "the call is well-formed and \(req.map { "request \($0) is open to it" } ?? "names what exists")"
            }
        }
    }

    /// The candidates of one answer that do not depend on the request's state at a given moment
    /// (its shape, unknown ids, the worker's eligibility), in REST-14's order where they go.
    struct CallCandidates: Sendable {
        /// The request the call acts on or reads, if any.
        var req: String?
        /// bad_request and a definite not_found: they come before every state's candidates.
        var leading: [Candidate] = []
        /// A not_found that may apply: the trace does not show the worker.
        var unseenWorker: Candidate?
        /// A WorkerAccept's not_eligible (REST-9).
        var eligibility: Candidate?
        /// The answer's time plus the skew: a request that ended a day before it may be forgotten.
        var answeredBy: Int64 = 0
        /// A worker whose WorkerAccept, sent before this answer, its app gave up on: it may have won (FLOW-4).
        var maybeWinner: String?
    }
}
