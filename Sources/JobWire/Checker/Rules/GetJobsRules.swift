import SocketIOWire

/// FLOW-13: the backend MUST NOT list in a getJobs response a request that is cancelled, closed or already won.
struct FLOW13GetJobsListsOpenRequests: TraceRule {
    let infos = [
        TraceRuleInfo(
            "FLOW-13", evidence: TraceRuleInfo.backendEvidence,
            check: "no getJobs response lists a request already cancelled, closed or won",
            tolerance: "from app events, only a getJobs sent more than clockSkewToleranceMs after the end or win was known counts")
    ]
    var wantsFacts: Bool { true }

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        guard case .answered(let answer) = fact, answer.call == .getJobs, answer.succeeded,
            let jobs = answer.response.body?["jobs"]?.arrayValue
        else { return }
        let session = context.session
        for job in jobs {
            guard let req = job["ReqID"].flatMap(TraceFields.canonicalID), let request = session.requests[req] else { continue }
            var state: (what: String, at: Int64, line: Int?)?
            if let endedAt = request.endedAt {
                state = (request.endedBy == .close ? "closed" : "cancelled", endedAt, request.endedLine)
            } else if let wonAt = request.wonAt {
                state = ("won by \(request.winner ?? "a worker")", wonAt, request.firstSuccessLine)
            }
            guard let state else { continue }
            if !session.backendRecorded {
                guard let sent = answer.requestTs, sent > state.at + context.skew else { continue }
            }
            context.report(
                "FLOW-13", lines: [answer.line] + (state.line.map { [$0] } ?? []),
                expected: "getJobs lists only requests that are still open",
                observed: "the getJobs response lists \(req), which was \(state.what)")
        }
    }
}

/// ELIG-8: the backend MUST return from getJobs only jobs that are eligible for the calling worker
/// under ELIG-1 to ELIG-6, by its record of the worker (the trace's latest profile of that worker).
struct ELIG8GetJobsEligibleOnly: TraceRule {
    let infos = [
        TraceRuleInfo(
            "ELIG-8", evidence: TraceRuleInfo.backendEvidence,
            check: "each getJobs job passes ELIG-1 to ELIG-5 for the calling worker's latest profile, is not addressed to another worker, and its createdAt plus Delay has passed",
            tolerance: "the Delay check allows clockSkewToleranceMs")
    ]
    var wantsFacts: Bool { true }

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        guard case .answered(let answer) = fact, answer.call == .getJobs, answer.succeeded,
            let jobs = answer.response.body?["jobs"]?.arrayValue, let worker = answer.worker
        else { return }
        let profile = context.session.profiles[worker]
        for job in jobs {
            let req = job["ReqID"].flatMap(TraceFields.canonicalID) ?? "?"
            if let addressed = job["workerId"].flatMap(TraceFields.canonicalID) {
                // A direct request is listed only for its addressed worker.
                if addressed != worker {
                    report(req, worker, answer.line, "it is a direct request for worker \(addressed)", &context)
                }
                continue
            }
            if let profile, case .success(let decision) = Eligibility.decide(input: ["profile": profile, "job": job, "receivedAt": .int(answer.ts)]),
                !decision.eligible
            {
                report(req, worker, answer.line, "it fails \(decision.failed.map(\.rawValue).joined(separator: ", ")) for that worker (distance \(Self.km(decision.distanceKm)) km)", &context)
            }
            if let created = job["createdAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) {
                let delay = job["Delay"]?.integerValue ?? 0
                let showAt = created + delay * 1000
                if showAt > answer.ts + context.skew {
                    report(req, worker, answer.line, "its createdAt plus Delay \(delay) s is \(showAt), after the response at \(answer.ts)", &context)
                }
            }
        }
    }

    private func report(_ req: String, _ worker: String, _ line: Int, _ why: String, _ context: inout RuleContext) {
        context.report(
            "ELIG-8", lines: [line], expected: "getJobs for worker \(worker) lists only jobs eligible for it now",
            observed: "it lists \(req), but \(why)")
    }

    static func km(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }
}
