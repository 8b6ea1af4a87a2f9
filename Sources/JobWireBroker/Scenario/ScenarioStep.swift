import JobWire
import SocketIOWire

/// One step of a scenario: when it happens, who acts, and what they do (Docs/BROKER.md, `steps`).
public struct ScenarioStep: Sendable, Hashable {
    /// Its index in `steps`, for messages (`steps[3]`).
    public var index: Int
    /// The line of the scenario file it starts on.
    public var line: Int
    /// When it happens.
    public var timing: Timing
    /// `actor`: the app that acts, or nil for the backend's own steps.
    public var actor: String?
    /// `do` and its fields.
    public var action: Action

    /// A step as the loader reads it.
    public init(index: Int, line: Int, timing: Timing, actor: String?, action: Action) {
        self.index = index
        self.line = line
        self.timing = timing
        self.actor = actor
        self.action = action
    }

    /// `at` ms after the start, or `ms` after a trigger (`after`).
    public enum Timing: Sendable, Hashable {
        case at(Int64)
        case after(ScenarioTrigger, Int64)
    }

    /// What a step does. App actions (`post` ... `restart`, `disconnect`) go to the actor's app as a
    /// user action or lifecycle change; the others are the backend's.
    public enum Action: Sendable, Hashable {
        /// A client posts a request with these fields; `as` names it for later steps.
        case post(alias: String, request: JSONObject)
        /// A worker presses Accept (WorkerAccept, REST-3).
        case accept(req: String)
        /// A worker discards the offer (DISC-1).
        case discard(req: String)
        /// Close Request with `happy` or `unhappy` (REST-6).
        case close(req: String, outcome: String)
        /// The client cancels by hand with a reason other than `timeout` (REST-5, TIME-5).
        case cancel(req: String, reason: String)
        /// The app goes to the background.
        case background
        /// The app comes back to the foreground.
        case foreground
        /// The app is terminated and launched again.
        case restart
        /// The app's network goes away for `ms`, without a Socket.IO disconnect: events meanwhile
        /// are lost and every attempt to connect is refused until the drop is over.
        case disconnect(ms: Int64)
        /// The user presses a control of the app: an alert's OK, Work Information; a request it
        /// names is by its alias (``ScenarioStepReader/press(_:_:)``).
        case press(UserPress)
        /// The backend sends the request's `new` again, to the channel or to one worker, with
        /// `with`'s members set in its payload (an unknown member, MSG-12; a malformed one, MSG-13).
        case send(event: String, req: String, to: String, with: JSONObject)
        /// The backend answers the next matching call with a failure instead of running it.
        case fail(call: RESTCallKind, code: BackendError.Code, req: String?, from: String?)
        /// The next `event` to `to` is lost.
        case drop(event: String, to: String)
        /// The next `event` to `to` arrives `ms` later.
        case delay(event: String, to: String, ms: Int64)
        /// The scenario ends here.
        case end
        // Faults (Docs/BROKER.md, "Faults"): kept apart from the user's actions above.
        /// The app's attempts to connect are refused for `ms` from now.
        case refuseConnect(ms: Int64)
        /// The next `event` to `to` arrives twice.
        case duplicate(event: String, to: String)
        /// The next matching REST call's answer goes wrong in transport: lost after the backend
        /// ran the call, never given, or not JSON.
        case breakAnswer(AnswerFault, call: RESTCallKind, req: String?, from: String?)
        /// The app is terminated and not launched again (until a `relaunch`).
        case kill
        /// The user launches the app again after a `kill`.
        case relaunch

        /// The `do` name of the action.
        public var name: String {
            switch self {
            case .post: return "post"
            case .accept: return "accept"
            case .discard: return "discard"
            case .close: return "close"
            case .cancel: return "cancel"
            case .background: return "background"
            case .foreground: return "foreground"
            case .restart: return "restart"
            case .disconnect: return "disconnect"
            case .press(let press): return press.name
            case .send: return "send"
            case .fail: return "fail"
            case .drop: return "drop"
            case .delay: return "delay"
            case .end: return "end"
            case .refuseConnect: return "refuse-connect"
            case .duplicate: return "duplicate"
            case .breakAnswer(let fault, _, _, _): return fault.rawValue
            case .kill: return "kill"
            case .relaunch: return "relaunch"
            }
        }

        /// The request alias it names, if any.
        public var req: String? {
            switch self {
            case .accept(let req), .discard(let req), .close(let req, _), .cancel(let req, _), .send(_, let req, _, _): return req
            case .fail(_, _, let req, _), .breakAnswer(_, _, let req, _): return req
            case .press(let press): return press.req
            default: return nil
            }
        }
    }
}

/// How a REST answer goes wrong in transport (the `do` of the step that asks for it).
public enum AnswerFault: String, Sendable, Hashable, CaseIterable {
    /// `lose-answer`: the backend runs the call, then the connection resets before the answer
    /// reaches the app: the app gets a transport error `reset` (ALERT-3's third case).
    case lost = "lose-answer"
    /// `hang`: the call never reaches the backend and no answer ever comes; an app that gave the
    /// call a `timeoutMs` gets a transport error `timeout` when it passes.
    case hang = "hang"
    /// `malformed-answer`: the call never reaches the backend; a proxy answers 200 with a body that
    /// is not JSON, which the app cannot read: it gets the transport error `malformed`.
    case malformed = "malformed-answer"
}

/// A moment a step can wait for: `ALIAS.EVENT` or `ALIAS.EVENT@ACTOR`, such as `r1.posted` or
/// `r1.shown@w-2`.
public struct ScenarioTrigger: Sendable, Hashable, CustomStringConvertible {
    /// What happened to the request.
    public enum Event: String, Sendable, Hashable, CaseIterable {
        /// The backend answered its post request with success.
        case posted
        /// The backend emitted its `new`.
        case new
        /// A worker showed the offer (`offer.shown`); the actor is the step's own unless named.
        case shown
        /// A WorkerAccept for it succeeded.
        case won
        /// Its `apply` reached the posting client.
        case applied
        /// It was cancelled or closed.
        case ended
    }

    /// The request alias, from a `post` step's `as`.
    public var alias: String
    /// The moment of the request.
    public var event: Event
    /// The actor named after `@`, if any.
    public var actor: String?

    /// The moment `event` of request `alias`, seen by `actor` for `shown`.
    public init(alias: String, event: Event, actor: String? = nil) {
        self.alias = alias
        self.event = event
        self.actor = actor
    }

    /// Parses `ALIAS.EVENT[@ACTOR]`; nil when the text has another shape.
    public init?(_ text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let head = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard head.count == 2, !head[0].isEmpty, let event = Event(rawValue: String(head[1])) else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty else { return nil }
            actor = String(parts[1])
        }
        alias = String(head[0])
        self.event = event
    }

    /// The key the engine records the moment under, the actor resolved.
    func key(defaultActor: String?) -> String {
        guard event == .shown else { return "\(alias).\(event.rawValue)" }
        return "\(alias).shown@\(actor ?? defaultActor ?? "")"
    }

    /// The trigger as a scenario writes it.
    public var description: String { actor.map { "\(alias).\(event.rawValue)@\($0)" } ?? "\(alias).\(event.rawValue)" }
}
