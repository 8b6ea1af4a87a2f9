import SocketIOWire

/// Each worker's profile, parsed once and kept while its JSON stays the same, so the kit's
/// decision for a broadcast received by many workers (ELIG-1 ... ELIG-6) reads every profile once
/// instead of once per offer. The job comes parsed with its `offer.received` (``TraceEventFacts/offerJob``),
/// read where the event is decoded.
///
/// It decides exactly as ``Eligibility/decide(input:)``: when the receipt time or either input
/// would be refused, that function decides, so the refusal names the same field (ELIG-9).
struct EligibilityInputs: Sendable {
    private var profiles: [String: (json: JSONValue, parsed: WorkerProfile)] = [:]

    /// The decision for `worker` with `profile` on `job`, which reads as `parsedJob` (nil when
    /// ``JobOffer/init(json:path:)`` refuses it), received at `receivedAt`.
    mutating func decide(
        worker: String, profile: JSONValue, job: JSONValue, parsedJob: JobOffer?, receivedAt: Int64
    ) -> Result<EligibilityDecision, EligibilityInputError> {
        guard (0...Eligibility.maximumReceivedAt).contains(receivedAt), let parsedProfile = parsed(profile, of: worker), let parsedJob else {
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
}
