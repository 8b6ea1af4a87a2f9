import Foundation
import JobWire
import SocketIONIO
import SocketIOWire

extension BrokerSession {
    /// REST calls of the app under test go through the engine's backend; `/jobwire/` is the kit's own.
    public func handle(_ request: SocketIOHTTPRequest) async -> SocketIOHTTPResponse {
        let path = request.target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.target
        switch (request.method, path) {
        case ("GET", "/jobwire/session"):
            return .json(200, ["ok": true, "scenario": .string(scenario.name), "play": .string(scenario.play.rawValue), "app": appConfig.json])
        case ("POST", "/jobwire/trace"):
            return report(request.body)
        default:
            break
        }
        var body: JSONValue?
        if !request.body.isEmpty {
            do {
                body = try JSONParser.parse(request.body)
            } catch {
                return .json(400, BackendError.badRequest("body", "is not JSON: \(error.reason) at byte \(error.offset + 1)").body)
            }
        }
        startIfNeeded()
        let xid = state.withLock { state in
            defer { state.nextXid += 1 }
            return "h-\(state.nextXid)"
        }
        // A test build says how long it waits for an answer, so a `hang` step can record its give-up.
        let waits = request.headers.first { $0.name.lowercased() == Self.timeoutHeader.lowercased() }.flatMap { Int64($0.value) }.flatMap { $0 > 0 ? $0 : nil }
        let call = AppAction.http(xid: xid, method: request.method, path: request.target, body: body, timeoutMs: waits)
        let outputs = step { engine in engine.appDid([call], at: clock.now()) }
        var answer: SocketIOHTTPResponse?
        var rest: [ScenarioOutput] = []
        for output in outputs {
            if case .toApp(.http(let answered, let status, let body, let error)) = output, answered == xid {
                answer = Self.answer(status: status, body: body, error: error)
            } else {
                rest.append(output)
            }
        }
        guard var response = answer else {
            execute(rest)
            if !isFinished { return await hold(xid) }
            return .json(503, BackendError(.serverError, "the scenario \(scenario.name) is over").body)
        }
        let after = rest
        // What the call caused is under way until it has gone out after the answer.
        pending?.add()
        response.afterSend = { [self] in
            execute(after)
            pending?.done()
        }
        return response
    }

    /// The header a test build sends with each REST call: how many ms it waits for the answer
    /// (the adapter protocol's `timeoutMs`).
    public static let timeoutHeader = "X-JobWire-Timeout-Ms"

    /// A hung call (`hang` step): no answer, the connection held open until the engine says the
    /// app gave up (its `X-JobWire-Timeout-Ms` passed) or the scenario ends; then it closes
    /// unanswered. Meanwhile it is not work under way: the clock may move to the app's give-up.
    private func hold(_ xid: String) async -> SocketIOHTTPResponse {
        pending?.done()
        return await withCheckedContinuation { continuation in
            let held = state.withLock { state -> Bool in
                guard !state.done else { return false }
                state.heldCalls[xid] = continuation
                return true
            }
            if !held { release(continuation) }
        }
    }

    /// Closes a held call's connection unanswered; what the app does next is under way again.
    func release(_ call: CheckedContinuation<SocketIOHTTPResponse, Never>) {
        pending?.add()
        call.resume(returning: Self.answer(status: nil, body: nil, error: "reset"))
    }

    /// The HTTP answer for the engine's: a JSON status and body, or the transport fault a
    /// `lose-answer` (the connection closes unanswered) or `malformed-answer` step asks for.
    static func answer(status: Int?, body: JSONValue?, error: String?) -> SocketIOHTTPResponse {
        switch error {
        case "malformed"?:
            return SocketIOHTTPResponse(status: 200, headers: [("Content-Type", "text/html")], body: "<html><body>502 Bad Gateway</body></html>")
        case .some:
            var reset = SocketIOHTTPResponse(status: 500)
            reset.closesWithoutAnswer = true
            return reset
        case nil:
            return .json(status ?? 500, body ?? .null)
        }
    }

