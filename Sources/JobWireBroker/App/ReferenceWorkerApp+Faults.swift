import JobWire
import SocketIOWire

extension ReferenceWorkerApp {
    /// The eligibility decision for `job` as the ``AppFaults`` switched on make it (tests only):
    /// each fault gets one parameter of ELIG-2 ... ELIG-6 wrong, so a scenario on the wrong side
    /// of that parameter fails with its id.
    func mistaken(_ decision: EligibilityDecision, job: JSONValue, now: Int64) -> EligibilityDecision {
        var failed = decision.failed
        var showAt = decision.showAt
        func fail(_ id: RequirementID) { if !failed.contains(id) { failed.append(id) } }
        if faults.contains(.blockedIgnored) { failed.removeAll { $0 == "ELIG-5" } }
        if faults.contains(.anyBlockBlocks), let blocked = job["BlockedXP"]?.arrayValue, !blocked.isEmpty { fail("ELIG-5") }
        if faults.contains(.strictRangeBoundary), let maxKms = profile["maxKms"]?.doubleValue, decision.distanceKm >= maxKms { fail("ELIG-4") }
        if faults.contains(.reachHalved), let maxKms = profile["maxKms"]?.doubleValue, decision.distanceKm > maxKms / 2 { fail("ELIG-4") }
        if faults.contains(.firstCategoryOnly), let first = profile["categories"]?.arrayValue?.first.flatMap(CanonicalID.init(json:)), first != job["CatID"].flatMap(CanonicalID.init(json:)) { fail("ELIG-3") }
        if faults.contains(.exclusiveAlwaysRefused), let exclusive = job["exclusive"].flatMap(CanonicalID.init(json:)), exclusive.text != "0" { fail("ELIG-2") }
        if faults.contains(.delayIgnored) { showAt = now }
        if faults.contains(.delayFromCreatedAt), let created = job["createdAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) {
            showAt = created + (decision.showAt - now)
        }
        return EligibilityDecision(failed: failed, distanceKm: decision.distanceKm, showAt: showAt)
    }

    /// The app's reports as it stamps them: at the kit's time (`ts` left to the kit), or with
    /// ``AppFaults/clockBehind`` a second earlier, by a device clock behind the kit's (TIME-10).
    func stamped(_ actions: [AppAction], now: Int64) -> [AppAction] {
        guard faults.contains(.clockBehind) else { return actions }
        return actions.map { action in
            guard case .trace(let kind, let fields, nil) = action else { return action }
            return .trace(kind: kind, fields: fields, ts: now - 1_000)
        }
    }
}
