import SocketIOWire

/// MSG-3 and MSG-8: one `new` per posted request, and none for a request nobody posted, to the
/// channel, or to the named worker's own room when the post carried `workerId`; and `workerId`
/// in the payload exactly for a direct one.
///
/// From app events the workers in the trace stand for the channel: each worker whose launch the
/// trace shows more than clockSkewToleranceMs before the post was sent, and that is running in the
/// foreground from then to the check, must get a channel `new`, and no worker but the addressee a
/// direct one; a worker whose connection went down after the post was sent (or came back less
/// than clockSkewToleranceMs before) may have missed it (``TraceSession/reachable(_:since:)``).
struct MSG3And8NewRouting: TraceRule {
    let infos = [
        TraceRuleInfo(
            "MSG-3", evidence: TraceRuleInfo.backendEvidence,
            check: "each successful post is followed by one `new` to the channel, or to the named worker's room only, and no `new` announces a request no post made (or had made yet)",
            tolerance: "the `new` may follow the post's success by up to emitToleranceMs; from app events, clockSkewToleranceMs more, and a worker whose connection went down after the post was sent (or came back less than clockSkewToleranceMs before) may have missed it"),
        TraceRuleInfo(
            "MSG-8", evidence: TraceRuleInfo.backendEvidence,
            check: "a direct `new` carries the addressed worker's id as workerId, a channel `new` no workerId member, not even null"),
    ]
    var wantsFacts: Bool { true }
    /// Per posted request, the workers that must get its `new` and when the post was sent, less the
    /// skew (app events).
    private var required: [String: (workers: Set<TraceActor>, since: Int64)] = [:]
    /// `new`s seen before their post was known, checked when it is.
    private var early: [String: [Emission]] = [:]
    private var reported: [String: Set<RequirementID>] = [:]

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        switch fact {
        case .answered(let answer) where answer.call == .postRequest && answer.succeeded:
            guard let req = answer.req else { return }
            let direct = answer.requestBody?["workerId"].flatMap(\.idText)
            let session = context.session
            if !session.backendRecorded {
                // A worker that launched or came back less than the skew before the post was sent
                // may have joined the channel after the backend emitted.
                let sent = (answer.requestTs ?? answer.ts) - context.skew
                let workers = Set(session.actors.actors { actor, state in
                    actor.role == .worker && state.launchedSeen && state.running && state.foreground && (state.lastRestoreAt ?? .min) < sent
                        && (direct == nil || actor.id == direct)
                })
                required[req] = (workers, sent + context.skew)
            }
            if session.backendRecorded || !(required[req]?.workers.isEmpty ?? true) {
                // Recorded by the backend, the answer and the `new` are both its times: no skew between them.
                let slack = session.backendRecorded ? 0 : context.skew
                context.schedule(due: answer.ts + context.header.emitToleranceMs + slack, req: req, clock: context.backendClock, line: answer.line)
            }
            for emission in early.removeValue(forKey: req) ?? [] {
                check(emission, post: answer.requestBody, &context)
                // On the backend's one clock a `new` may leave while the answer is written, not
                // before the post arrived: the request did not exist yet.
                if session.backendRecorded, answer.actor.role == .backend, let received = answer.requestTs, emission.ts < received {
                    report(
                        "MSG-3", req, [emission.line, answer.line], "the `new` for \(req) sent once its post was received (at \(received))",
                        "sent at \(emission.ts), \(received - emission.ts) ms before", &context)
                }
            }
        case .emitted(let emission) where emission.event == .new:
            guard let req = emission.req else { return }
            // Read in place rather than copying the whole request out for two of its members.
            let target = emission.target
            let (repeated, postBody) = context.session.readRequest(req) { ($0.newReceivers.contains(target), $0.postBody) } ?? (false, nil)
            if repeated {
                report("MSG-3", req, [emission.line], "one `new` for \(req) to \(emission.target)", "a second `new` for \(req) sent to \(emission.target)", &context)
            }
            if let post = postBody {
                check(emission, post: post, &context)
            } else {
                checkWithoutPost(emission, &context)
                early[req, default: []].append(emission)
                if context.session.backendRecorded {
                    // Every post reaches the backend, so one it records: it may emit the `new` before
                    // writing the answer, but a `new` no successful post answers within
                    // emitToleranceMs announces a request nobody made.
                    context.schedule(due: emission.ts + context.header.emitToleranceMs, req: req, clock: context.backendClock, tag: Self.unposted, line: emission.line)
                }
            }
        default:
            break
        }
    }

    /// The tag of the obligation that a `new` the backend emitted before any successful post of its request meets one.
    private static let unposted = 1

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        if obligation.tag == Self.unposted {
            guard context.session.readRequest(obligation.req, { $0.postedAt }) == nil else { return }
            report(
                "MSG-3", obligation.req, [obligation.line], "a `new` for \(obligation.req) only for a successfully posted request",
                "no post of \(obligation.req) succeeded within \(context.header.emitToleranceMs) ms of it", &context)
            return
        }
        guard let request = context.session.request(obligation.req) else { return }
        let room = request.addressee ?? context.header.profile.channelRoom
        if context.session.backendRecorded {
            guard !request.newTargets.contains(.room(room)) else { return }
            report("MSG-3", obligation.req, [obligation.line], "a `new` for \(obligation.req) sent to room \(room) within \(context.header.emitToleranceMs) ms of the post's success", "none sent to room \(room)", &context)
            return
        }
        guard let (workers, since) = required.removeValue(forKey: obligation.req) else { return }
        let missing = workers.filter { actor in
            guard let state = context.session.actors[actor], state.running, state.foreground, context.session.reachable(actor, since: since) else { return false }
            return !request.newReceivers.contains(.actor(actor))
        }
        guard !missing.isEmpty else { return }
        let whom = request.addressee.map { "the addressed worker \($0)" } ?? "every worker in the channel"
        report(
            "MSG-3", obligation.req, [obligation.line], "a `new` for \(obligation.req) reaching \(whom) within \(context.header.emitToleranceMs) ms of the post's success",
            "no `new` reached \(missing.map(\.description).sorted().joined(separator: ", "))", &context)
    }

    /// Checks one `new` against the post it announces.
    private mutating func check(_ emission: Emission, post: JSONValue?, _ context: inout RuleContext) {
        guard let req = emission.req else { return }
        let direct = post?["workerId"].flatMap(\.idText)
        var wrong = false
        switch emission.target {
        case .room(let room): wrong = room != (direct ?? context.header.profile.channelRoom)
        case .actor(let actor): wrong = actor.role != .worker || (direct != nil && actor.id != direct)
        }
        if wrong {
            let expected = direct.map { "only worker \($0)'s room" } ?? "the channel \(context.header.profile.channelRoom)"
            report("MSG-3", req, [emission.line], "the `new` for \(req) sent to \(expected)", "it reached \(emission.target)", &context)
        }
        // A `workerId` member that is null or no id is still carried (null is not absent).
        let member = emission.payload?["workerId"]
        let named = member.flatMap(\.idText)
        if named != direct || (direct == nil && member != nil) {
            let expected = direct.map { "`workerId` \($0), the worker the post named" } ?? "no `workerId` member, since the post named no worker"
            report("MSG-8", req, [emission.line], "\(expected) in the `new` for \(req)", "`workerId` \(named ?? member?.compactText ?? "absent")", &context)
        }
    }

    /// What one `new` shows alone: a direct one reaching another worker, a channel one naming a worker.
    private mutating func checkWithoutPost(_ emission: Emission, _ context: inout RuleContext) {
        guard let req = emission.req else { return }
        let member = emission.payload?["workerId"]
        let named = member.flatMap(\.idText)
        switch emission.target {
        case .actor(let actor) where actor.role == .worker:
            if let named, named != actor.id {
                report("MSG-3", req, [emission.line], "a direct `new` for worker \(named) reaching only that worker", "it reached \(actor)", &context)
            }
        case .room(let room):
            if room == context.header.profile.channelRoom, let member {
                report("MSG-8", req, [emission.line], "no `workerId` member in a `new` sent to the channel", "`workerId` \(member.compactText)", &context)
            } else if room != context.header.profile.channelRoom, named != room {
                report("MSG-8", req, [emission.line], "`workerId` \(room) in the `new` sent to worker \(room)'s room", "`workerId` \(named ?? "absent")", &context)
            }
        default:
            break
        }
    }

    private mutating func report(_ id: RequirementID, _ req: String, _ lines: [Int], _ expected: String, _ observed: String, _ context: inout RuleContext) {
        guard reported[req, default: []].insert(id).inserted else { return }
        context.report(id, lines: lines, expected: expected, observed: observed)
    }

    mutating func forget(_ req: String) {
        required[req] = nil
        early[req] = nil
        reported[req] = nil
    }
}
