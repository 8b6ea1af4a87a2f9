import JobWire

/// The history's retention (REST-16): an ended request stays readable for `historyRetentionMs`
/// after it ended, then the backend forgets it, so memory follows the requests of the last day
/// rather than every request ever posted.
extension JobDispatchBackend {
    /// The least retention REST-16 allows: one day after the request ended.
    public static let minimumHistoryRetentionMs: Int64 = HistoryRetention.minimumMs

    /// Records that `request` ended at `now`, if it did, for ``forgetEnded(now:)``.
    mutating func noteIfEnded(_ request: RequestRecord, now: Int64) {
        switch request.state {
        case .cancelled, .closed: ended.append((request.reqID, now))
        case .open, .won: return
        }
    }

    /// Forgets every request that ended `historyRetentionMs` or more before `now`: REST-15 then
    /// answers it `not_found` and REST-16 no longer lists it. Costs only the requests forgotten.
    public mutating func forgetEnded(now: Int64) {
        while endedHead < ended.count, ended[endedHead].atMs + historyRetentionMs <= now {
            requests[ended[endedHead].reqID] = nil
            endedHead += 1
        }
        // Drop the judged entries once they are half the queue, so it stays as long as the requests kept.
        if endedHead > 0, endedHead * 2 >= ended.count {
            ended.removeFirst(endedHead)
            endedHead = 0
        }
    }
}
