import SocketIOWire

/// STATE-1, STATE-2 and STATE-4: what an app shows when it retakes state after a launch, a restore
/// or a return to the foreground.
///
/// What it holds is what it knew when it went away (``TraceSession/held(by:)``): a client's posted
/// request with no `apply` is waiting, one with its `apply` (or read in progress) and a winner's
/// request are in Work in Progress. Within `reactionToleranceMs` of the return the app shows the
/// waiting view (STATE-1; Work in Progress also does, as after a read, and a cancel sent instead
/// does when the deadline passed while it was away) or the Work in Progress view (STATE-2) of each,
/// unless it learnt meanwhile that the request ended. A request it knew ended never comes back as
/// a waiting or Work in Progress view or as an offer (STATE-4).
struct STATERetakeViews: TraceRule {
    let infos = [
        TraceRuleInfo(
            "STATE-1", evidence: [.client],
            check: "after a restart or a return from the background, the client shows the waiting view of each request it held posted, unanswered and not cancelled",
            tolerance: "within reactionToleranceMs; a cancel sent instead, or the end learnt, also does"),
        TraceRuleInfo(
            "STATE-2", evidence: [.client, .worker],
            check: "after a restart or a return from the background, an app shows the Work in Progress view of each request it held in Work in Progress",
            tolerance: "within reactionToleranceMs; the end learnt meanwhile also does"),
        TraceRuleInfo(
            "STATE-4", evidence: [.client, .worker],
            check: "after a restart or a return from the background, no waiting view, Work in Progress view or offer of a request the app knew ended"),
    ]
    var kinds: Set<TraceEventKind> {
        [.appLaunched, .appRestored, .appForegrounded, .appBackgrounded, .appTerminated, .viewShown, .offerShown, .httpRequest]
    }
    /// Per app, since it last went away: the views shown per request, and the requests it sent a cancel for.
    private var shown: [TraceActor: [String: Set<String>]] = [:]
    private var cancelled: [TraceActor: Set<String>] = [:]
    /// Per app, the requests it knew ended when it came back (STATE-4), and those whose return is being judged.
    private var ended: [TraceActor: Set<String>] = [:]
    private var pending: [TraceActor: Set<String>] = [:]
    /// Per app, the retired requests it brought back since its last return, each judged once.
    private var retiredBroughtBack: [TraceActor: Set<String>] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role != .backend else { return }
        switch event.body {
        case .lifecycle(let change, _) where change.isRestore:
            // A first launch holds nothing; a return holds what the app knew when it left.
            guard context.session.actors[actor]?.lastAwayAt != nil else { return }
            ended[actor] = context.session.endedKnown(by: actor)
            retiredBroughtBack[actor] = nil
            for (req, view) in context.session.held(by: actor) where pending[actor, default: []].insert(req).inserted {
                context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: actor, clock: actor, tag: view.rawValue, line: event.line)
            }
        case .lifecycle:
            shown[actor] = nil
            cancelled[actor] = nil
        case .viewShown(let view):
            guard let req = view.req else { return }
            shown[actor, default: [:]][req, default: []].insert(view.view)
            if ViewRecord.presentsARequest(view.view) { broughtBack(req, what: "its \(view.view) view", event, &context) }
        case .offerShown(let req):
            broughtBack(req, what: "its offer", event, &context)
        case .httpRequest:
            if context.call.call == .cancel, let req = context.call.req { cancelled[actor, default: []].insert(req) }
        default:
            break
        }
    }

    /// STATE-4: a request the app knew ended is shown again.
    private mutating func broughtBack(_ req: String, what: String, _ event: TraceEvent, _ context: inout RuleContext) {
        guard ended[event.actor]?.remove(req) != nil || knewRetiredEnded(req, event.actor, context) else { return }
        let side = context.session.side(event.actor, req)
        context.report(
            "STATE-4", lines: [side?.endReceivedLine ?? side?.readLine ?? side?.cancelLine ?? event.line, event.line].filter { $0 > 0 },
            expected: "\(req) stays gone after the return: the app knew it ended before it went away",
            observed: "\(event.actor) showed \(what) again")
    }

    /// Whether `req` is retired and `actor` had it on screen, knew it ended and went away after
    /// that, as its tombstone tells; once per request and return. `ended` holds such requests only
    /// among those kept in full, so without this an app away longer than `retainMs`, the common
    /// case of a return, could bring an ended request back unjudged.
    private mutating func knewRetiredEnded(_ req: String, _ actor: TraceActor, _ context: RuleContext) -> Bool {
        guard context.session.isRetired(req), let side = context.session.side(actor, req), side.heldThenEnded,
            let away = context.session.actors[actor]?.lastAwayAt, let endedAt = context.session.readRequest(req, { $0.endedAt }),
            away > (side.endReceivedAt ?? endedAt)
        else { return false }
        return retiredBroughtBack[actor, default: []].insert(req).inserted
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, let expected = HeldView(rawValue: obligation.tag) else { return }
        pending[actor]?.remove(obligation.req)
        let returned = obligation.due - context.header.reactionToleranceMs
        guard let state = context.session.actors[actor], state.running, state.foreground, (state.lastAwayAt ?? .min) <= returned,
            let side = context.session.side(actor, obligation.req), !side.endKnown
        else { return }
        let views = shown[actor]?[obligation.req] ?? []
        switch expected {
        case .waiting:
            if !views.isDisjoint(with: [TraceViews.waiting, TraceViews.workInProgress]) || cancelled[actor]?.contains(obligation.req) == true { return }
        case .workInProgress:
            if views.contains(TraceViews.workInProgress) { return }
        }
        let observed = views.isEmpty ? "no view of \(obligation.req) by \(obligation.due)" : "only its \(views.sorted().joined(separator: ", ")) view"
        context.report(
            expected == .waiting ? "STATE-1" : "STATE-2", lines: [obligation.line, context.currentLine],
            expected: "the \(expected.viewName) view of \(obligation.req), which the app held when it went away, within \(context.header.reactionToleranceMs) ms of its return",
            observed: observed)
    }

    mutating func forget(_ req: String) {
        ended.updateEachValue { $0.remove(req) }
        shown.updateEachValue { $0[req] = nil }
    }
}

