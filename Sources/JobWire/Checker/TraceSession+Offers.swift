import SocketIOWire

/// Offers as the session sees them: the kit's own eligibility decision at receipt (ELIG-1 ...
/// ELIG-6) and the comparison of an app's reported profile with the one at receipt (ELIG-10).
extension TraceSession {
    mutating func applyOffer(req: String, via: OfferSource, offer written: JSONValue, job writtenJob: JobOffer?, actor: TraceActor, event: TraceEvent) {
        // A channel offer is the `new` the app received when its trace shows it: an app whose
        // intake changed the payload (a Delay, a category) is judged on what the backend sent.
        var received: JSONValue?
        if via == .new, let last = lastNewReceived[actor], last.req == req {
            received = last.payload
            lastNewReceived[actor] = nil
        }
        let offer = received ?? written
        let job = received == nil || received == written ? writtenJob : nil
        let profile = actor.id.flatMap { profiles[$0] }
        let direct = via == .new && offer["workerId"].map { !$0.isNull } == true
        // Decided before the side is changed in place, which leaves `self` out of reach meanwhile.
        var decision: Result<EligibilityDecision, EligibilityInputError>?
        if via == .new, !direct, let profile, let worker = actor.id, side(actor, req)?.offer == nil {
            decision = eligibilityInputs.decide(worker: worker, profile: profile, job: offer, parsedJob: job, receivedAt: event.ts)
        }
        withSide(actor, req) { side in
            if side.offer != nil {
                if via == .getJobs { side.offer!.viaGetJobs = true }
                return
            }
            var state = OfferState(
                receivedAt: event.ts, receivedLine: event.line, payload: offer, viaNew: via == .new,
                viaGetJobs: via == .getJobs, direct: direct, profileAtReceipt: profile)
            state.decision = decision
            side.offer = state
        }
    }

    /// The kit's decision whether `worker` with `profile` may take `job`, request `req` (ELIG-1 ...
    /// ELIG-5), nil when it refuses the input: the decision made when the worker received the same
    /// job with the same profile, since nothing it depends on changed, else one made now. Only its
    /// `eligible` and `failed` are meant: `showAt` may be the receipt's.
    func eligibilityDecision(worker: String, req: String, profile: JSONValue, job: JSONValue) -> EligibilityDecision? {
        if let offer = side(TraceActor(.worker, id: worker), req)?.offer, case .success(let decision)? = offer.decision,
            offer.profileAtReceipt == profile, offer.payload == job
        {
            return decision
        }
        guard case .success(let decision) = Eligibility.decide(input: ["profile": profile, "job": job, "receivedAt": 0]) else { return nil }
        return decision
    }

    /// True when an `offer.decided` names a profile other than the worker's profile at receipt (ELIG-10).
    static func usesOtherProfile(_ report: OfferDecisionReport, _ offer: OfferState) -> Bool {
        guard let used = report.profile, let atReceipt = offer.profileAtReceipt else { return false }
        for key in ["userID", "expertActive", "expertSource", "categories", "maxKms", "lat", "lng"] {
            if !Self.sameValue(used[key], atReceipt[key]) { return true }
        }
        return false
    }

    /// JSON equality that reads ids as canonical text and numbers by value.
    static func sameValue(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (nil, nil), (.null?, nil), (nil, .null?): return true
        case (let l?, let r?):
            if let a = l.doubleValue, let b = r.doubleValue, l.typeDescription == r.typeDescription { return a == b }
            if let a = l.idText, let b = r.idText { return a == b }
            if let a = l.arrayValue, let b = r.arrayValue {
                return a.count == b.count && zip(a, b).allSatisfy { sameValue($0, $1) }
            }
            return l == r
        default: return false
        }
    }
}
