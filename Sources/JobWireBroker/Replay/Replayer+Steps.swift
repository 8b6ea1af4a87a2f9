import Foundation
import JobWire
import SocketIONIO
import SocketIOWire

extension Replayer {
    /// Plays one recorded step with the recorded ids mapped onto the new backend's, and compares
    /// what comes back at once (a REST answer, a connection accepted or refused).
    func perform(_ step: ReplayStep) async {
        let app = app(step.actor)
        switch step.action {
        case .connect(let auth, let namespace, let accepted):
            let mapped = ids.rewrite(auth.map(JSONValue.object))?.objectValue
            let subject = "the connection of \(step.actor)"
            do {
                try await app.connect(base: options.against, namespace: namespace, auth: mapped, transports: options.transports)
                if !accepted { differences.append(ReplayDifference(line: step.line, subject: subject, detail: "recorded refused, replayed accepted")) }
            } catch {
                if accepted { differences.append(ReplayDifference(line: step.line, subject: subject, detail: "recorded accepted, replayed refused: \(error)")) }
            }
        case .emit(var message):
            message.payload = ids.rewrite(message.payload)
            let sent = (try? await app.emit(message)) ?? false
            if !sent { differences.append(ReplayDifference(line: step.line, subject: "the \(message.event) \(step.actor) emitted", detail: "the replay had no open connection to emit it on")) }
        case .call(let request):
            await call(request, step: step, as: app.actor)
        case .disconnect:
            // Whatever the backend sent before the app leaves is read first, so a missing event is judged after a fence.
            await app.fence()
            await app.disconnect()
        }
    }

    /// One REST call, its path, body and bearer token mapped, its recorded `X-Request-Id` kept;
    /// the answer's ids are learnt and it is compared with the recorded answer.
    func call(_ request: HTTPRequestRecord, step: ReplayStep, as actor: TraceActor) async {
        let path = ids.rewrite(path: request.path)
        let subject = "the answer to \(request.method) \(request.path)"
        let recorded = script.answers[step.actor, request.xid]
        let body = ids.rewrite(request.body).map(VerifyBody.json)
        let bearer = request.bearer.map { ids.rewrite(text: $0) }
        var sent = ProxyHTTPRequest(method: request.method, target: path, headers: [("X-Request-Id", request.xid)], body: body?.bytes ?? Data())
        if body != nil { sent.headers.append(("Content-Type", "application/json")) }
        if let bearer { sent.headers.append(("Authorization", "Bearer \(bearer)")) }
        let started = TraceWriter.now()
        do {
            let answer = try await http.call(actor, "\(request.method) \(path)", body: body, bearer: bearer, headers: ["X-Request-Id": request.xid])
            exchanges.append((sent, ProxyHTTPResponse(status: answer.status, headers: answer.headers, body: answer.bytes), started, TraceWriter.now()))
            guard let recorded else { return }
            let status = recorded.record.status.map { $0 == Int64(answer.status) ? [] : ["status: recorded \($0), replayed \(answer.status)"] } ?? []
            compare(recorded.record.body, answer.body, line: recorded.line, subject: subject, also: status)
        } catch {
            exchanges.append((sent, nil, started, TraceWriter.now()))
            let line = recorded?.line ?? step.line
            let was = recorded.map { $0.record.status.map { "status \($0)" } ?? "error \($0.record.error ?? "")" } ?? "no answer"
            if recorded?.record.error == nil {
                differences.append(ReplayDifference(line: line, subject: subject, detail: "recorded \(was), replayed no answer (\(error.reason))"))
            }
        }
    }
}