/// STATE-3: retaking state repeats no call that was already answered: a post request answered
/// with success (the same body again), a WorkerAccept, a cancel or a close of the same request
/// answered with a status, sent again after the app came back.
struct STATE3NoRepeatedCall: TraceRule {
    let infos = [
        TraceRuleInfo(
            "STATE-3", evidence: [.client, .worker],
            check: "after a restart or a return from the background, no post request, WorkerAccept, cancel or close answered before it is sent again"),
    ]
    var kinds: Set<TraceEventKind> { [.httpRequest, .httpResponse] }
    /// Per app, its answered calls by key with the answer's time and line.
    private var answered: [TraceActor: [CallKey: (ts: Int64, line: Int)]] = [:]
    /// Per app, the earliest answer it ever remembered: when its last return is no later, none of
    /// its calls can be a repeat.
    private var earliestAnswer: [TraceActor: Int64] = [:]
    /// How many post bodies an app keeps; older ones are forgotten.
    private static let postsKept = 16

    /// What makes two calls the same call for STATE-3: a post's body (as compact JSON text), or
    /// the request a WorkerAccept, cancel or close acts on. Made with the call's classification
    /// (``ExchangeState/repeatKey``), on the thread that decodes the event.
    enum CallKey: Hashable, Sendable {
        case post(body: String)
        case workerAccept(String)
        case cancel(String)
        case close(String)
    }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend else { return }
        switch event.body {
        case .httpRequest:
            // The cheap facts first: most apps never came back.
            guard let calls = answered[event.actor], !calls.isEmpty, let restored = context.session.actors[event.actor]?.lastRestoreAt,
                restored > earliestAnswer[event.actor] ?? .max,
                let key = context.call.repeatKey, let earlier = calls[key], restored > earlier.ts
            else { return }
            answered[event.actor]![key] = nil
            context.report(
                "STATE-3", lines: [earlier.line, event.line],
                expected: "no repeat of the \(Self.callName(key)) answered at line \(earlier.line) when the app came back",
                observed: "\(event.actor) sent it again after its return at \(restored)")
        case .httpResponse(let response):
            guard response.status != nil, let exchange = context.session.exchanges[response.xid], exchange.app == event.actor,
                exchange.call != .postRequest || response.succeeded, let key = exchange.repeatKey
            else { return }
            answered[event.actor, default: [:]][key] = (event.ts, event.line)
            earliestAnswer[event.actor] = min(earliestAnswer[event.actor] ?? .max, event.ts)
            // Only a post can take the posts over their limit.
            guard case .post = key else { return }
            // Counted in place rather than filtered into a new dictionary on every post's answer.
            var posts = 0
            var oldest: (key: CallKey, ts: Int64)?
            for (key, call) in answered[event.actor]! {
                guard case .post = key else { continue }
                posts += 1
                if oldest == nil || call.ts < oldest!.ts { oldest = (key, call.ts) }
            }
            if posts > Self.postsKept, let oldest { answered[event.actor]![oldest.key] = nil }
        default:
            break
        }
    }

    /// The key a call is remembered by, for the calls STATE-3 names; nil for the others.
    static func key(_ exchange: ExchangeState) -> CallKey? {
        switch exchange.call {
        case .postRequest?: return .post(body: exchange.requestBody?.compactText ?? "")
        case .workerAccept?: return exchange.req.map { .workerAccept($0) }
        case .cancel?: return exchange.req.map { .cancel($0) }
        case .close?: return exchange.req.map { .close($0) }
        default: return nil
        }
    }

    private static func callName(_ key: CallKey) -> String {
        func of(_ req: String) -> String { req.isEmpty ? "?" : req }
        switch key {
        case .post: return "post request"
        case .workerAccept(let req): return "WorkerAccept of \(of(req))"
        case .cancel(let req): return "cancel of \(of(req))"
        case .close(let req): return "close of \(of(req))"
        }
    }

    mutating func forget(_ req: String) {
        guard !answered.isEmpty else { return }
        answered.updateEachValue { calls in
            calls[.workerAccept(req)] = nil
            calls[.cancel(req)] = nil
            calls[.close(req)] = nil
        }
    }
}
