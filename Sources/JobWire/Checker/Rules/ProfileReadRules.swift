import SocketIOWire

/// ELIG-12: a worker app reads its meProfile (REST-17) at each launch and each return to the
/// foreground, and judges with the latest answer.
///
/// Judged, as the other ELIG rules, for a worker that reports its profile (`profile.updated`): the
/// read of its own record is sent within `reactionToleranceMs` of an `app.launched` or
/// `app.foregrounded` unless the trace shows the app offline then. From the first successful
/// answer on (kept across relaunches, as on the device), every `profile.updated` the app writes,
/// and the `profile` of every `offer.decided`, carries that answer's `userID`, `expertActive`,
/// `expertSource`, `categories` (in any order) and `maxKms`; `lat` and `lng` are the device's. A
/// read that fails leaves the latest answer in force.
struct ELIG12ProfileRead: TraceRule {
    let infos = [
        TraceRuleInfo(
            "ELIG-12", evidence: [.worker],
            check: "a worker reads its meProfile (REST-17) at each launch and return to the foreground, and its profile and decisions carry the latest answer's userID, expertActive, expertSource, categories and maxKms",
            tolerance: "the read within reactionToleranceMs"),
    ]
    var kinds: Set<TraceEventKind> {
        [.appLaunched, .appForegrounded, .httpRequest, .httpResponse, .profileUpdated, .offerDecided, .netOnline, .netOffline]
    }
    /// Per worker: the latest successful answer's profile and its line, the last read sent, and whether it is offline.
    private var latest: [TraceActor: (profile: JSONValue, line: Int)] = [:]
    private var reads: [TraceActor: Int64] = [:]
    private var offline: Set<TraceActor> = []
    private var reportsProfile: Set<TraceActor> = []
    /// The members the answer decides; `lat` and `lng` are the device's.
    private static let keys = ["userID", "expertActive", "expertSource", "categories", "maxKms"]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role == .worker else { return }
        switch event.body {
        case .lifecycle(let change, _) where change == .launched || change == .foregrounded:
            guard !offline.contains(actor) else { return }
            context.schedule(due: event.ts + context.header.reactionToleranceMs, req: "", actor: actor, clock: actor, line: event.line)
        case .connectivity(let online):
            if online { offline.remove(actor) } else { offline.insert(actor) }
        case .httpRequest:
            if isOwnRead(context.call, actor) { reads[actor] = event.ts }
        case .httpResponse(let response):
            guard response.succeeded, let exchange = context.session.exchanges[response.xid], exchange.app == actor, isOwnRead(exchange, actor),
                let profile = response.body?["profile"], profile.objectValue != nil
            else { return }
            latest[actor] = (profile, event.line)
        case .profileUpdated(let worker, let profile):
            guard worker == nil || worker == actor.id else { return }
            reportsProfile.insert(actor)
            judge(profile, what: "the `profile.updated`", event, &context)
        case .offerDecided(let report):
            guard let profile = report.profile else { return }
            judge(profile, what: "the profile of the decision for \(report.req)", event, &context)
        default:
            break
        }
    }

    private func isOwnRead(_ exchange: ExchangeState, _ actor: TraceActor) -> Bool {
        exchange.call == .meProfile && (exchange.worker == nil || exchange.worker == actor.id)
    }

    private func judge(_ profile: JSONValue, what: String, _ event: TraceEvent, _ context: inout RuleContext) {
        guard let answer = latest[event.actor] else { return }
        let differing = Self.keys.filter { key in
            if key == "categories" {
                let ids = { (value: JSONValue?) in Set((value?.arrayValue ?? []).compactMap(\.idText)) }
                return ids(profile[key]) != ids(answer.profile[key])
            }
            return !TraceSession.sameValue(profile[key], answer.profile[key])
        }
        guard let first = differing.first else { return }
        context.report(
            "ELIG-12", lines: [answer.line, event.line],
            expected: "\(what) with the `\(first)` of the latest meProfile answer, \(answer.profile[first]?.reportText ?? "absent")",
            observed: "`\(first)` is \(profile[first]?.reportText ?? "absent")")
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, reportsProfile.contains(actor), !offline.contains(actor) else { return }
        let since = obligation.due - context.header.reactionToleranceMs
        guard let state = context.session.actors[actor], state.running, (state.lastAwayAt ?? .min) <= since, (reads[actor] ?? .min) < since else { return }
        context.report(
            "ELIG-12", lines: [obligation.line, context.currentLine],
            expected: "a meProfile read (REST-17) of \(actor) within \(context.header.reactionToleranceMs) ms of its launch or return (line \(obligation.line))",
            observed: "no read by \(obligation.due)")
    }
}
