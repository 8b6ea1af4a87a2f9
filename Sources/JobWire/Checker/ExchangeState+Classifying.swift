import SocketIOWire

extension ExchangeState {
    /// A REST request classified against the profile's paths: its call, the ids it names, its
    /// REST-13 shape finding and its STATE-3 key. A function of the request and its sender alone,
    /// so ``TraceEventFacts`` works it out once, on the thread that decodes the event.
    init(classifying request: HTTPRequestRecord, actor: TraceActor, profile: ProtocolProfile) {
        self.init()
        let path = RESTRequestPath(request.path)
        for kind in RESTCallKind.allCases {
            guard let route = profile.routes[kind], let captures = route.match(method: request.method, path: path) else { continue }
            call = kind
            req = captures["ReqID"] ?? request.body?["ReqID"].flatMap(\.idText)
            worker = captures["workerId"] ?? request.body?["workerId"].flatMap(\.idText)
            user = captures["userId"] ?? captures["clientId"]
            break
        }
        if call == nil {
            for kind in TaskCallKind.allCases {
                guard let route = profile.taskRoutes[kind], let captures = route.match(method: request.method, path: path) else { continue }
                task = kind
                taskCaptures = captures
                break
            }
        }
        bearer = request.bearer
        // getJobs names its worker in the query only; a query without one is malformed (REST-13).
        if worker == nil, actor.role == .worker, call != .getJobs, call?.isFixture != true, call != .listRequests {
            worker = actor.id
        }
        requestBody = request.body
        if let call { malformed = PayloadShape.malformedField(call, body: request.body, worker: worker, user: user) }
        repeatKey = STATE3NoRepeatedCall.key(self)
    }
}
