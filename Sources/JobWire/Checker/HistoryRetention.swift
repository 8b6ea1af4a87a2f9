/// REST-16's history retention: an ended request stays in the history, and readable in REST-15,
/// for at least one day after its `cancel` or `close`; after that a backend may forget it
/// (PROTOCOL.md, REST-16's Decision), so the checker must not blame it for doing so.
public enum HistoryRetention {
    /// The least retention REST-16 allows: one day, in milliseconds.
    public static let minimumMs: Int64 = 86_400_000

    /// Whether a backend answering by `time` may have forgotten a request that ended at `endedAt`;
    /// false for a request not ended, which is never forgotten (FLOW-15).
    static func mayForget(endedAt: Int64?, by time: Int64) -> Bool {
        guard let endedAt else { return false }
        return endedAt + minimumMs <= time
    }
}
