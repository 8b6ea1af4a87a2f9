import JobWire
import SocketIOWire

/// What the ``ScenarioEngine`` asks its driver to do: write a capture line, hand the app under
/// test an input, tell the user something, or end.
public enum ScenarioOutput: Sendable {
    /// One capture line, in the order the lines must be written.
    case record(CaptureLine)
    /// An input for the app under test: an adapter's `input` message, or for a live app a Socket.IO
    /// event, an HTTP answer or a `jobwire:control` event.
    case toApp(AppInput)
    /// Something for the person running the scenario, such as a step that could not run.
    case note(String)
    /// The scenario is over; the capture ends at this time.
    case finished(at: Int64)
}

/// One capture line before it is written: the TRACE.md event of `actor` at `ts`.
public struct CaptureLine: Sendable {
    /// Milliseconds since the epoch on the broker's clock.
    public var ts: Int64
    /// Who did it.
    public var actor: TraceActor
    /// The event kind.
    public var kind: TraceEventKind
    /// The kind's fields, in order.
    public var fields: JSONObject

    /// The event `kind` of `actor` at `ts` with `fields`.
    public init(ts: Int64, actor: TraceActor, kind: TraceEventKind, fields: JSONObject = [:]) {
        self.ts = ts
        self.actor = actor
        self.kind = kind
        self.fields = fields
    }

    /// The line's JSON object: `ts`, `actor`, `id`, `kind`, then the fields.
    public var json: JSONValue {
        var object: JSONObject = ["ts": .int(ts), "actor": .string(actor.role.rawValue)]
        if let id = actor.id { object["id"] = .string(id) }
        object["kind"] = .string(kind.rawValue)
        object.members += fields.members
        return .object(object)
    }
}
