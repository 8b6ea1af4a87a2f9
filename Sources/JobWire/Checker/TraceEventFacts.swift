import SocketIOWire

/// What the checker derives from one event and the trace header's profile alone, worked out once
/// where the event is decoded instead of by the session and the rules that read it (issue 15, item 7).
///
/// `jobwire check` decodes on a reading thread (JobWireAdapters' `TracePipeline`) while the
/// judging thread, which sets the wall time, runs every rule: work that depends on no session
/// state belongs on the reading side. ``TraceReader`` attaches these facts to each event it
/// decodes, with its own header; ``TraceChecker/consume(_:)`` derives them itself for an event
/// that comes without them (one made in memory or changed after decoding) and for one decoded
/// under another header's profile (``FactsOrigin``).
///
/// A class, so that the checker takes an event's facts out of it as one reference, not as a copy:
/// they are several times the size of the rest of the event.
final class TraceEventFacts: Sendable {
    /// An `http.request`'s classification (``ExchangeState/init(classifying:actor:profile:)``); an
    /// empty one for other kinds, so the rules read it in place for every event (``RuleContext/call``).
    let call: ExchangeState
    /// An `io.in` or `io.out` message's protocol event and `ReqID`; empty for other kinds.
    let message: MessageFacts
    /// An `offer.received` job as the kit's eligibility decision reads it (ELIG-1 ... ELIG-6);
    /// nil for other kinds and for a job it refuses (ELIG-9).
    let offerJob: JobOffer?
    /// The profile the facts were derived with.
    let origin: FactsOrigin

    /// The facts of `event` in a trace whose header's profile `origin` holds.
    init(_ event: TraceEvent, origin: FactsOrigin) {
        let profile = origin.profile
        var call = ExchangeState()
        var message = MessageFacts()
        var offerJob: JobOffer?
        switch event.body {
        case .httpRequest(let request):
            call = ExchangeState(classifying: request, actor: event.actor, profile: profile)
        case .socketIn(let sent), .socketOut(let sent):
            message = MessageFacts(sent, event: profile.event(named: sent.event))
        case .offerReceived(_, _, let offer):
            offerJob = try? JobOffer(json: offer)
        default:
            break
        }
        self.call = call
        self.message = message
        self.offerJob = offerJob
        self.origin = origin
    }
}
