import SocketIOWire

/// ELIG-1 ... ELIG-5, one instance per rule: a worker app treats a channel offer as ineligible
/// exactly when the rule fails for the worker's profile at receipt.
///
/// The kit decides with ``Eligibility/decide(profile:job:receivedAt:)`` from the latest
/// `profile.updated` before the `offer.received`. A violation is an offer shown although the rule
/// fails, or an `offer.decided` that marks the rule failed although it passes (which hides an
/// eligible offer). Direct offers and getJobs jobs are exempt (ELIG-7, ELIG-8); a decision made
/// with another profile is ELIG-10's.
struct ELIGRule: TraceRule {
    let id: RequirementID
    let infos: [TraceRuleInfo]
    var kinds: Set<TraceEventKind> { [.offerShown, .offerDecided] }

    init(_ id: RequirementID, _ subject: String) {
        self.id = id
        infos = [
            TraceRuleInfo(
                id, evidence: [.worker],
                check: "a worker shows no channel offer that fails \(id) (\(subject)) for its profile at receipt, and does not mark \(id) failed when it passes")
        ]
    }

    /// The five rules with what each is about.
    static let all: [ELIGRule] = [
        ELIGRule("ELIG-1", "expertActive"), ELIGRule("ELIG-2", "exclusive"), ELIGRule("ELIG-3", "category"),
        ELIGRule("ELIG-4", "distance within maxKms"), ELIGRule("ELIG-5", "BlockedXP"),
    ]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .worker else { return }
        switch event.body {
        case .offerShown(let req):
            guard let offer = context.session.side(event.actor, req)?.offer, offer.viaNew, !offer.direct, !offer.viaGetJobs,
                offer.shownAt == nil, !offer.appUsedOtherProfile, let decision = offer.kitDecision, decision.failed.contains(id)
            else { return }
            context.report(
                id, lines: [offer.receivedLine, event.line], expected: "\(req) not shown: \(explanation(offer, decision))",
                observed: "worker \(event.actor.id ?? "?") showed \(req)")
        case .offerDecided(let report):
            guard report.invalidField == nil, let failed = report.failed, failed.contains(id.rawValue),
                let offer = context.session.side(event.actor, report.req)?.offer, offer.viaNew, !offer.direct,
                !TraceSession.usesOtherProfile(report, offer), let decision = offer.kitDecision, !decision.failed.contains(id)
            else { return }
            context.report(
                id, lines: [offer.receivedLine, event.line], expected: "\(id) passes for \(report.req): \(explanation(offer, decision))",
                observed: "the worker app decided that \(report.req) fails \(id)")
        default:
            break
        }
    }

    /// The values the rule compares, for the report line.
    private func explanation(_ offer: OfferState, _ decision: EligibilityDecision) -> String {
        let profile = offer.profileAtReceipt ?? .null
        let job = offer.payload
        func text(_ value: JSONValue?) -> String { value?.reportText ?? "absent" }
        switch id.rawValue {
        case "ELIG-1": return "expertActive is \(text(profile["expertActive"]))"
        case "ELIG-2": return "exclusive is \(text(job["exclusive"])), expertSource is \(text(profile["expertSource"]))"
        case "ELIG-3": return "CatID is \(text(job["CatID"])), categories are \(text(profile["categories"]))"
        case "ELIG-4": return "distance is \(ELIG8GetJobsEligibleOnly.km(decision.distanceKm)) km, maxKms is \(text(profile["maxKms"]))"
        default: return "BlockedXP is \(text(job["BlockedXP"])), userID is \(text(profile["userID"]))"
        }
    }
}

