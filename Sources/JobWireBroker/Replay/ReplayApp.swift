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
        /// Why the open connection ended when the app did not close it (the client's end reason).
        var ended: String?
    }

    private struct Waiter {
        var id: UInt64
        var awaited: Occurrence
        /// The event the recording has after the awaited one on this connection: once it came, the awaited one is overdue.
        var overtaker: Occurrence?
        var continuation: CheckedContinuation<WaitOutcome, Never>
    }

    /// The `occurrence`-th event named `event` on an app (from 0).
    struct Occurrence: Sendable {
        var event: String
        var occurrence: Int
    }

    /// How a wait ended.
    enum WaitOutcome: Sendable {
        /// The event came, with this payload.
        case arrived(JSONValue?)
        /// The event the recording has after it came first: Socket.IO keeps one connection's
        /// order, so the awaited one is missing or out of the recorded order (a fence, not a timeout).
        case overtaken
        /// The deadline passed.
        case timedOut
        /// The connection ended first, not closed by the app: why, naming the backend.
        case connectionEnded(String)
    }

    init(actor: TraceActor, recorder: VerifyRecorder) {
        self.actor = actor
        self.recorder = recorder
    }

    /// Connects to `base` over `transports` with the handshake `auth` as recorded (`io.connecting`,
    /// then `io.connected` once accepted); throws the client's error when the backend refuses.
    func connect(base: URL, namespace: String, auth: JSONObject?, transports: [SocketIOClientConfiguration.Transport] = [.websocket]) async throws {
        await disconnect(recording: false)
        let client = try SocketIOClient(url: base, configuration: SocketIOClientConfiguration(transports: transports, connectTimeout: .seconds(15)))
        let stream = client.events(namespace: namespace)
        state.withLock { state in
            state.client = client
            state.namespace = namespace
            state.ended = nil
        }
        Task { [self] in
            for await event in stream { receive(event) }
            if let reason = await client.endReason(namespace: namespace) { connectionEnded(client, reason) }
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
        let woken = state.withLock { state -> [(Waiter, WaitOutcome)] in
            state.received.append((event.name, payload))
            let count = state.received.filter { $0.event == event.name }.count
            let woken: [(Waiter, WaitOutcome)] = state.waiters.compactMap { waiter in
                if waiter.awaited.event == event.name, waiter.awaited.occurrence < count { return (waiter, .arrived(payload)) }
                if let overtaker = waiter.overtaker, overtaker.event == event.name, overtaker.occurrence < count { return (waiter, .overtaken) }
                return nil
            }
            state.waiters.removeAll { waiter in woken.contains { $0.0.id == waiter.id } }
            return woken
        }
        for (waiter, outcome) in woken { waiter.continuation.resume(returning: outcome) }
    }

    /// `client`'s connection ended for `reason`: when it failed (a transport failure, a limit of
    /// the client passed, a protocol violation) and the app had not closed it or opened another,
    /// every wait ends now with the reason, and so does every later one. A backend's close or
    /// DISCONNECT is traffic a recording may hold: waits for it run to their deadline as before.
    private func connectionEnded(_ client: SocketIOClient, _ reason: SocketIOClientError) {
        guard reason.code == .transportFailed || reason.code == .protocolViolation else { return }
        let woken = state.withLock { state -> [Waiter] in
            guard state.client === client else { return [] }
            state.ended = reason.description
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in woken { waiter.continuation.resume(returning: .connectionEnded(reason.description)) }
    }

    /// Waits for `awaited`, at once when it came already; ends early when `overtaker` comes first
    /// (or came already), or when `deadline` passes. Nothing polls: packets' arrival resumes the wait.
    func waitFor(_ awaited: Occurrence, overtaker: Occurrence?, until deadline: ContinuousClock.Instant) async -> WaitOutcome {
        await withCheckedContinuation { continuation in
            let (id, ended) = state.withLock { state -> (UInt64, WaitOutcome?) in
                let matching = state.received.filter { $0.event == awaited.event }
                if awaited.occurrence < matching.count { return (0, .arrived(matching[awaited.occurrence].payload)) }
                if let overtaker, overtaker.occurrence < state.received.filter({ $0.event == overtaker.event }).count { return (0, .overtaken) }
                if let ended = state.ended { return (0, .connectionEnded(ended)) }
                state.nextWaiter += 1
                state.waiters.append(Waiter(id: state.nextWaiter, awaited: awaited, overtaker: overtaker, continuation: continuation))
                return (state.nextWaiter, nil)
            }
            if let ended { return continuation.resume(returning: ended) }
            // Started only once the waiter is in place, so a deadline already past still ends the wait.
            Task { [self] in
                try? await Task.sleep(until: deadline)
                let expired = state.withLock { state -> Waiter? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index)
                }
                expired?.continuation.resume(returning: .timedOut)
            }
        }
    }
}
