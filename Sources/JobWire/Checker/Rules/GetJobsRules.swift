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
            guard let req = job["ReqID"].flatMap(\.idText), let request = session.request(req) else { continue }
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

/// ELIG-8: the backend MUST return from getJobs exactly the open jobs eligible for the calling
/// worker under ELIG-1 to ELIG-6, by its record of the worker. Both ways: a listed job that is not
/// eligible, and an open eligible job left out.
///
/// A job left out counts only when the trace shows what the backend knew: the worker's record
/// (its fixture or the backend's own meProfile answer, and reported positions, FIX-1, REST-17,
/// REST-18), the request posted and its `new` sent before the getJobs was sent, its createdAt
/// plus Delay passed by then, and no WorkerAccept, cancel or close for it sent by the getJobs
/// answer (clockSkewToleranceMs allowed on each side).
struct ELIG8GetJobsEligibleOnly: TraceRule {
    let infos = [
        TraceRuleInfo(
            "ELIG-8", evidence: TraceRuleInfo.backendEvidence,
            check: "each getJobs job passes ELIG-1 to ELIG-5 for the calling worker's latest profile, is not addressed to another worker, and its createdAt plus Delay has passed; and every open request eligible for the worker's record, posted and past its Delay before the call, is listed",
            tolerance: "the Delay check allows clockSkewToleranceMs; a request with a WorkerAccept, cancel or close sent up to clockSkewToleranceMs after the answer may be left out")
    ]
    var wantsFacts: Bool { true }
    /// Jobs left out, by the obligation's line and request: the worker and when its answer came.
    private var leftOut: [String: (worker: String, answeredAt: Int64, why: String)] = [:]

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        guard case .answered(let answer) = fact, answer.call == .getJobs, answer.succeeded,
            let jobs = answer.response.body?["jobs"]?.arrayValue, let worker = answer.worker
        else { return }
        listedOnlyEligible(jobs, worker, answer, &context)
        scheduleLeftOut(jobs, worker, answer, &context)
    }

    private func listedOnlyEligible(_ jobs: [JSONValue], _ worker: String, _ answer: AnswerFact, _ context: inout RuleContext) {
        let profile = context.session.backendProfile(of: worker)
        for job in jobs {
            let req = job["ReqID"].flatMap(\.idText) ?? "?"
            if let addressed = job["workerId"].flatMap(\.idText) {
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

    /// The open requests the backend must have listed; each is judged once no settling call sent
    /// by the answer (plus the skew) can still show up in the trace.
    private mutating func scheduleLeftOut(_ jobs: [JSONValue], _ worker: String, _ answer: AnswerFact, _ context: inout RuleContext) {
        let session = context.session
        // A list with an element that is no job (REST-4's) does not say what it left out.
        guard jobs.allSatisfy({ $0.objectValue != nil }) else { return }
        // Its own meProfile answer, when later than the fixture, is the record it said it holds.
        guard let profile = (session.statedRecords[worker] ?? session.workerRecords[worker])?.profile else { return }
        let sent = answer.requestTs ?? answer.ts
        let listed = Set(jobs.compactMap { $0["ReqID"].flatMap(\.idText) })
        // The requests open and announced before the call, left out: found first with the cheap
        // conditions (a trace holds many ended ones), then taken in the order they were posted, so
        // the violations kept are the same on every run.
        var owed: [(postedAt: Int64, req: String)] = []
        for (req, request) in session.requests where !listed.contains(req) {
            guard request.newPayload != nil, let postedAt = request.postedAt, postedAt + context.skew < sent,
                let newAt = request.newAt, newAt + context.skew < sent,
                request.endedAt == nil, request.wonAt == nil, request.firstSettlingCallAt == nil
            else { continue }
            owed.append((postedAt, req))
        }
        owed.sort { ($0.postedAt, $0.req) < ($1.postedAt, $1.req) }
        for (postedAt, req) in owed {
            guard let request = session.requests[req], let job = request.newPayload else { continue }
            let why: String
            if let addressed = job["workerId"].flatMap(\.idText) {
                guard addressed == worker else { continue }
                why = "it is an open direct request for that worker"
            } else {
                // The job as the `new` describes it and, when the trace shows it, as the client's
                // record has it (FIX-2): it must be listed only if eligible by both, so a `new`
                // that misstates BlockedXP or Delay (MSG-14) is not also blamed here.
                var readings = [job]
                if let client = request.clientId, let record = session.clientRecords[client], record.at < postedAt, var recorded = job.objectValue {
                    recorded["BlockedXP"] = record.body["BlockedXP"] ?? recorded["BlockedXP"]
                    recorded["Delay"] = record.body["Delay"] ?? recorded["Delay"]
                    readings.append(.object(recorded))
                }
                var distance = 0.0
                var showAt = Int64.min
                var eligible = true
                for reading in readings {
                    guard case .success(let decision) = Eligibility.decide(input: ["profile": .object(profile), "job": reading, "receivedAt": .int(sent)]), decision.eligible,
                        let created = reading["createdAt"]?.stringValue.flatMap(ISO8601Time.milliseconds)
                    else {
                        eligible = false
                        break
                    }
                    distance = decision.distanceKm
                    showAt = max(showAt, created + (reading["Delay"]?.integerValue ?? 0) * 1000)
                }
                guard eligible, showAt + context.skew < sent else { continue }
                why = "it is open and passes ELIG-1 to ELIG-6 for that worker's record (distance \(Self.km(distance)) km, shown from \(showAt))"
            }
            leftOut["\(answer.line)|\(req)"] = (worker, answer.ts, why)
            context.schedule(due: answer.ts + context.skew, req: req, line: answer.line)
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let missing = leftOut.removeValue(forKey: "\(obligation.line)|\(obligation.req)") else { return }
        let request = context.session.request(obligation.req)
        // A call that may have settled it by the answer excuses the omission.
        if let settling = request?.firstSettlingCallAt, settling <= missing.answeredAt + context.skew { return }
        context.report(
            "ELIG-8", lines: [obligation.line] + (request?.newLine.map { [$0] } ?? []),
            expected: "getJobs for worker \(missing.worker) lists every open request eligible for it, \(obligation.req) among them: \(missing.why)",
            observed: "the response leaves \(obligation.req) out")
    }

    mutating func forget(_ req: String) {
        leftOut = leftOut.filter { !$0.key.hasSuffix("|\(req)") }
    }

    private func report(_ req: String, _ worker: String, _ line: Int, _ why: String, _ context: inout RuleContext) {
        context.report(
            "ELIG-8", lines: [line], expected: "getJobs for worker \(worker) lists only jobs eligible for it now",
            observed: "it lists \(req), but \(why)")
    }

    static func km(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }
}
