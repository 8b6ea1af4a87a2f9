import JobWire
import SocketIOWire

/// A capture read as what its apps did and what they got back: the steps `jobwire replay` plays
/// (connections, emits, REST calls, disconnections, in the recorded order with their recorded
/// times) and the answers and events it compares the new backend's with (Docs/RECORD.md).
public struct ReplayScript: Sendable {
    /// The capture's header: its names (the profile) and tolerances.
    public var header: TraceHeader
    /// The capture as messages name it.
    public var file: String
    /// What the apps did, in line order.
    public var steps: [ReplayStep]
    /// Every `io.in` of the capture, in line order; steps wait for them by index.
    public var events: [ReplayExpectedEvent]
    /// Every app's `http.response`, by the app and the xid of its request.
    public var answers: RecordedAnswers

    /// Reads the capture at `path` (`displayPath` names it in messages).
    public static func load(path: String, displayPath: String? = nil) throws(InputError) -> ReplayScript {
        try read(file: displayPath ?? path) { (body: (TraceReader.Item) throws(InputError) -> Void) throws(InputError) in
            try TraceReader.read(path: path, displayPath: displayPath, body)
        }
    }

    /// Reads a capture held in memory, called `file` in messages.
    public static func parse(text: String, file: String) throws(InputError) -> ReplayScript {
        try read(file: file) { (body: (TraceReader.Item) throws(InputError) -> Void) throws(InputError) in
            try TraceReader.read(text: text, file: file, body)
        }
    }

    private static func read(file: String, _ reading: ((TraceReader.Item) throws(InputError) -> Void) throws(InputError) -> Void) throws(InputError) -> ReplayScript {
        var header: TraceHeader?
        var lines: [TraceEvent] = []
        try reading { (item: TraceReader.Item) throws(InputError) in
            switch item {
            case .header(let read): header = read
            case .event(let event): lines.append(event)
            }
        }
        guard let header else { throw InputError(file: file, message: "holds no header") }
        return ReplayScript(header: header, file: file, lines: lines)
    }

    /// The script of a capture's header and events.
    public init(header: TraceHeader, file: String, lines: [TraceEvent]) {
        self.header = header
        self.file = file
        steps = []
        events = []
        answers = RecordedAnswers(events: lines)
        // Apps whose `io.connecting` was seen and whose `io.connected` is still to come.
        var connecting: Set<TraceActor> = []
        for event in lines where event.actor.role != .backend {
            switch event.body {
            case .connecting(let connection):
                let accepted = lines.contains { later in
                    guard later.line > event.line, later.actor == event.actor, case .connected = later.body else { return false }
                    return true
                }
                connecting.insert(event.actor)
                steps.append(ReplayStep(line: event.line, ts: event.ts, actor: event.actor, action: .connect(auth: connection.auth?.objectValue, namespace: connection.namespace, accepted: accepted)))
            case .connected(let connection) where connecting.remove(event.actor) == nil:
                // A recorder that writes only the accepted connection (jobwire verify's apps, an app's own trace).
                steps.append(ReplayStep(line: event.line, ts: event.ts, actor: event.actor, action: .connect(auth: connection.auth?.objectValue, namespace: connection.namespace, accepted: true)))
            case .socketOut(let message):
                steps.append(ReplayStep(line: event.line, ts: event.ts, actor: event.actor, action: .emit(message)))
            case .httpRequest(let request):
                steps.append(ReplayStep(line: event.line, ts: event.ts, actor: event.actor, action: .call(request)))
            case .disconnected(let connection) where connection.reason == .client:
                steps.append(ReplayStep(line: event.line, ts: event.ts, actor: event.actor, action: .disconnect))
            case .socketIn(let message):
                let occurrence = events.filter { $0.actor == event.actor && $0.message.event == message.event }.count
                events.append(ReplayExpectedEvent(line: event.line, actor: event.actor, message: message, occurrence: occurrence))
            default:
                break
            }
        }
        for index in steps.indices { steps[index].waitsFor = dependencies(of: steps[index]) }
    }

    /// The recorded events a step must see before it is played: on a disconnection, every event
    /// its app received before it on the recording (an app leaves once it has what it waited for);
    /// on any other step, every earlier event that carried an id the step uses (an accept waits
    /// for the `new` that named its ReqID), which is what `--fast` keeps of the recorded order.
    func dependencies(of step: ReplayStep) -> [Int] {
        let used = step.usedValues
        return events.indices.filter { index in
            let event = events[index]
            guard event.line < step.line else { return false }
            if case .disconnect = step.action { return event.actor == step.actor }
            return !ReplayIDMap.assignedIDs(in: event.message.payload).isDisjoint(with: used)
        }
    }
}

/// One thing an app did on the recording.
public struct ReplayStep: Sendable {
    /// What it was.
    public enum Action: Sendable {
        /// A Socket.IO connection with the handshake's `auth`; `accepted` when the backend accepted it.
        case connect(auth: JSONObject?, namespace: String, accepted: Bool)
        /// An event the app emitted.
        case emit(SocketMessage)
        /// A REST call.
        case call(HTTPRequestRecord)
        /// The app closed its connection.
        case disconnect
    }

    /// Its line in the capture.
    public var line: Int
    /// Its recorded time.
    public var ts: Int64
    /// The app.
    public var actor: TraceActor
    /// What it did.
    public var action: Action
    /// Indices into ``ReplayScript/events`` this step waits for.
    public var waitsFor: [Int] = []

    /// Every text the step sends (path segments, string members, the bearer), to find what it depends on.
    var usedValues: Set<String> {
        switch action {
        case .connect(let auth, _, _): return ReplayIDMap.texts(in: auth.map(JSONValue.object))
        case .emit(let message): return ReplayIDMap.texts(in: message.payload)
        case .call(let request):
            var texts = ReplayIDMap.texts(in: request.body)
            for segment in request.path.split(whereSeparator: { "/?&=".contains($0) }) { texts.insert(String(segment)) }
            if let bearer = request.bearer { texts.insert(bearer) }
            return texts
        case .disconnect: return []
        }
    }
}

/// An event an app received on the recording: the `occurrence`-th of its name on that app.
public struct ReplayExpectedEvent: Sendable {
    /// Its line in the capture.
    public var line: Int
    /// The app that got it.
    public var actor: TraceActor
    /// The event and its payload.
    public var message: SocketMessage
    /// How many events of its name that app got before it.
    public var occurrence: Int
}
