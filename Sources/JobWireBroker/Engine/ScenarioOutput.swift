import JobWire
import SocketIOWire

/// What the ``ScenarioEngine`` asks its driver to do: write a capture line, hand the app under
/// test an input, tell the user something, or end.
public enum ScenarioOutput: Sendable {
    /// One capture event, in the order the lines must be written.
    case record(TraceEvent)
    /// An input for the app under test: an adapter's `input` message, or for a live app a Socket.IO
    /// event, an HTTP answer or a `jobwire:control` event.
    case toApp(AppInput)
    /// Something for the person running the scenario, such as a step that could not run.
    case note(String)
    /// An event the app under test reported that no trace can hold (a field missing or of the
    /// wrong type), and why: nothing was recorded. An adapter run ends as broken; a live session
    /// notes it.
    case refused(String)
    /// A step never ran: the moment it waited for did not come, or its alias was never posted.
    /// It fails the scenario (Docs/BROKER.md, "The end").
    case stepFailed(ScenarioStepFailure)
    /// The scenario is over; the capture ends at this time.
    case finished(at: Int64)
}

/// A step of a scenario that never ran, and why: it fails the scenario as the case
/// `SCENARIO:steps[N]`, which names no requirement (the step's script could not go on, so what
/// was left untested is unknown).
public struct ScenarioStepFailure: Sendable, Hashable, CustomStringConvertible {
    /// The scenario's name.
    public var scenario: String
    /// The step's index in `steps`.
    public var index: Int
    /// The step's `do`.
    public var action: String
    /// The scenario file and the step's line.
    public var location: String
    /// Why it never ran: `r1.shown@w-1 did not happen`, `r1 was never posted` ...
    public var reason: String

    /// The failure of `step` of `scenario`, for `reason`.
    public init(scenario: Scenario, step: ScenarioStep, reason: String) {
        self.scenario = scenario.name
        index = step.index
        action = step.action.name
        location = "\(scenario.file):\(step.line)"
        self.reason = reason
    }

    /// The case id: `worker-happy:steps[1]`.
    public var caseID: String { "\(scenario):steps[\(index)]" }

    /// `worker-happy steps[1] (accept) never ran: r1.shown@w-1 did not happen`.
    public var description: String { "\(scenario) steps[\(index)] (\(action)) never ran: \(reason)" }
}
