import JobWire
import SocketIOWire

/// The backend side of a capture, as `jobwire broker --replay` serves it: each thing an app did
/// (connected, called REST, emitted, disconnected on its own) with what the recording answered, and the server-side events
/// the apps received after it, in the capture's order, each with the room it was sent to.
public struct RecordedScript: Sendable {
    /// One thing an app did in the recording.
    public struct Step: Sendable {
        /// What the app did.
        public enum Action: Sendable, Hashable {
            /// A Socket.IO connection the backend accepted.
            case connect
            /// A REST call, with the recorded answer (nil when the backend never answered).
            case call(method: String, path: String, body: JSONValue?, status: Int64?, answer: JSONValue?)
            /// A Socket.IO event the app sent.
            case emit(event: String, payload: JSONValue?)
            /// The app closed its Socket.IO connection itself (`io.disconnected` with reason
            /// `client`): everything it sent on it, its reports included, came before.
            case disconnect
        }

        /// The line of the capture.
        public var line: Int
        /// When the app did it, on the recording's clock.
        public var ts: Int64
        /// The app.
        public var actor: TraceActor
        /// What it did.
        public var action: Action
        /// The events the apps received next in the recording, before any app's next step.
        public var pushes: [Push]
    }

    /// An event the backend sent an app.
    public struct Push: Sendable, Hashable {
        /// The line of the capture.
        public var line: Int
        /// The user id of the app that received it.
        public var to: String
        /// The room it was sent to: the receiver's own (`to`), or the channel (``RecordedRooms``).
        public var room: String
        /// The event name.
        public var event: String
        /// Its argument.
        public var payload: JSONValue

        /// An event for `to`, sent to `room` (the receiver's own room when nil).
        public init(line: Int, to: String, event: String, payload: JSONValue, room: String? = nil) {
            self.line = line
            self.to = to
            self.room = room ?? to
            self.event = event
            self.payload = payload
        }
    }

    /// The steps, in the capture's order.
    public var steps: [Step]
    /// Events received before any app step (sent as soon as their app connects).
    public var opening: [Push]

    /// The script of a capture's app-side lines (`jobwire record`'s, or any trace's client and
    /// worker lines), its events' rooms read with the names of `profile` (the capture's header's).
    public init(events: [TraceEvent], profile: ProtocolProfile = .standard) {
        var steps: [Step] = []
        var opening: [Push] = []
        var rooms = RecordedRooms(profile: profile)
        let answers = RecordedAnswers(events: events)
        for event in events {
            let action: Step.Action
            if event.actor.role == .backend {
                rooms.backend(event)
                continue
            }
            switch event.body {
            case .connected:
                action = .connect
            case .httpRequest(let request):
                let answer = answers[event.actor, request.xid]?.record
                rooms.call(body: request.body, answer: answer?.body)
                action = .call(method: request.method, path: request.path, body: request.body, status: answer?.status, answer: answer?.body)
            case .socketOut(let message):
                action = .emit(event: message.event, payload: message.payload)
            case .disconnected(let record) where record.reason == .client:
                action = .disconnect
            case .socketIn(let message):
                guard let id = event.actor.id else { continue }
                let payload = message.payload ?? .null
                let room = rooms.received(message.event, payload, by: TraceActor(event.actor.role, id: id))
                let push = Push(line: event.line, to: id, event: message.event, payload: payload, room: room)
                if steps.isEmpty { opening.append(push) } else { steps[steps.count - 1].pushes.append(push) }
                continue
            default:
                continue
            }
            steps.append(Step(line: event.line, ts: event.ts, actor: event.actor, action: action, pushes: []))
        }
        self.steps = steps
        self.opening = opening
    }

    /// The roles of the apps the recording shows doing something: the apps a served session judges.
    public var appRoles: Set<TraceRole> { Set(steps.map(\.actor.role)) }
}
