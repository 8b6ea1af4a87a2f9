import JobWire

/// One case of `jobwire verify`: the requirements it names, what it needs from the backend, and
/// a body that drives a client app and worker apps against it. The body only acts and records;
/// the verdict is the checker's, on the whole run's trace, under whatever ids its lines break
/// (``VerifyJudgement``); the ids a case names say what it sets out to try.
public struct VerifyCase: Sendable {
    /// What a case needs that a backend may lack.
    public enum Need: String, Sendable, Hashable {
        /// `paths.workerFixture` (FIX-1): workers with given profiles.
        case workerFixture
        /// `paths.clientFixture` (FIX-2): a client's BlockedXP and Delay.
        case clientFixture
        /// `paths.clockFixture` (FIX-4): a backend clock the run can move, so a day passes in no real time.
        case clockFixture
    }

    /// When a case may run.
    public enum Lane: Sendable, Hashable {
        /// Beside the other cases.
        case concurrent
        /// Beside the other race cases only, after the concurrent ones: a channel `new` reaches
        /// every worker connected, so beside the other cases a race case's racers would receive all
        /// their broadcasts and every other worker its own; and its hundreds of requests, posted
        /// before the other cases' getJobs reads, would be weighed by every read (ELIG-8).
        case race
        /// Alone, after everything else: it lets the client's timeout pass.
        case timed
    }

    /// A stable id, e.g. `race`.
    public var id: String
    /// What it checks, in one line.
    public var title: String
    /// The requirements it checks; their area groups the report.
    public var requirements: [RequirementID]
    public var needs: Set<Need>
    public var lane: Lane
    /// The steps.
    public var body: @Sendable (VerifySession) async throws -> Void

    public init(
        _ id: String, _ title: String, _ requirements: [RequirementID], needs: Set<Need> = [], lane: Lane = .concurrent,
        body: @escaping @Sendable (VerifySession) async throws -> Void
    ) {
        self.id = id
        self.title = title
        self.requirements = requirements
        self.needs = needs
        self.lane = lane
        self.body = body
    }

    /// The area of its first requirement, which groups it in the report.
    public var area: String { requirements.first?.area ?? "MISC" }
}

/// A step of a case that could not be taken, e.g. a post request the backend refused.
public struct VerifyStepError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