/// ELIG-6, ELIG-9, ELIG-10 and ELIG-11: the worker app's own eligibility decision, as its
/// `offer.decided` reports it, against the kit's decision for the same input.
struct ELIGDecisionReport: TraceRule {
    let infos = [
        TraceRuleInfo("ELIG-6", evidence: [.worker], check: "a reported `showAt` is the receipt time plus `Delay` × 1000"),
        TraceRuleInfo("ELIG-9", evidence: [.worker], check: "a malformed offer is refused naming the field the kit names, and a well-formed one is not refused"),
        TraceRuleInfo("ELIG-10", evidence: [.worker], check: "a reported decision uses the worker's profile and position at receipt"),
        TraceRuleInfo(
            "ELIG-11", evidence: [.worker], check: "a reported decision lists every failed rule, in rule order, with `distanceKm` and `showAt`",
            tolerance: "distance within \(Eligibility.distanceToleranceKm) km"),
    ]
    var kinds: Set<TraceEventKind> { [.offerDecided] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role == .worker, case .offerDecided(let report) = event.body,
            let offer = context.session.side(event.actor, report.req)?.offer, offer.viaNew, !offer.direct
        else { return }
        let lines = [offer.receivedLine, event.line]
        let req = report.req
        // ELIG-10: the decision must use the profile in force at receipt.
        if TraceSession.usesOtherProfile(report, offer) {
            context.report(
                "ELIG-10", lines: lines, expected: "the decision for \(req) made with the profile at receipt \(offer.profileAtReceipt?.reportText ?? "")",
                observed: "it was made with \(report.profile?.reportText ?? "another profile")")
            return
        }
        // ELIG-6: showAt is receipt plus Delay, whatever the other rules say.
        var malformed = false
        if case .failure? = offer.decision { malformed = true }
        if let showAt = report.showAt, !malformed, showAt != offer.showAt {
            context.report(
                "ELIG-6", lines: lines, expected: "`showAt` \(offer.showAt) (receipt \(offer.receivedAt) + Delay × 1000)",
                observed: "`showAt` \(showAt)")
        }
        guard let decision = offer.decision else { return }
        switch decision {
        case .failure(let error):
            // ELIG-9: malformed input is refused, never guessed, and the field is named.
            if let field = report.invalidField {
                if field != error.field {
                    context.report("ELIG-9", lines: lines, expected: "\(req) refused naming `\(error.field)` (\(error.message))", observed: "refused naming `\(field)`")
                }
            } else {
                context.report("ELIG-9", lines: lines, expected: "\(req) refused: `\(error.field)` \(error.message)", observed: "the worker app decided it as if it were well-formed")
            }
        case .success(let kit):
            if let field = report.invalidField {
                // Refused for members no requirement defines: MSG-12's.
                if MSGOfferIntake.onlyUnknown(offer) == nil {
                    context.report("ELIG-9", lines: lines, expected: "a decision for \(req), whose input is well-formed", observed: "refused naming `\(field)`")
                }
                return
            }
            // ELIG-11: every failed rule, the distance and showAt.
            var problems: [String] = []
            if let failed = report.failed {
                let missing = kit.failed.filter { !failed.contains($0.rawValue) }
                if !missing.isEmpty { problems.append("`failed` \(failed) lacks \(missing.map(\.rawValue).joined(separator: ", "))") }
                // In rule order: the failed rules among those reported come as the kit's do (a rule
                // reported failed that passes is that rule's own violation, above).
                let reported = failed.filter { name in kit.failed.contains { $0.rawValue == name } }
                if missing.isEmpty, reported != kit.failed.map(\.rawValue) { problems.append("`failed` \(failed) is not in rule order") }
                if let eligible = report.eligible, eligible != failed.isEmpty { problems.append("`eligible` \(eligible) contradicts `failed` \(failed)") }
            } else {
                problems.append("`failed` is missing")
            }
            if let distance = report.distanceKm {
                if !(abs(distance - kit.distanceKm) <= Eligibility.distanceToleranceKm) {
                    problems.append("`distanceKm` \(distance) is not \(kit.distanceKm)")
                }
            } else {
                problems.append("`distanceKm` is missing")
            }
            if report.showAt == nil { problems.append("`showAt` is missing") }
            if !problems.isEmpty {
                context.report(
                    "ELIG-11", lines: lines,
                    expected: "failed \(kit.failed.map(\.rawValue)), distanceKm \(kit.distanceKm), showAt \(kit.showAt)",
                    observed: problems.joined(separator: "; "))
            }
        }
    }
}
