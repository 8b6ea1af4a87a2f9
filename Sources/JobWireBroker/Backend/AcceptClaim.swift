import JobWire

/// What the read half of a WorkerAccept decided: this worker may win this request, as of `now`.
public struct AcceptClaim: Sendable, Hashable {
    public var reqID: String
    public var workerID: CanonicalID
    /// The backend time the claim was read at.
    public var now: Int64
}

/// What the write half of a WorkerAccept reads again before it writes the winner.
public struct AcceptRecheck: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// That no other worker won meanwhile (FLOW-3).
    public static let winner = AcceptRecheck(rawValue: 1 << 0)
    /// That nobody cancelled or closed the request meanwhile (FLOW-7).
    public static let ended = AcceptRecheck(rawValue: 1 << 1)
    /// Both: nothing the claim read can have gone stale.
    public static let all: AcceptRecheck = [.winner, .ended]
}
