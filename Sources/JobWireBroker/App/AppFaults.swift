import JobWire

/// Deliberate mistakes the reference apps can be switched into, so tests can prove each is
/// caught with the right requirement id (the Swift twin of the wrong example adapters'
/// `--bug NAME`). Never on in the kit's own scripted roles; ``named`` declares the ids each breaks.
public struct AppFaults: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A failure alert after the view change: the worker's failed WorkerAccept, the client's timeout.
    public static let failureAlertAfterView = AppFaults(rawValue: 1 << 0)
    /// The client never sends the timeout cancel.
    public static let noTimeoutCancel = AppFaults(rawValue: 1 << 1)
    /// The client restarts its timer after a restart or a return from the background.
    public static let timerRestarted = AppFaults(rawValue: 1 << 2)
    /// The worker shows channel offers it decided it is not eligible for.
    public static let ineligibleShown = AppFaults(rawValue: 1 << 3)
    /// The worker shows a discarded offer again when it comes back.
    public static let discardShownAgain = AppFaults(rawValue: 1 << 4)
    /// The app reads no request's state when it comes back or reconnects (STATE-6).
    public static let noStateRead = AppFaults(rawValue: 1 << 5)
    /// The app ignores what a state read answers (STATE-7).
    public static let stateReadIgnored = AppFaults(rawValue: 1 << 6)
    /// Back from a restart or the background, the client shows no waiting view (STATE-1).
    public static let waitingNotShownAgain = AppFaults(rawValue: 1 << 7)
    /// Back from a restart or the background, the app shows no Work in Progress view (STATE-2).
    public static let workInProgressNotShownAgain = AppFaults(rawValue: 1 << 8)
    /// Back from a restart, the client sends its answered cancel again (STATE-3).
    public static let cancelRepeated = AppFaults(rawValue: 1 << 9)
    /// Back from a restart, the client shows the waiting view of a request it cancelled (STATE-4).
    public static let endedShownAgain = AppFaults(rawValue: 1 << 10)
    /// The client lets its socket go once its post succeeded (STATE-8).
    public static let socketLetGo = AppFaults(rawValue: 1 << 11)
    /// The worker refuses a `new` carrying a member it does not know (MSG-12).
    public static let unknownFieldRefused = AppFaults(rawValue: 1 << 12)
    /// The worker shows an offer it refused as malformed (MSG-13).
    public static let malformedShown = AppFaults(rawValue: 1 << 13)
    /// The worker never reads its meProfile (ELIG-12).
    public static let noProfileRead = AppFaults(rawValue: 1 << 14)

    /// Every fault by the name the wrong example adapters use for `--bug`, with the requirement
    /// ids the checker finds violated over every shipped scenario run in virtual time against the
    /// reference apps with it on, exactly (AppFaultsTests proves each).
    public static let named: [NamedFault<AppFaults>] = [
        NamedFault("failure-alert-after-view", .failureAlertAfterView, breaks: ["ALERT-1", "ALERT-10"]),
        NamedFault("no-timeout-cancel", .noTimeoutCancel, breaks: ["TIME-2", "TIME-6"]),
        NamedFault("timer-restarted", .timerRestarted, breaks: ["TIME-6", "TIME-7"]),
        NamedFault("ineligible-shown", .ineligibleShown, breaks: ["ELIG-3"]),
        NamedFault("discard-shown-again", .discardShownAgain, breaks: ["DISC-2"]),
        NamedFault("no-state-read", .noStateRead, breaks: ["STATE-6"]),
        NamedFault("state-read-ignored", .stateReadIgnored, breaks: ["STATE-7"]),
        NamedFault("waiting-not-shown-again", .waitingNotShownAgain, breaks: ["STATE-1"]),
        NamedFault("wip-not-shown-again", .workInProgressNotShownAgain, breaks: ["STATE-2"]),
        NamedFault("cancel-repeated", .cancelRepeated, breaks: ["STATE-3"]),
        NamedFault("ended-shown-again", .endedShownAgain, breaks: ["STATE-4"]),
        NamedFault("socket-let-go", .socketLetGo, breaks: ["STATE-8"]),
        NamedFault("unknown-field-refused", .unknownFieldRefused, breaks: ["MSG-12"]),
        NamedFault("malformed-shown", .malformedShown, breaks: ["MSG-13"]),
        NamedFault("no-profile-read", .noProfileRead, breaks: ["ELIG-12"]),
    ]

    /// The faults by name.
    public static let byName: [String: AppFaults] = Dictionary(uniqueKeysWithValues: named.map { ($0.name, $0.fault) })
}
