import SocketIOWire

/// MSG-12 and MSG-13: how a worker app takes in a `new`.
///
/// MSG-12: a `new` that is well formed but carries members no requirement defines
/// (``PayloadShape/unknownNewFields(_:)``) is taken in as without them: a worker that records its
/// offers writes `offer.received` for it within `reactionToleranceMs` of the `io.in` (unless it
/// already had the offer or discarded it), and does not refuse it in its `offer.decided`.
///
/// MSG-13: an offer whose `new` breaks MSG-4 ... MSG-7 (``PayloadShape/refusedNew(_:)``: a
/// `BlockedXP` in MSG-15's object form is read) is never shown, whether it came from the channel
/// or directly. An offer the app decided as well formed although the kit refuses it is ELIG-9's,
/// since the show follows from that decision.
struct MSGOfferIntake: TraceRule {
    let infos = [
        TraceRuleInfo(
            "MSG-12", evidence: [.worker],
            check: "a worker takes in a well-formed `new` carrying unknown members as without them: it records the offer and does not refuse it",
            tolerance: "the offer.received within reactionToleranceMs of the io.in"),
        TraceRuleInfo("MSG-13", evidence: [.worker], check: "a worker shows no offer from a `new` whose payload breaks MSG-4, MSG-5, MSG-6 or MSG-7"),
    ]
    var kinds: Set<TraceEventKind> { [.socketIn, .offerReceived, .offerDecided, .offerShown] }
    /// The workers that record the offers they take in.
    private var recordsOffers: Set<TraceActor> = []

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role == .worker else { return }
        switch event.body {
        case .socketIn:
            guard recordsOffers.contains(actor), context.message.event == .new, let req = context.message.req,
                !context.message.unknownNewFields.isEmpty,
                context.message.refusedNew.isEmpty, context.session.side(actor, req)?.offer == nil,
                context.session.actors[actor]?.discarded.contains(req) != true
            else { return }
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: actor, clock: actor, line: event.line)
        case .offerReceived:
            recordsOffers.insert(actor)
        case .offerDecided(let report):
            guard let field = report.invalidField, let offer = context.session.side(actor, report.req)?.offer, offer.viaNew,
                let unknown = Self.onlyUnknown(offer)
            else { return }
            context.report(
                "MSG-12", lines: [offer.receivedLine, event.line],
                expected: "a decision for \(report.req), whose `new` is well formed besides the unknown \(unknown.joined(separator: ", "))",
                observed: "refused naming `\(field)`")
        case .offerShown(let req):
            guard let offer = context.session.side(actor, req)?.offer, offer.viaNew, !offer.viaGetJobs, offer.shownAt == nil,
                let payload = offer.payload.objectValue
            else { return }
            let problems = PayloadShape.refusedNew(payload)
            guard !problems.isEmpty else { return }
            // Shown after deciding malformed input as well formed: the decision is ELIG-9's mistake, the show follows from it.
            if case .failure? = offer.decision, let decided = offer.appDecision, decided.invalidField == nil { return }
            context.report(
                "MSG-13", lines: [offer.receivedLine, event.line],
                expected: "\(req) never shown: its `new` is malformed (\(problems.map(\.text).joined(separator: "; ")))",
                observed: "\(actor) showed it")
        default:
            break
        }
    }

    /// The unknown members of a channel or direct offer that is well formed besides them, or nil.
    static func onlyUnknown(_ offer: OfferState) -> [String]? {
        guard let payload = offer.payload.objectValue, PayloadShape.refusedNew(payload).isEmpty else { return nil }
        if case .failure? = offer.decision { return nil }
        let unknown = PayloadShape.unknownNewFields(payload)
        return unknown.isEmpty ? nil : unknown
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, context.session.side(actor, obligation.req)?.offer == nil,
            context.session.actors[actor]?.running == true
        else { return }
        context.report(
            "MSG-12", lines: [obligation.line, context.currentLine],
            expected: "\(obligation.req) taken in (offer.received) as if its unknown members were absent, within \(context.header.reactionToleranceMs) ms",
            observed: "\(actor) did not take it in by \(obligation.due)")
    }
}
