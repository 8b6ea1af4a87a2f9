import JobWire
import SocketIOWire

/// The app under test's connection as the app would record it, in virtual time, where the engine
/// plays the network (Docs/BROKER.md, "Faults"): STATE-8 and STATE-9 judge these events.
extension ScenarioEngine {
    /// A change of the app under test's connection as the app would record it (`io.connecting`,
    /// `io.connected` with its handshake auth, `io.disconnected` with why), so STATE-8 and STATE-9
    /// judge it; only in virtual time, where the engine plays the network. A launch connects when
    /// the network lets it and a termination closes the connection (``appLifecycle(_:)``); the kit's
    /// reconnection of an app that does not ask by itself is a connection with no attempt before it.
    mutating func recordAppConnection(_ change: AppConnectionChange) {
        guard recordsAppReceipts else { return }
        let namespace = backend.profile.namespace
        switch change {
        case .connecting: record(appActor, .connecting(ConnectionRecord(namespace: namespace, auth: handshakeAuth)))
        case .connected: record(appActor, .connected(ConnectionRecord(namespace: namespace, auth: handshakeAuth)))
        case .disconnected(let reason): record(appActor, .disconnected(ConnectionRecord(namespace: namespace, reason: reason)))
        }
    }

    /// The handshake auth of the app under test (MSG-2).
    var handshakeAuth: JSONValue { ["userId": .string(appID), "role": .string(scenario.app.role.rawValue)] }

    /// What the app under test's own lifecycle does to its connection: a termination closes it, a
    /// launch opens it at once when the network lets it (otherwise the app's `connect` or the kit's
    /// reconnection does, later).
    mutating func appLifecycle(_ body: TraceEventBody) {
        switch body {
        case .lifecycle(.terminated, _) where link.connected && !link.killed:
            recordAppConnection(.disconnected(.client))
        case .lifecycle(.launched, _) where link.connected:
            recordAppConnection(.connecting)
            recordAppConnection(.connected)
        default:
            break
        }
    }
}

/// What happened to the app under test's connection (``ScenarioEngine/recordAppConnection(_:)``).
enum AppConnectionChange {
    /// It tried to connect (`io.connecting`).
    case connecting
    /// The backend took the connection (`io.connected`).
    case connected
    /// The connection ended, and why (`io.disconnected`).
    case disconnected(DisconnectReason)
}
