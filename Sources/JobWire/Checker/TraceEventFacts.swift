import SocketIOWire

/// What the checker derives from one event and the trace header's profile alone, worked out once
/// where the event is decoded instead of by the session and the rules that read it (issue 15, item 7).
///
/// `jobwire check` decodes on a reading thread (JobWireAdapters' `TracePipeline`) while the
/// judging thread, which sets the wall time, runs every rule: work that depends on no session
/// state belongs on the reading side. ``TraceReader`` attaches these facts to each event it
/// decodes, with its own header; ``TraceChecker/consume(_:)`` derives them itself for an event
/// that comes without them (one made in memory).
struct TraceEventFacts: Sendable {
    /// An `http.request`'s classification (``ExchangeState/init(classifying:actor:ts:profile:)``); nil for other kinds.
    var call: ExchangeState?
    /// An `io.in` or `io.out` message's protocol event and `ReqID`; empty for other kinds.
    var message = MessageFacts()

    /// The facts of `event` in a trace whose header has `profile`.
    init(_ event: TraceEvent, profile: ProtocolProfile) {
        switch event.body {
        case .httpRequest(let request):
            call = ExchangeState(classifying: request, actor: event.actor, ts: event.ts, profile: profile)
        case .socketIn(let message), .socketOut(let message):
            self.message = MessageFacts(event: profile.event(named: message.event), req: message.reqID)
        default:
            break
        }
    }
}

/// What a Socket.IO message (`io.in`, `io.out`) stands for: the protocol event its name is in the
/// header's profile (nil for another name) and its payload's `ReqID` as canonical text (ELIG-2).
struct MessageFacts: Sendable {
    var event: ProtocolEvent?
    var req: String?
}
