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
/// decision that names no profile must decide as that answer does (``judgeDecision(_:_:_:)``). A
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
    /// Per worker, the last profile found to agree with its latest answer, so the decisions made
    /// under it are not compared again (most decisions share one profile).
    private var agreeing: [TraceActor: JSONValue] = [:]
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
            agreeing[actor] = nil
        case .profileUpdated(let worker, let profile):
            guard worker == nil || worker == actor.id else { return }
            reportsProfile.insert(actor)
            judge(profile, what: "the `profile.updated`", event, &context)
        case .offerDecided(let report):
            if let profile = report.profile {
                judge(profile, what: "the profile of the decision for \(report.req)", event, &context)
            } else {
                judgeDecision(report, event, &context)
            }
        default:
            break
        }
    }

    private func isOwnRead(_ exchange: ExchangeState, _ actor: TraceActor) -> Bool {
        exchange.call == .meProfile && (exchange.worker == nil || exchange.worker == actor.id)
    }

    /// The members of ``keys`` in which `profile` differs from `answer`; `categories` in any order.
    private static func differing(_ profile: JSONValue, _ answer: JSONValue) -> [String] {
        keys.filter { key in
            if key == "categories" {
                let ids = { (value: JSONValue?) in Set((value?.arrayValue ?? []).compactMap(\.idText)) }
                return ids(profile[key]) != ids(answer[key])
            }
            return !TraceSession.sameValue(profile[key], answer[key])
        }
    }

    private func judge(_ profile: JSONValue, what: String, _ event: TraceEvent, _ context: inout RuleContext) {
        guard let answer = latest[event.actor], let first = Self.differing(profile, answer.profile).first else { return }
        context.report(
            "ELIG-12", lines: [answer.line, event.line],
            expected: "\(what) with the `\(first)` of the latest meProfile answer, \(answer.profile[first]?.reportText ?? "absent")",
            observed: "`\(first)` is \(profile[first]?.reportText ?? "absent")")
    }

    /// A decision that names no profile is judged by what it decided. When the latest answer came
    /// before the offer and differs from the profile the app reported before it (kept on the
    /// device, say), and the kit decides otherwise with the answer's members and the device's
    /// position, a decision that fails the rules the older profile fails was made with that one:
    /// the app ignored the answer, writing no `profile.updated` that would show it.
    private mutating func judgeDecision(_ report: OfferDecisionReport, _ event: TraceEvent, _ context: inout RuleContext) {
        guard let answer = latest[event.actor], let failed = report.failed, let worker = event.actor.id,
            let offer = context.session.side(event.actor, report.req)?.offer, offer.viaNew, !offer.direct, answer.line < offer.receivedLine,
            case .success(let held)? = offer.decision, let reported = offer.profileAtReceipt, case .object(var current) = reported,
            agreeing[event.actor] != reported
        else { return }
        guard !Self.differing(reported, answer.profile).isEmpty else {
            agreeing[event.actor] = reported
            return
        }
        for key in Self.keys { current[key] = answer.profile[key] }
        guard let fresh = context.session.eligibilityDecision(worker: worker, req: report.req, profile: .object(current), job: offer.payload),
            fresh.failed != held.failed, Set(failed) == Set(held.failed.map(\.rawValue))
        else { return }
        context.report(
            "ELIG-12", lines: [answer.line, offer.receivedLine, event.line],
            expected: "the decision for \(report.req) made with the latest meProfile answer (line \(answer.line)): failed \(fresh.failed.map(\.rawValue))",
            observed: "failed \(failed), the decision of the profile \(event.actor) reported before that answer")
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
