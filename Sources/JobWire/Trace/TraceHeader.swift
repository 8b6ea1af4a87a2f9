import SocketIOWire

/// The first line of a trace: the format version, the roles whose events follow, and the
/// parameters in force (timeout and tolerances of TIME-2 and TIME-10, event names, rooms, paths).
///
/// Every parameter has the default of PROTOCOL.md's Configuration section or of Docs/TRACE.md,
/// so `{"format":"jobwire-trace","version":1,"roles":["client"]}` is a complete header.
public struct TraceHeader: Sendable {
    /// The value of `format`.
    public static let formatName = "jobwire-trace"
    /// The version this kit reads.
    public static let currentVersion: Int64 = 1

    /// The roles that recorded events in this trace.
    public var roles: Set<TraceRole>
    /// `timeoutMs`: how long the client waits for an `apply` (TIME-2), default 600000.
    public var timeoutMs: Int64 = 600_000
    /// `cancelToleranceMs`: how late after the deadline the timeout cancel may go (TIME-2, TIME-6), default 2000.
    public var cancelToleranceMs: Int64 = 2_000
    /// `clockSkewToleranceMs`: allowed disagreement between actors' clocks (TIME-10), default 250.
    public var clockSkewToleranceMs: Int64 = 250
    /// `emitToleranceMs`: how long after its REST answer the backend may take to emit the event
    /// the answer announces (FLOW-4, FLOW-8, FLOW-9), default 2000 (Docs/TRACE.md).
    public var emitToleranceMs: Int64 = 2_000
    /// `reactionToleranceMs`: how long an app may take to react on screen to an answer or an event
    /// (an alert after a failed WorkerAccept, ALERT-3; the timeout alert, ALERT-10), default 2000.
    public var reactionToleranceMs: Int64 = 2_000
    /// `retainMs`: how long the checker keeps a request's full state after it was cancelled or closed (then its
    /// tombstone, Docs/TRACE.md "Memory and retention"), default 60000.
    public var retainMs: Int64 = 60_000
    /// `reconnectMs`: how long a running, online app may stay disconnected after a drop before it
    /// tries to connect again (STATE-9), default 15000 (PROTOCOL.md's Configuration).
    public var reconnectMs: Int64 = 15_000
    /// `reconnectMaxMs`: the longest gap between an app's reconnection attempts while they fail (STATE-9), default 45000.
    public var reconnectMaxMs: Int64 = 45_000
    /// `events`, `namespace`, `rooms.channel` and `paths`: the names of the deployment that
    /// recorded the trace; PROTOCOL.md's by default. Its `timeoutMs` is not written: the header's
    /// own ``timeoutMs`` is the timeout in force. Its `clockFixture` is, when not the default: FIX-4
    /// judges the clock fixture's answers.
    public var profile = ProtocolProfile.standard
    /// `sessionTtlMs`: how long a sign-up's or plain log-in's token lives (TASK-4), default 1 day;
    /// a settings answer in the trace (FIX-5) overrides it from there on.
    public var sessionTtlMs: Int64 = 86_400_000
    /// `rememberMeTtlMs`: how long a remember-me token lives (TASK-4), default 30 days.
    public var rememberMeTtlMs: Int64 = 2_592_000_000
    /// `taskCancelCutoffMs`: how long before a task's earliest date a cancel of an assigned task
    /// is refused (TASK-13), default 2 days.
    public var taskCancelCutoffMs: Int64 = 172_800_000
    /// `profiles`: worker profiles known before the first event, by worker id (ELIG-8, ELIG-10).
    public var profiles: [String: JSONValue] = [:]
    /// `description`: free text.
    public var description: String?
    /// `subject`: the roles under test. Rules about the other roles are skipped, so a trace the
    /// kit recorded while playing the apps (`jobwire verify`) judges only the backend. Default: every role.
    public var subject: Set<TraceRole> = Set(TraceRole.allCases)
    /// `unknown.requests`: request ids the recorder made up, which the backend cannot know (REST-11).
    public var unknownRequests: Set<String> = []
    /// `unknown.workers`: worker ids the recorder made up, which the backend cannot know (REST-11).
    public var unknownWorkers: Set<String> = []
    /// `unknown.tokens`: bearer tokens the recorder made up, which the backend never issued (TASK-6).
    public var unknownTokens: Set<String> = []
    /// `unknown.emails`: emails the recorder made up, which no account has (TASK-1).
    public var unknownEmails: Set<String> = []

    /// A header for `roles` with every parameter at its default.
    public init(roles: Set<TraceRole>) {
        self.roles = roles
    }

    /// The largest tolerance a rule waits for; requests are retained at least this long after they end.
    var longestWindowMs: Int64 {
        max(cancelToleranceMs, emitToleranceMs, reactionToleranceMs) + 2 * clockSkewToleranceMs
    }
}
