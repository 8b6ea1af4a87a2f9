/// The outcome of the six eligibility rules for one worker and one offer (ELIG-1 ... ELIG-6).
public struct EligibilityDecision: Sendable, Hashable {
    /// Every rule the offer failed, in requirement order; empty when eligible.
    public var failed: [RequirementID]
    /// The haversine distance between worker and job, in kilometres (ELIG-4).
    public var distanceKm: Double
    /// The earliest time the offer may show, in ms since the epoch: receipt plus `Delay` (ELIG-6).
    public var showAt: Int64

    public init(failed: [RequirementID], distanceKm: Double, showAt: Int64) {
        self.failed = failed.sorted()
        self.distanceKm = distanceKm
        self.showAt = showAt
    }

    /// True when no rule failed: the worker app may show the offer from ``showAt`` on.
    public var eligible: Bool { failed.isEmpty }
}
