import SocketIOWire

/// What the backend did, as rules about the backend (FLOW, MSG, REST, ELIG-8) see it.
///
/// When the trace holds the backend's own events, facts come from them: what it sent and to
/// which room, what it received and answered. Otherwise they come from what the apps in the
/// trace received (an event received is an event sent to that app, no later than its receipt)
/// and from their REST exchanges (a request sent is one the backend receives no earlier).
/// The checker then treats the apps in the trace as all the sockets there are.
enum BackendFact: Sendable {
    /// The backend sent a protocol event.
    case emitted(Emission)
    /// The backend received a REST call.
    case received(CallFact)
    /// The backend answered a REST call.
    case answered(AnswerFact)
}

/// A protocol event the backend sent, and to where.
struct Emission: Sendable {
    var event: ProtocolEvent
    var req: String?
    var payload: JSONValue?
    /// What in an object payload breaks its MSG requirement (``MessageFacts/shapeProblems``).
    var shapeProblems: [ShapeProblem]
    /// The Socket.IO namespace it travelled in (MSG-1).
    var namespace: String
    var target: DeliveryTarget
    var ts: Int64
    var line: Int
}

/// A REST call the backend received.
struct CallFact: Sendable {
    var xid: String
    var call: RESTCallKind
    var req: String?
    var worker: String?
    /// The user of a history read or a client fixture (``ExchangeState/user``).
    var user: String?
    var body: JSONValue?
    var ts: Int64
    var line: Int
}

/// The backend's answer to a REST call.
struct AnswerFact: Sendable {
    var xid: String
    var call: RESTCallKind
    var req: String?
    var worker: String?
    /// The user of a history read or a client fixture (``ExchangeState/user``).
    var user: String?
    var requestBody: JSONValue?
    /// The call's first malformed member (REST-13), found when it was classified (``ExchangeState/malformed``).
    var malformed: ShapeProblem?
    var response: HTTPResponseRecord
    /// When the call was sent (app events) or received (backend events), if the trace shows it.
    var requestTs: Int64?
    var ts: Int64
    var line: Int
    /// Who recorded it: the backend, or the app that sent the call.
    var actor: TraceActor

    var succeeded: Bool { response.succeeded }
}

extension TraceSession {
    /// The backend fact an event stands for, judged against the state before the event; `call`
    /// and `message` are its ``TraceEventFacts``.
    func backendFact(for event: TraceEvent, call exchange: ExchangeState, message facts: MessageFacts) -> BackendFact? {
        let fromBackend = event.actor.role == .backend
        guard fromBackend == backendRecorded else { return nil }
        switch event.body {
        case .socketOut(let message) where fromBackend:
            guard let protocolEvent = facts.event, let room = message.room else { return nil }
            return .emitted(
                Emission(
                    event: protocolEvent, req: facts.req, payload: message.payload, shapeProblems: facts.shapeProblems, namespace: message.namespace,
                    target: .room(room), ts: event.ts, line: event.line))
        case .socketIn(let message) where !fromBackend:
            guard let protocolEvent = facts.event else { return nil }
            return .emitted(
                Emission(
                    event: protocolEvent, req: facts.req, payload: message.payload, shapeProblems: facts.shapeProblems, namespace: message.namespace,
                    target: .actor(event.actor), ts: event.ts, line: event.line))
        case .httpRequest(let request):
            guard let call = exchange.call else { return nil }
            return .received(CallFact(xid: request.xid, call: call, req: exchange.req, worker: exchange.worker, user: exchange.user, body: request.body, ts: event.ts, line: event.line))
        case .httpResponse(let response):
            guard response.status != nil, let exchange = exchanges[response.xid], let call = exchange.call else { return nil }
            let requestTs = fromBackend ? exchange.backendReceivedAt : exchange.appSentAt
            var req = exchange.req
            if call == .postRequest, response.succeeded { req = response.body?["ReqID"].flatMap(\.idText) }
            return .answered(AnswerFact(xid: response.xid, call: call, req: req, worker: exchange.worker, user: exchange.user, requestBody: exchange.requestBody, malformed: exchange.malformed, response: response, requestTs: requestTs, ts: event.ts, line: event.line, actor: event.actor))
        default:
            return nil
        }
    }
}