    /// The app under test joined: its reports and emits are listened to, and the scenario starts.
    public func connected(_ socket: SocketIOServerSocket, userID: String, role: TraceRole) {
        guard userID == scenario.app.id, role == scenario.app.role else {
            log("jobwire: \(scenario.name): a \(role.protocolName) connected as \(userID); this scenario's app under test is the \(scenario.app.role.protocolName) \(scenario.app.id)")
            return
        }
        state.withLock { _ = $0.appSockets.insert(socket.id) }
        let id = socket.id
        socket.onDisconnect { [self] _ in state.withLock { _ = $0.appSockets.remove(id) } }
        socket.on("jobwire:trace") { [self] arguments, ack in
            let problems = accept(arguments.first?.jsonValue ?? .null)
            for problem in problems { log("jobwire: \(scenario.name): report refused: \(problem)") }
            ack?.send([SocketIOValue(problems.isEmpty ? ["ok": true] : ["ok": false, "error": .string(problems.joined(separator: "; "))])])
        }
        socket.onAny { [self] event, arguments, _ in
            guard !event.hasPrefix("jobwire:") else { return }
            // An app emitting a protocol event is news (MSG-1); one about a discarded request is DISC-4's.
            execute(step { engine in engine.appDid([.emit(event: event, payload: arguments.first?.jsonValue)], at: clock.now()) })
        }
        startIfNeeded()
    }

    /// Records the drop of a slow consumer: the backend's `io.disconnected` with reason `slow`.
    public func droppedSlowConsumer(_ record: ConnectionRecord) {
        try? recorder.record(TraceEvent(ts: clock.now(), actor: .backend, body: .disconnected(record)))
    }

    /// Records what really left for the app's socket: its `io.in`.
    public func observed(_ record: SocketIOPacketRecord) {
        guard record.direction == .outbound, let socketID = record.socketID, record.namespace == (server.withLock { $0?.profile.namespace } ?? ProtocolProfile.standard.namespace),
            let event = record.packet.eventName, !event.hasPrefix("jobwire:"),
            state.withLock({ $0.appSockets.contains(socketID) })
        else { return }
        let payload = (try? record.packet.arguments())?.first?.jsonValue
        _ = step { engine in engine.appReceived(event: event, payload: payload, at: clock.now()) }
    }

    /// `POST /jobwire/trace`: one event or an array, each written as the app's.
    private func report(_ body: [UInt8]) -> SocketIOHTTPResponse {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body)
        } catch {
            return .json(400, BackendError.badRequest("body", "is not JSON: \(error.reason)").body)
        }
        let problems = accept(value)
        guard problems.isEmpty else { return .json(400, BackendError.badRequest("event", problems.joined(separator: "; ")).body) }
        return .json(200, ["ok": true])
    }

    /// A report's times on the broker's clock, which a console may have paused while the app's
    /// clock ran on (``BrokerClock/reading(atWall:)``): its `ts` and a timer's original
    /// `startedAt` where the broker's clock stood then; a decision's `showAt`, a moment to come,
    /// as far from the report's `ts` as the app put it.
    func onBrokerTime(_ action: AppAction) -> AppAction {
        guard case .trace(let kind, var fields, let ts?) = action else { return action }
        let mapped = clock.reading(atWall: ts)
        guard mapped != ts else { return action }
        if let startedAt = fields["startedAt"]?.integerValue { fields["startedAt"] = .int(clock.reading(atWall: startedAt)) }
        if let showAt = fields["showAt"]?.integerValue { fields["showAt"] = .int(showAt + mapped - ts) }
        return .trace(kind: kind, fields: fields, ts: mapped)
    }

    /// Records reported events (one object or an array) as the app's; returns what was refused.
    func accept(_ value: JSONValue) -> [String] {
        let reports = value.arrayValue ?? [value]
        var actions: [AppAction] = []
        for (index, report) in reports.enumerated() {
            let place = reports.count > 1 ? "[\(index)] " : ""
            if let actor = report["actor"]?.stringValue, actor != scenario.app.role.rawValue {
                return ["\(place)actor: this scenario's app under test is the \(scenario.app.role.rawValue) \(scenario.app.id)"]
            }
            if let id = report["id"], id != .string(scenario.app.id) {
                return ["\(place)id: this scenario's app under test is \(scenario.app.id)"]
            }
            do {
                actions.append(onBrokerTime(try AppAction(json: report)))
            } catch {
                return ["\(place)\(error.message)"]
            }
        }
        startIfNeeded()
        let outputs = step { engine in engine.appDid(actions, at: clock.now()) }
        let refused = outputs.compactMap { output -> String? in
            if case .refused(let text) = output { return text }
            return nil
        }
        execute(outputs)
        return refused
    }
}
