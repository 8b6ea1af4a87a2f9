import JobWire
import SocketIOWire

/// Which app sent a REST call the proxy saw. HTTP carries no Socket.IO identity, so the call says
/// it (PROTOCOL.md's bodies and paths): a post request is its `clientId`'s, a WorkerAccept, a
/// getJobs and the worker calls their `workerId`'s, a cancel its request's poster's, a close its
/// `by` side's, a task API call the account whose token it bears. What the answers taught
/// (who posted and who won each request, whose each token is) fills in what a body leaves out.
/// A call that names nobody is written for an unnamed client app.
struct RecordedCallers {
    let profile: ProtocolProfile
    private var posters: [String: String] = [:]
    private var winners: [String: String] = [:]
    private var holders: [String: String] = [:]

    init(profile: ProtocolProfile) {
        self.profile = profile
    }

    /// The app that sent `method path` with `body` and the raw bearer token `bearer`.
    func caller(method: String, path: String, body: JSONValue?, bearer: String?) -> TraceActor {
        let split = RESTRequestPath(path)
        func values(_ kind: RESTCallKind) -> [String: String]? { profile.routes[kind]?.match(method: method, path: split) }
        func id(_ key: String) -> String? { body?[key]?.idText }
        if values(.postRequest) != nil { return client(id("clientId")) }
        for kind in [RESTCallKind.workerAccept, .getJobs, .meProfile, .position, .workerFixture] {
            if let values = values(kind), let worker = values["workerId"] ?? id("workerId") { return TraceActor(.worker, id: worker) }
        }
        if let values = values(.cancel) { return client(id("clientId") ?? values["ReqID"].flatMap { posters[$0] }) }
        if let values = values(.close) {
            let req = values["ReqID"]
            if body?["by"]?.stringValue == "worker", let worker = id("workerId") ?? req.flatMap({ winners[$0] }) { return TraceActor(.worker, id: worker) }
            return client(id("clientId") ?? req.flatMap { posters[$0] })
        }
        if let values = values(.clientFixture) { return client(values["clientId"]) }
        if let bearer, let holder = holders[bearer] { return client(holder) }
        if let worker = id("workerId") { return TraceActor(.worker, id: worker) }
        return client(id("clientId") ?? id("userId"))
    }

    /// Learns from a successful answer: a post's poster, a WorkerAccept's winner, a sign-up's or log-in's token holder.
    mutating func learn(method: String, path: String, request: JSONValue?, status: Int, answer: JSONValue?) {
        guard (200..<300).contains(status), let answer else { return }
        let split = RESTRequestPath(path)
        if profile.routes[.postRequest]?.match(method: method, path: split) != nil, let req = answer["ReqID"]?.idText, let client = request?["clientId"]?.idText {
            posters[req] = client
        }
        if let values = profile.routes[.workerAccept]?.match(method: method, path: split), let req = answer["ReqID"]?.idText ?? values["ReqID"], let worker = request?["workerId"]?.idText {
            winners[req] = worker
        }
        for kind in [TaskCallKind.signUp, .logIn] where profile.taskRoutes[kind]?.match(method: method, path: split) != nil {
            if let token = answer["token"]?.stringValue, let user = answer["userId"]?.idText { holders[token] = user }
        }
    }

    private func client(_ id: String?) -> TraceActor { TraceActor(.client, id: id) }
}
