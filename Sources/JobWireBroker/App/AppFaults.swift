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
    /// The app takes an answer that never came (a transport error: `reset`, `timeout`,
    /// `malformed`) as no answer at all: it shows nothing and stays where it was. A high bit, so
    /// faults added beside it elsewhere do not collide.
    public static let transportErrorIgnored = AppFaults(rawValue: 1 << 40)

    /// Every fault by the name the wrong example adapters use for `--bug`, with the requirement
    /// ids the checker finds violated over every shipped scenario run in virtual time against the
    /// reference apps with it on, exactly (AppFaultsTests proves each).
    public static let named: [NamedFault<AppFaults>] = [
        NamedFault("failure-alert-after-view", .failureAlertAfterView, breaks: ["ALERT-1", "ALERT-10"]),
        NamedFault("no-timeout-cancel", .noTimeoutCancel, breaks: ["TIME-2", "TIME-6"]),
        NamedFault("timer-restarted", .timerRestarted, breaks: ["TIME-6", "TIME-7"]),
        NamedFault("ineligible-shown", .ineligibleShown, breaks: ["ELIG-3"]),
        NamedFault("discard-shown-again", .discardShownAgain, breaks: ["DISC-2"]),
        NamedFault("transport-error-ignored", .transportErrorIgnored, breaks: ["ALERT-3", "ALERT-10"]),
    ]

    /// The faults by name.
    public static let byName: [String: AppFaults] = Dictionary(uniqueKeysWithValues: named.map { ($0.name, $0.fault) })
}
