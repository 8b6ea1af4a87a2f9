/// An app's logic as a state machine over the scenario protocol: launched with an ``AppConfig``,
/// fed ``AppInput``s with the current time, answering with the ``AppAction``s it performed.
///
/// The kit's scripted client and workers are ``ReferenceClientApp`` and ``ReferenceWorkerApp``;
/// an adapter wraps a team's own app logic in the same shape, over stdin and stdout.
public protocol AppModel: Sendable {
    /// The app as launched for a scenario; `faults` switch on deliberate mistakes for tests.
    init(config: AppConfig, faults: AppFaults)
    /// The first launch: what the app does on its own at `now`.
    mutating func launch(now: Int64) -> [AppAction]
    /// Handles one input at `now`.
    mutating func handle(_ input: AppInput, now: Int64) -> [AppAction]
}

/// Deliberate mistakes the reference apps can be switched into, so tests can prove each is
/// caught with the right requirement id (the Swift twin of the wrong example adapters'
/// `--bug NAME`). Never on in the kit's own scripted roles.
public struct AppFaults: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A failure alert after the view change: the worker's failed WorkerAccept (ALERT-1), the client's timeout (ALERT-10).
    public static let failureAlertAfterView = AppFaults(rawValue: 1 << 0)
    /// The client never sends the timeout cancel (TIME-2).
    public static let noTimeoutCancel = AppFaults(rawValue: 1 << 1)
    /// The client restarts its timer after a restart or a return from the background (TIME-7, TIME-6).
    public static let timerRestarted = AppFaults(rawValue: 1 << 2)
    /// The worker shows channel offers it decided it is not eligible for (ELIG-1 ... ELIG-5).
    public static let ineligibleShown = AppFaults(rawValue: 1 << 3)
    /// The worker shows a discarded offer again when it comes back (DISC-2, DISC-3).
    public static let discardShownAgain = AppFaults(rawValue: 1 << 4)

    /// The faults by the names the wrong example adapters use for `--bug`.
    public static let byName: [String: AppFaults] = [
        "failure-alert-after-view": .failureAlertAfterView, "no-timeout-cancel": .noTimeoutCancel,
        "timer-restarted": .timerRestarted, "ineligible-shown": .ineligibleShown, "discard-shown-again": .discardShownAgain,
    ]
}
