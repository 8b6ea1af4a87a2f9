import JobWire
import SocketIOWire

extension ScenarioEngine {
    /// Runs one REST call of an app through the backend (or a scripted failure) and records both
    /// halves: the app's request, the backend's request, answer and emissions; then delivers the
    /// answer to the caller and the emissions to their rooms.
    mutating func rest(from actorID: String, localXid: String, method: String, path: String, body: JSONValue?, timeoutMs: Int64? = nil) {
        let xid = "x-\(nextXid)"
        nextXid += 1
        calls[xid] = (actorID, localXid)
        let request = HTTPRequestRecord(xid: xid, method: method, path: path, body: body)
        record(traceActor(actorID), .httpRequest(request))
        let (call, req) = Self.classify(method: method, path: path, profile: backend.profile)
        let rule = call.flatMap { takeFailure($0, req: req, from: actorID) }
        var fault: AnswerFault?
        if case .fault(let scripted)? = rule?.answer { fault = scripted }
        if call == .postRequest, fault == .hang || fault == .malformed { forgetPost(of: actorID) }
        switch fault {
        case .hang?:
            // Never answered; an app that said how long it waits gets `timeout` then.
            if let timeoutMs { timed.append((now + timeoutMs, answer(xid, to: actorID, localXid, error: "timeout"))) }
            return
        case .malformed?:
            queue.append(answer(xid, to: actorID, localXid, error: "malformed"))
            return
        case .lost?, nil:
            break
        }
        record(.backend, .httpRequest(request))
        let reply: BackendReply
        if case .failure(let code)? = rule?.answer, let rule {
            reply = .failure(BackendError(code, "scripted by \(scenario.name) steps[\(rule.step)]"))
        } else {
            let bytes = body.map { Array($0.compactText.utf8) } ?? []
            reply = BackendRouter.handle(RESTRequest(method: method, target: path, body: bytes), backend: &backend, now: now)
        }
        record(.backend, .httpResponse(HTTPResponseRecord(xid: xid, status: Int64(reply.status), body: reply.body, contentType: reply.contentType)))
        for emission in reply.emissions {
            record(.backend, emission.sent(in: backend.profile.namespace))
        }
        if reply.status == 200, let call {
            notice(call, req: req, reply: reply, from: actorID)
        } else if call == .postRequest {
            forgetPost(of: actorID)
        }
        if fault == .lost {
            // The backend ran the call; the connection reset before its answer reached the app.
            queue.append(answer(xid, to: actorID, localXid, error: "reset"))
        } else {
            queue.append(Delivery(to: actorID, input: .http(xid: localXid, status: reply.status, body: reply.body, error: nil), traceXid: xid))
        }
        for emission in reply.emissions { emit(emission) }
    }

    /// An `http` input for the caller's `localXid` that carries a transport error.
    private func answer(_ xid: String, to actorID: String, _ localXid: String, error: String) -> Delivery {
        Delivery(to: actorID, input: .http(xid: localXid, status: nil, body: nil, error: error), traceXid: xid)
    }

    /// Moments and deadlines a successful call brings.
    private mutating func notice(_ call: RESTCallKind, req: String?, reply: BackendReply, from actorID: String) {
        switch call {
        case .postRequest:
            guard let reqID = reply.body["ReqID"]?.stringValue else { return }
            openDeadlines[reqID] = now + scenario.settings.timeoutMs
            if var waiting = pendingPosts[actorID], !waiting.isEmpty {
                let alias = waiting.removeFirst()
                pendingPosts[actorID] = waiting
                aliases[alias] = reqID
                aliasOf[reqID] = alias
                moment("\(alias).posted")
                if !reply.emissions.isEmpty { moment("\(alias).new") }
            }
        case .workerAccept:
            if let req, let alias = aliasOf[req] { moment("\(alias).won") }
        case .cancel, .close:
            guard let req else { return }
            openDeadlines[req] = nil
            if let alias = aliasOf[req] { moment("\(alias).ended") }
        case .getJobs, .getRequest, .listRequests, .meProfile, .position, .workerFixture, .clientFixture:
            break
        }
    }

    /// A post of `actorID` failed: the alias its step gave it is never posted.
    private mutating func forgetPost(of actorID: String) {
        guard var waiting = pendingPosts[actorID], !waiting.isEmpty else { return }
        waiting.removeFirst()
        pendingPosts[actorID] = waiting
    }

    /// The scripted failure for this call, if a `fail` step asked for one; it is used up.
    private mutating func takeFailure(_ call: RESTCallKind, req: String?, from actorID: String) -> FailRule? {
        guard let index = failures.firstIndex(where: { rule in
            rule.call == call && (rule.from == nil || rule.from == actorID) && (rule.alias == nil || aliases[rule.alias!] == req)
        }) else { return nil }
        return failures.remove(at: index)
    }

    /// Which protocol call a request is, and the ReqID its path names (REST-2 ... REST-6).
    static func classify(method: String, path: String, profile: ProtocolProfile) -> (RESTCallKind?, String?) {
        for kind in [RESTCallKind.postRequest, .workerAccept, .getJobs, .cancel, .close] {
            guard let route = profile.routes[kind], let captures = route.match(method: method, path: path) else { continue }
            return (kind, captures["ReqID"])
        }
        return (nil, nil)
    }
}
