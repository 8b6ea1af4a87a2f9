import Foundation
import JobWire
import SocketIOWire

extension VerifyCases {
    /// getJobs decides eligibility on the server side (ELIG-8), judged both ways over a population:
    /// one case per eligibility vector file, every vector's worker and request at once. Each
    /// vector gets its own worker and client (its ids renamed apart, their kinds kept, so the
    /// vectors on id forms still test them), set through the fixtures; every request is posted,
    /// and once the channel's `new` for each has been seen, every worker calls getJobs. So each
    /// worker's answer is judged against every open request of the feature: what it lists must be
    /// eligible, and what is eligible and past its Delay must be listed. Vectors of malformed input
    /// (ELIG-9) are the apps' business.
    static func eligibility(vectors: URL) throws(InputError) -> [VerifyCase] {
        let cases = try VectorLoader.load(suite: EligibilitySuite(), from: vectors, displayRoot: "Vectors")
            .filter { $0.expect["eligible"] != nil }
        let byFeature = Dictionary(grouping: cases) { URL(fileURLWithPath: $0.file).deletingPathExtension().lastPathComponent }
        return byFeature.keys.sorted().enumerated().map { featureIndex, feature in
            let vectors = byFeature[feature]!
            return VerifyCase(
                "getjobs-eligibility-\(feature)",
                "getJobs lists exactly the open jobs eligible for the caller, over the \(vectors.count) \(feature) eligibility vectors' workers and requests at once",
                ["ELIG-8", "REST-4", "FLOW-13", "REST-9"], needs: [.workerFixture, .clientFixture]
            ) { session in
                try await judgePopulation(vectors.map { ($0.id, $0.input["profile"], $0.input["job"]?.objectValue) }, offset: featureIndex * 100, session)
            }
        }
    }

    /// Workers and requests generated from `seed` around the eligibility boundaries, judged like a
    /// vector population; the seed is in the title, and `--seed` replays it.
    static func generatedEligibility(seed: UInt64) -> VerifyCase {
        let members = EligibilityPopulation.generate(seed: seed, count: 40)
        return VerifyCase(
            "getjobs-eligibility-generated",
            "getJobs lists exactly the open jobs eligible for the caller, over \(members.count) workers and requests generated around the boundaries from seed \(seed) (replay: --seed \(seed))",
            ["ELIG-8", "REST-4", "FLOW-13", "REST-9"], needs: [.workerFixture, .clientFixture]
        ) { session in
            try await judgePopulation(members.enumerated().map { ("seed \(seed) member \($0.offset)", $0.element.profile, $0.element.job) }, offset: 900, session)
        }
    }

    /// Every member's worker and client set up and its job posted; once the channel's `new` for
    /// each has been seen, every worker calls getJobs, and the checker judges each answer against
    /// every open request (ELIG-8 both ways, FLOW-13); then every worker accepts its own member's
    /// job, which it must win exactly when it is eligible (REST-9 both ways).
    private static func judgePopulation(_ members: [(label: String, profile: JSONValue?, job: JSONObject?)], offset: Int, _ session: VerifySession) async throws {
        let observer = try await session.worker("observer", nil)
        var population: [(worker: String, client: VerifyApp, req: String)] = []
        for (index, member) in members.enumerated() {
            guard let profile = member.profile, let job = member.job else { throw VerifyStepError("\(member.label) has no profile or job") }
            population.append(try await post(profile: profile, job: job, label: member.label, number: offset + index, session))
        }
        // The `new` of every request in the trace, and the skew passed, before any getJobs.
        await session.awaitDelivery(all: population.map { (observer, .new, $0.req) })
        await session.pause()
        for member in population { try await session.getJobs(TraceActor(.worker, id: member.worker)) }
        // A call within the skew of an answer could have been the backend's reason to leave a job out.
        await session.pause()
        // Each worker takes its own member's job: the eligible must win it, the others get 403 (REST-9 both ways).
        for member in population { try await session.accept(TraceActor(.worker, id: member.worker), member.req) }
        for member in population {
            try await session.cancel(member.client.actor, member.req, reason: "jobwire verify: eligibility population done")
        }
    }

    /// Sets up member `number`'s worker and client and posts its job; returns who and what.
    private static func post(profile: JSONValue, job: JSONObject, label: String, number: Int, _ session: VerifySession) async throws -> (worker: String, client: VerifyApp, req: String) {
        guard let original = profile["userID"].flatMap(VerifyApp.id) else { throw VerifyStepError("\(label): the profile has no userID") }
        let rename = { (id: JSONValue) in Self.renamed(id, original: original, number: number, session) }
        let worker = rename(profile["userID"]!)
        guard let workerID = VerifyApp.id(worker) else { throw VerifyStepError("\(label): the worker id \(worker.compactText) is not an id") }
        var renamedProfile = profile.objectValue ?? [:]
        renamedProfile["userID"] = worker
        try await session.putWorker(workerID, .object(renamedProfile))
        let client = try await session.client("client-\(number)")
        let blocked = (job["BlockedXP"]?.arrayValue ?? []).map(rename)
        try await session.putClient(client.actor.id!, blocked: blocked, delay: job["Delay"] ?? 0)
        var fields: JSONObject = [:]
        for key in ["CatID", "exclusive", "lat", "lng"] { if let value = job[key] { fields[key] = value } }
        return (workerID, client, try await session.post(client, fields))
    }

    /// `id` renamed for vector `number` when it is the vector's worker (by ELIG-2's comparison),
    /// kept in its kind: a numeric id stays a number or numeric text, others get the run's prefix.
    static func renamed(_ id: JSONValue, original: String, number: Int, _ session: VerifySession) -> JSONValue {
        guard let text = VerifyApp.id(id), text == original else { return id }
        if let value = Int64(text) {
            let unique = value * 1_000 + Int64(number)
            if case .int = id { return .int(unique) }
            return .string(String(unique))
        }
        return .string("\(session.id(text))-\(number)")
    }
}
