import SocketIOWire

/// Each worker's profile and the latest job, parsed once and kept while their JSON stays the same,
/// so the kit's decision for a broadcast received by many workers (ELIG-1 ... ELIG-6) reads every
/// profile and the job once instead of once per worker and offer.
///
/// It decides exactly as ``Eligibility/decide(input:)``: when the receipt time or either input
/// would be refused, that function decides, so the refusal names the same field (ELIG-9).
struct EligibilityInputs: Sendable {
    private var profiles: [String: (json: JSONValue, parsed: WorkerProfile)] = [:]
    private var job: (json: JSONValue, parsed: JobOffer)?

    /// The decision for `worker` with `profile` on `job` received at `receivedAt`.
    mutating func decide(worker: String, profile: JSONValue, job: JSONValue, receivedAt: Int64) -> Result<EligibilityDecision, EligibilityInputError> {
        guard (0...Eligibility.maximumReceivedAt).contains(receivedAt), let parsedProfile = parsed(profile, of: worker), let parsedJob = parsed(job) else {
            return Eligibility.decide(input: ["profile": profile, "job": job, "receivedAt": .int(receivedAt)])
        }
        return .success(Eligibility.decide(profile: parsedProfile, job: parsedJob, receivedAt: receivedAt))
    }

    private mutating func parsed(_ json: JSONValue, of worker: String) -> WorkerProfile? {
        if let kept = profiles[worker], kept.json == json { return kept.parsed }
        guard let parsed = try? WorkerProfile(json: json) else { return nil }
        profiles[worker] = (json, parsed)
        return parsed
    }

    private mutating func parsed(_ json: JSONValue) -> JobOffer? {
        if let kept = job, kept.json == json { return kept.parsed }
        guard let parsed = try? JobOffer(json: json) else { return nil }
        job = (json, parsed)
        return parsed
    }
}
