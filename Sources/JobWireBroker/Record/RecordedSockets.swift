import Foundation
import JobWire
import SocketIOWire

/// What `jobwire record` reads out of the Engine.IO packets passing through: which session each
/// belongs to, which app (by its handshake `auth`, MSG-2, read with ``HandshakeIdentity``) owns each
/// namespace connection, and the trace events they make: `io.connecting` for an app's connect
/// packet, `io.connected` for the backend's acceptance, `io.out` for an event the app sent,
/// `io.in` for one it received, `io.disconnected` for a disconnect either way or a dropped session.
///
/// A connection whose `auth` is malformed has no actor to write for (Docs/TRACE.md: an app's
/// events carry its role and id), so its events are not recorded.
struct RecordedSockets {
    /// One namespace connection of a session.
    struct Connection {
        /// The handshake's auth as sent, redacted.
        var auth: JSONValue?
        /// The app, when its auth is well formed.
        var actor: TraceActor?
        var connected = false
    }

    /// The connections of each Engine.IO session, by session id.
    private var sessions: [String: [String: Connection]] = [:]
    /// The session each WebSocket link carries.
    private var links: [Int: String] = [:]

    /// The events of `packets` that passed in session `sid` (nil for a handshake, whose open packet names it), from the app when `fromApp`.
    mutating func events(
        of packets: [EngineIOPacket], sid: String?, fromApp: Bool, secrets: inout SecretPseudonyms
    ) -> (sid: String?, events: [(TraceActor, TraceEventBody)]) {
        var sid = sid
        var events: [(TraceActor, TraceEventBody)] = []
        for packet in packets {
            switch packet {
            case .open(let handshake):
                sid = handshake.sid
            case .message(let text):
                guard let sid, let header = try? SocketIOPacketHeader(decoding: text) else { continue }
                events += socket(header, sid: sid, fromApp: fromApp, secrets: &secrets)
            case .close:
                guard let sid else { continue }
                events += drop(sid, reason: fromApp ? .client : .server)
            default:
                continue
            }
        }
        return (sid, events)
    }

    /// Remembers that WebSocket `link` carries session `sid`.
    mutating func attach(link: Int, to sid: String) { links[link] = sid }

    /// The session WebSocket `link` carries, once known.
    func session(of link: Int) -> String? { links[link] }

    /// The end of WebSocket `link`: its session's open connections end with `reason`.
    mutating func closed(link: Int, reason: DisconnectReason) -> [(TraceActor, TraceEventBody)] {
        guard let sid = links.removeValue(forKey: link) else { return [] }
        return drop(sid, reason: reason)
    }

    private mutating func socket(_ packet: SocketIOPacketHeader, sid: String, fromApp: Bool, secrets: inout SecretPseudonyms) -> [(TraceActor, TraceEventBody)] {
        let namespace = packet.namespace
        var connection = sessions[sid]?[namespace] ?? Connection()
        defer { sessions[sid, default: [:]][namespace] = connection }
        switch (packet.type, fromApp) {
        case (.connect, true):
            connection = Connection(auth: packet.payload.map { secrets.json($0) }, actor: HandshakeIdentity(auth: packet.payload).map { TraceActor($0.role, id: $0.userID.text) })
            return connection.actor.map { [($0, .connecting(ConnectionRecord(namespace: namespace, auth: connection.auth)))] } ?? []
        case (.connect, false):
            connection.connected = true
            return connection.actor.map { [($0, .connected(ConnectionRecord(namespace: namespace, auth: connection.auth)))] } ?? []
        case (.event, _), (.binaryEvent, _):
            guard let actor = connection.actor, let name = packet.payload?.arrayValue?.first?.stringValue else { return [] }
            let payload = packet.payload?.arrayValue?.dropFirst().first.map { secrets.json($0) }
            let message = SocketMessage(event: name, payload: payload, namespace: namespace)
            return [(actor, fromApp ? .socketOut(message) : .socketIn(message))]
        case (.disconnect, _):
            guard connection.connected, let actor = connection.actor else { return [] }
            connection.connected = false
            return [(actor, .disconnected(ConnectionRecord(namespace: namespace, reason: fromApp ? .client : .server)))]
        default:
            return []
        }
    }

    /// Ends every open connection of session `sid` with `reason`, and forgets the session.
    private mutating func drop(_ sid: String, reason: DisconnectReason) -> [(TraceActor, TraceEventBody)] {
        guard let connections = sessions.removeValue(forKey: sid) else { return [] }
        return connections.sorted { $0.key < $1.key }.compactMap { namespace, connection in
            guard connection.connected, let actor = connection.actor else { return nil }
            return (actor, .disconnected(ConnectionRecord(namespace: namespace, reason: reason)))
        }
    }
}
