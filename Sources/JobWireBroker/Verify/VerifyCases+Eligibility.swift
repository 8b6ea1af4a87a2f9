import Foundation
import JobWire
import SocketIOWire

extension VerifyCases {
    /// getJobs decides eligibility on the server side (ELIG-8): one case per eligibility vector
    /// file, one worker profile per vector. For each vector the worker and the client's BlockedXP
    /// and Delay are set through the fixtures, the job is posted, the worker calls getJobs, and the
    /// request is cancelled again. Vectors of malformed input (ELIG-9) are the apps' business.
    static func eligibility(vectors: URL) throws(VectorLoadError) -> [VerifyCase] {
        let cases = try VectorLoader.load(suite: EligibilitySuite(), from: vectors, displayRoot: "Vectors")
            .filter { $0.expect["eligible"] != nil }
        let byFeature = Dictionary(grouping: cases) { URL(fileURLWithPath: $0.file).deletingPathExtension().lastPathComponent }
        return byFeature.keys.sorted().map { feature in
            let vectors = byFeature[feature]!
            return VerifyCase(
                "getjobs-eligibility-\(feature)",
                "getJobs lists only jobs eligible for the caller, for the \(vectors.count) \(feature) eligibility vectors",
                ["ELIG-8", "REST-4", "FLOW-13"], needs: [.workerFixture, .clientFixture], lane: .eligibility
            ) { session in
                let client = try await session.client("client")
                _ = try await session.worker("observer", nil)
                for vector in vectors { try await run(vector, client: client, session) }
            }
        }
    }

    private static func run(_ vector: VectorCase, client: VerifyApp, _ session: VerifySession) async throws {
        guard let profile = vector.input["profile"], let job = vector.input["job"]?.objectValue,
            let worker = profile["userID"].flatMap(VerifyApp.id)
        else { throw VerifyStepError("vector \(vector.id) has no profile or job") }
        try await session.putWorker(worker, profile)
        try await session.putClient(client.actor.id!, blocked: job["BlockedXP"]?.arrayValue ?? [], delay: job["Delay"] ?? 0)
        var fields: JSONObject = [:]
        for key in ["CatID", "exclusive", "lat", "lng"] { if let value = job[key] { fields[key] = value } }
        let req = try await session.post(client, fields)
        try await session.getJobs(TraceActor(.worker, id: worker))
        try await session.cancel(client.actor, req, reason: "jobwire verify: vector \(vector.id) done")
    }
}
