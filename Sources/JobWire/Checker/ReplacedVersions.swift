/// What a record the backend holds (a task, an account, a worker's record) held before each of
/// its last writes, with when and by whom each replacing write's answer was recorded. A backend
/// may read a record before a write lands and answer after it, so a read sent before a write was
/// answered may show the record as it stood before that write (REST-17, TASK-19 to TASK-21,
/// TASK-23, TASK-26); one sent after it may not.
///
/// At most ``kept`` versions are kept per record: a read in flight across more writes than that
/// to one record is rare enough to be left unjudged rather than kept for.
struct ReplacedVersions<Version: Sendable>: Sendable {
    private var versions: [(version: Version, replacedAt: Int64, replacedBy: TraceActor)] = []
    /// True once older versions went.
    private var forgot = false

    /// How many replaced versions a record keeps.
    static var kept: Int { 32 }

    /// Notes that a write whose answer `actor` recorded at `ts` replaced `version`.
    mutating func replace(_ version: Version, at ts: Int64, by actor: TraceActor) {
        versions.append((version, ts, actor))
        if versions.count > Self.kept {
            versions.removeFirst()
            forgot = true
        }
    }

    /// The versions a read that `actor` recorded sent (or received) at `sentAt` may show besides
    /// the current one, oldest first: those a write replaced after the read was sent, as far as
    /// the clocks tell (`skew` apart when another actor recorded that write's answer). Nil when
    /// the read was sent before the oldest version kept was replaced and older ones went: what it
    /// may show is no longer known.
    func inFlight(sentAt: Int64, by actor: TraceActor, skew: Int64) -> [Version]? {
        let later = versions.filter { sentAt < $0.replacedAt + ($0.replacedBy == actor ? 0 : skew) }
        if forgot, later.count == versions.count { return nil }
        return later.map(\.version)
    }
}

extension ReplacedVersions {
    /// Notes that the task-API write answered at `answer` replaced `version`.
    mutating func replace(_ version: Version, by answer: TaskAnswer) {
        replace(version, at: answer.ts, by: answer.actor)
    }

    /// The versions the task-API read `answer` may show besides the current one (``inFlight(sentAt:by:skew:)``).
    func inFlight(for answer: TaskAnswer, skew: Int64) -> [Version]? {
        inFlight(sentAt: answer.requestTs, by: answer.actor, skew: skew)
    }
}
