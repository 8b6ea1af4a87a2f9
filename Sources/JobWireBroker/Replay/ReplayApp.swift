import Foundation
import JobWire
import SocketIONIO
import SocketIOWire
import Synchronization

/// One recorded app's Socket.IO side during a replay: its connections to the new backend (the
/// kit's SocketIONIO client), every event they receive recorded as `io.in` and kept in order, and
/// waits for the `n`-th event of a name that the arrival ends, or a deadline.
final class ReplayApp: Sendable {
    /// Who the app is in the new traffic's trace.
    let actor: TraceActor
    private let recorder: VerifyRecorder
    private let state = Mutex(State())
    private static let fences = Mutex(0)

    private struct State {
        var client: SocketIOClient?
        var namespace = "/"
        var received: [(event: String, payload: JSONValue?)] = []
        var waiters: [Waiter] = []
        var nextWaiter: UInt64 = 0
    }

    private struct Waiter {
        var id: UInt64
        var event: String
        var occurrence: Int
        var continuation: CheckedContinuation<JSONValue??, Never>
    }

    init(actor: TraceActor, recorder: VerifyRecorder) {
        self.actor = actor
        self.recorder = recorder
    }

    /// Connects to `base` with the handshake `auth` as recorded (`io.connecting`, then
    /// `io.connected` once accepted); throws the client's error when the backend refuses.
    func connect(base: URL, namespace: String, auth: JSONObject?) async throws {
        await disconnect(recording: false)
        let client = try SocketIOClient(url: base, configuration: SocketIOClientConfiguration(transports: [.websocket], connectTimeout: .seconds(15)))
        let stream = client.events(namespace: namespace)
        state.withLock { state in
            state.client = client
            state.namespace = namespace
        }
        Task { [self] in
            for await event in stream { receive(event) }
        }
        let connection = ConnectionRecord(namespace: namespace, auth: auth.map(JSONValue.object))
        recorder.record(actor, .connecting(connection))
        try await client.connect(namespace: namespace, auth: auth)
        recorder.record(actor, .connected(connection))
    }

    /// Emits `message` on the open connection, recorded as `io.out`; false when none is open.
    func emit(_ message: SocketMessage) async throws -> Bool {
        guard let client = state.withLock({ $0.client }) else { return false }
        recorder.record(actor, .socketOut(message))
        let arguments: [SocketIOValue] = message.payload.map { [SocketIOValue($0)] } ?? []
        try await client.emit(message.event, arguments: arguments, namespace: message.namespace)
        return true
    }

    /// Closes the open connection, recorded as `io.disconnected` (reason `client`) when `recording`.
    func disconnect(recording: Bool = true) async {
        let (client, namespace) = state.withLock { state in
            defer { state.client = nil }
            return (state.client, state.namespace)
        }
        guard let client else { return }
        if recording { recorder.record(actor, .disconnected(ConnectionRecord(namespace: namespace, reason: .client))) }
        await client.disconnect()
    }

    /// Fences the open connection (``SocketIOClient/fence(number:)``): what the backend sent it so far is received.
    func fence() async {
        guard let client = state.withLock({ $0.client }) else { return }
        _ = await client.fence(number: Self.fences.withLock { $0 += 1; return $0 })
    }

    /// The payloads of every `event` received so far, in order.
    func received(_ event: String) -> [JSONValue?] {
        state.withLock { $0.received }.filter { $0.event == event }.map(\.payload)
    }

    /// The names of the events received so far, in order.
    var receivedNames: [String] { state.withLock { $0.received.map(\.event) } }

    private func receive(_ event: SocketIOEvent) {
        let payload: JSONValue? = event.arguments.count == 1 ? event.arguments[0].jsonValue : event.arguments.isEmpty ? nil : .array(event.arguments.compactMap(\.jsonValue))
        recorder.record(actor, .socketIn(SocketMessage(event: event.name, payload: payload, namespace: event.namespace)))
        let woken = state.withLock { state in
            state.received.append((event.name, payload))
            let count = state.received.filter { $0.event == event.name }.count
            let woken = state.waiters.filter { $0.event == event.name && $0.occurrence < count }
            state.waiters.removeAll { $0.event == event.name && $0.occurrence < count }
            return woken
        }
        for waiter in woken { waiter.continuation.resume(returning: .some(payload)) }
    }

    /// The payload of the `occurrence`-th `event` (from 0), at once when it came already; nil
    /// when `deadline` passed first. Nothing polls: the packet's arrival resumes the wait.
    func waitFor(_ event: String, occurrence: Int, until deadline: ContinuousClock.Instant) async -> JSONValue?? {
        await withCheckedContinuation { continuation in
            let (id, arrived) = state.withLock { state -> (UInt64, JSONValue??) in
                let matching = state.received.filter { $0.event == event }
                if occurrence < matching.count { return (0, .some(matching[occurrence].payload)) }
                state.nextWaiter += 1
                state.waiters.append(Waiter(id: state.nextWaiter, event: event, occurrence: occurrence, continuation: continuation))
                return (state.nextWaiter, nil)
            }
            if let arrived { return continuation.resume(returning: arrived) }
            // Started only once the waiter is in place, so a deadline already past still ends the wait.
            Task { [self] in
                try? await Task.sleep(until: deadline)
                let expired = state.withLock { state -> Waiter? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index)
                }
                expired?.continuation.resume(returning: nil)
            }
        }
    }
}
