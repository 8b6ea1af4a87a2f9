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
    /// The scenario is over; the capture ends at this time.
    case finished(at: Int64)
}
