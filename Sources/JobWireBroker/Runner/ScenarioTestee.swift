import JobWire

/// What an app under test answered to `start` or an input.
public enum ScenarioAnswer: Sendable {
    /// The actions it performed.
    case actions([AppAction])
    /// It broke the protocol (hung, exited, answered nonsense); the message says how.
    case broken(String)
}

/// An app under test in a virtual-time run: an adapter program (``AdapterScenarioTestee``) or a
/// model in this process (``ReferenceAppTestee``).
public protocol ScenarioTestee: Sendable {
    /// The name it reports under.
    var name: String { get async }
    /// Whether it plays apps of `role`; scenarios of the other role are skipped.
    func plays(_ role: TraceRole) async -> Bool
    /// Launches the app for a scenario.
    func start(_ config: AppConfig, now: Int64) async -> ScenarioAnswer
    /// Hands the app one input at `now`.
    func handle(_ input: AppInput, now: Int64) async -> ScenarioAnswer
    /// Releases what it holds; returns a problem to report, if any.
    func finish() async -> String?
}

/// The kit's reference apps as the app under test, optionally with deliberate faults: the
/// built-in testee of `jobwire scenario run` and the fake apps of the tests.
public actor ReferenceAppTestee: ScenarioTestee {
    private let faults: AppFaults
    private var client: ReferenceClientApp?
    private var worker: ReferenceWorkerApp?

    /// The reference apps, with deliberate `faults` for the wrong fake app of the tests.
    public init(faults: AppFaults = []) { self.faults = faults }

    public var name: String { faults.isEmpty ? "builtin JobWire \(JobWireInfo.version) reference apps" : "reference apps with faults " + AppFaults.named.filter { faults.contains($0.fault) }.map(\.name).joined(separator: ", ") }

    public func plays(_ role: TraceRole) -> Bool { role != .backend }

    public func start(_ config: AppConfig, now: Int64) -> ScenarioAnswer {
        // A new scenario: the app of the previous one, whichever role it had, is gone.
        worker = nil
        client = nil
        if config.role == .worker {
            var app = ReferenceWorkerApp(config: config, faults: faults)
            defer { worker = app }
            return .actions(app.launch(now: now))
        }
        var app = ReferenceClientApp(config: config, faults: faults)
        defer { client = app }
        return .actions(app.launch(now: now))
    }

    public func handle(_ input: AppInput, now: Int64) -> ScenarioAnswer {
        if worker != nil { return .actions(worker!.handle(input, now: now)) }
        if client != nil { return .actions(client!.handle(input, now: now)) }
        return .broken("the app was not started")
    }

    public func finish() -> String? { nil }
}
