import SocketIOWire

/// The eligibility decision of seed 000's six rules, as a pure function (ELIG-1 ... ELIG-6).
///
/// The worker app applies it to channel broadcasts (ELIG-7); the backend applies it to
/// getJobs (ELIG-8). It reports every failed rule, not only the first.
public enum Eligibility {
    /// Distances within this many kilometres over `maxKms` still count as in range (ELIG-4): ten
    /// thousand times the 1e-10 km error bound of the prescribed form, so that every faithful
    /// implementation finds a distance exactly at `maxKms` in range, and a millimetre, so that one
    /// metre over is out.
    public static let distanceToleranceKm = 1e-6

    /// Decides whether `profile`'s worker may see `job`, received at `receivedAt` (ms since the epoch).
    public static func decide(profile: WorkerProfile, job: JobOffer, receivedAt: Int64) -> EligibilityDecision {
        var failed: [RequirementID] = []
        // ELIG-1: only active experts.
        if !profile.expertActive { failed.append("ELIG-1") }
        // ELIG-2: an exclusive request is for its partner's experts only.
        if let partner = job.exclusivePartner, profile.expertSource != partner { failed.append("ELIG-2") }
        // ELIG-3: the worker works in the request's category.
        if !profile.categories.contains(job.categoryID) { failed.append("ELIG-3") }
        // ELIG-4: haversine distance within maxKms, inclusive.
        let distance = profile.position.haversineKm(to: job.position)
        if distance > profile.maxKms + distanceToleranceKm { failed.append("ELIG-4") }
        // ELIG-5: banned workers never see it.
        if job.blockedWorkers.contains(profile.userID) { failed.append("ELIG-5") }
        // ELIG-6: penalisation delay before the offer shows.
        let showAt = receivedAt + job.delaySeconds * 1000
        return EligibilityDecision(failed: failed, distanceKm: distance, showAt: showAt)
    }

    /// The largest receipt time accepted, so that receipt plus the largest `Delay` cannot overflow.
    public static let maximumReceivedAt: Int64 = Int64.max / 2

    /// Validates a vector- or adapter-style input object `{profile, job, receivedAt}` and decides it.
    ///
    /// Fields are checked in a fixed order (receivedAt, profile, job) so every implementation
    /// names the same field when several are malformed (ELIG-9).
    public static func decide(input: JSONValue) -> Result<EligibilityDecision, EligibilityInputError> {
        do throws(EligibilityInputError) {
            guard let object = input.objectValue else {
                throw EligibilityInputError(field: "input", requirement: "ELIG-9", message: "expected an object, found \(input.typeDescription)")
            }
            let reader = EligibilityFieldReader(input: object, citing: "ELIG-6")
            let receivedAt = try reader.integer("receivedAt", in: 0...maximumReceivedAt)
            _ = try reader.citing("ELIG-9").object("profile")
            _ = try reader.citing("ELIG-9").object("job")
            let profile = try WorkerProfile(json: object["profile"])
            let job = try JobOffer(json: object["job"])
            return .success(decide(profile: profile, job: job, receivedAt: receivedAt))
        } catch {
            return .failure(error)
        }
    }
}
