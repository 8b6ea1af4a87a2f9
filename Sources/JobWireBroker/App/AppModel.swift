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
