/// What a record of the task API (a task, an account) held before each of its last writes, with
/// when and by whom each replacing write's answer was recorded. A backend may read a record
/// before a write lands and answer after it, so a read sent before a write was answered may show
/// the record as it stood before that write (TASK-19 to TASK-21, TASK-23, TASK-26); one sent after
/// it may not.
///
/// At most ``kept`` versions are kept per record: a read in flight across more writes than that
/// to one record is rare enough to be left unjudged rather than kept for.
struct ReplacedVersions<Version: Sendable>: Sendable {
    private var versions: [(version: Version, replacedAt: Int64, replacedBy: TraceActor)] = []
    /// True once older versions went.
    private var forgot = false

    /// How many replaced versions a record keeps.
    static var kept: Int { 32 }

    /// Notes that the write answered at `answer` replaced `version`.
    mutating func replace(_ version: Version, by answer: TaskAnswer) {
        versions.append((version, answer.ts, answer.actor))
        if versions.count > Self.kept {
            versions.removeFirst()
            forgot = true
        }
    }

    /// The versions a read `answer` may show besides the current one, oldest first: those a write
    /// replaced after the read was sent, as far as the clocks tell (`skew` apart when another
    /// actor recorded that write's answer). Nil when the read was sent before the oldest version
    /// kept was replaced and older ones went: what it may show is no longer known.
    func inFlight(for answer: TaskAnswer, skew: Int64) -> [Version]? {
        let later = versions.filter { answer.requestTs < $0.replacedAt + ($0.replacedBy == answer.actor ? 0 : skew) }
        if forgot, later.count == versions.count { return nil }
        return later.map(\.version)
    }
}
