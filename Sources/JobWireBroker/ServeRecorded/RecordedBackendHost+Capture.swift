import Foundation
import JobWire
import SocketIONIO
import SocketIOWire

extension RecordedBackendHost {
    /// The header of a served session's capture: the recording's names and tolerances, the
    /// backend and the recording's apps as its roles, and those apps as its `subject`: the
    /// recorded backend is the kit's fixture here, so only the apps under test are judged, as in
    /// any broker session (Docs/BROKER.md).
    public static func servedHeader(recording: TraceHeader, script: RecordedScript, file: String) -> TraceHeader {
        var header = recording
        header.roles = script.appRoles.union([.backend])
        header.subject = script.appRoles
        header.description = "served by jobwire broker --replay from \(file): the apps under test against the recorded backend"
        return header
    }

    /// Records one line of the served session, writing what the reorder window let through.
    func record(_ event: TraceEvent) {
        guard let recorder else { return }
        try? recorder.record(event)
        recorder.flush(now: clock.now())
    }

    /// An app connected: the backend's and the app's `io.connected`, and their `io.disconnected` when it ends.
    func recordConnection(of socket: SocketIOServerSocket, as actor: TraceActor, at now: Int64) {
        let auth = JSONValue.object(socket.auth)
        sockets.withLock { $0[socket.id] = actor }
        record(TraceEvent(ts: now, actor: .backend, body: .connected(ConnectionRecord(namespace: socket.namespace, auth: auth))))
        record(TraceEvent(ts: now, actor: actor, body: .connected(ConnectionRecord(namespace: socket.namespace, auth: auth))))
        let id = socket.id
        socket.onDisconnect { [self] reason in
            sockets.withLock { _ = $0.removeValue(forKey: id) }
            let now = clock.now()
            let why = Self.reason(reason)
            record(TraceEvent(ts: now, actor: .backend, body: .disconnected(ConnectionRecord(namespace: socket.namespace, auth: auth, reason: why))))
            record(TraceEvent(ts: now, actor: actor, body: .disconnected(ConnectionRecord(namespace: socket.namespace, reason: why))))
            departed(actor)
        }
    }

    /// The trace's reason for a Socket.IO disconnection (Docs/TRACE.md, `io.disconnected`).
    static func reason(_ reason: SocketIODisconnectReason) -> DisconnectReason {
        switch reason {
        case .clientNamespaceDisconnect: return .client
        case .serverNamespaceDisconnect, .serverShuttingDown, .forcedServerClose: return .server
        case .pingTimeout: return .ping
        default: return .transport
        }
    }

    /// What really left for an app's socket: its `io.in`.
    public func observed(_ packet: SocketIOPacketRecord) {
        guard packet.direction == .outbound, let socketID = packet.socketID, let event = packet.packet.eventName, !event.hasPrefix("jobwire:"),
            let actor = sockets.withLock({ $0[socketID] })
        else { return }
        let payload = (try? packet.packet.arguments())?.first?.jsonValue
        record(TraceEvent(ts: clock.now(), actor: actor, body: .socketIn(SocketMessage(event: event, payload: payload, namespace: packet.namespace))))
    }

    /// Records an app's `jobwire:trace` report (one event or an array, without `actor` and `id`:
    /// the handshake says who it is; `ts` the app's clock, else now) as its lines; returns what
    /// was refused: a wire kind (the broker records the wire), or an event the checker cannot read.
    func accept(_ value: JSONValue, from actor: TraceActor) -> [String] {
        guard let recorder else { return [] }
        let reports = value.arrayValue ?? [value]
        var events: [TraceEvent] = []
        for (index, report) in reports.enumerated() {
            let place = reports.count > 1 ? "[\(index)] " : ""
            guard case .object(var object) = report else { return ["\(place)a report is a JSON object"] }
            if let kind = object["kind"]?.stringValue, kind.hasPrefix("io.") || kind.hasPrefix("http.") {
                return ["\(place)kind: \(kind) is on the wire, which the broker records itself"]
            }
            if let claimed = object["actor"]?.stringValue, claimed != actor.role.rawValue { return ["\(place)actor: this socket is the \(actor)"] }
            object["actor"] = .string(actor.role.rawValue)
            object["id"] = actor.id.map(JSONValue.string)
            if object["ts"] == nil { object["ts"] = .int(clock.now()) }
            do {
                events.append(try TraceEvent(json: .object(object), header: recorder.header, file: "jobwire:trace", line: index + 1))
            } catch {
                return ["\(place)\(error.field.map { "\($0): " } ?? "")\(error.message)"]
            }
        }
        for event in events { record(event) }
        return []
    }
}
