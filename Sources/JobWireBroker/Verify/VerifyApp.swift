import Foundation
import JobWire
import SocketIONIO
import SocketIOWire
import Synchronization

/// One app the kit plays against the backend under test: a Socket.IO client that identifies
/// itself as `{userId, role}` (MSG-2), records its connection as `io.connected` and
/// `io.disconnected`, and every protocol event it receives as `io.in`.
public final class VerifyApp: Sendable {
    /// Who the app is in the trace.
    public let actor: TraceActor
    private let client: SocketIOClient
    private let recorder: VerifyRecorder
    private let namespace: String
    private let names: [String: ProtocolEvent]
    private let inbox = Mutex(Inbox())
    private let fences = Mutex(0)

    /// What the app received, and who waits for what.
    struct Inbox {
        var received: [(event: ProtocolEvent, payload: JSONValue?)] = []
        var waiters: [Waiter] = []
    }

    /// A step waiting for `event` about `req`.
    struct Waiter {
        var id: UInt64
        var event: ProtocolEvent
        var req: String
        var continuation: CheckedContinuation<Bool, Never>
    }

    /// Connects as `actor` and records `app.launched` and `io.connected` once connected; a refused
    /// connection records nothing and throws.
    /// `auth` replaces the handshake's `{userId, role}` taken from `actor`, to try malformed ones (MSG-16).
    public static func connect(_ actor: TraceActor, auth: JSONObject? = nil, base: URL, profile: ProtocolProfile, recorder: VerifyRecorder) async throws -> VerifyApp {
        // 15 s: on a loaded machine dozens of cases connect at once; a refusal still comes at once.
        let client = try SocketIOClient(url: base, configuration: SocketIOClientConfiguration(transports: [.websocket], connectTimeout: .seconds(15)))
        let app = VerifyApp(actor: actor, client: client, profile: profile, recorder: recorder)
        for (name, event) in app.names {
            client.on(name, namespace: profile.namespace) { [weak app] arguments, _ in
                let payload: JSONValue? = arguments.count == 1 ? arguments[0].jsonValue : arguments.isEmpty ? nil : .array(arguments.compactMap(\.jsonValue))
                // Stamped here, on the event loop as the packet is read, so the kit's own scheduling
                // lag does not land on the backend's account.
                recorder.record(actor, .socketIn(SocketMessage(event: name, payload: payload, namespace: profile.namespace)))
                app?.receive(event, payload)
            }
        }
        let auth = auth ?? ["userId": .string(actor.id ?? ""), "role": .string(actor.role.rawValue)]
        try await client.connect(namespace: profile.namespace, auth: auth)
        recorder.record(actor, .lifecycle(.launched, stored: StoredState()))
        recorder.record(actor, .connected(ConnectionRecord(namespace: profile.namespace, auth: .object(auth))))
        return app
    }

    private init(actor: TraceActor, client: SocketIOClient, profile: ProtocolProfile, recorder: VerifyRecorder) {
        self.actor = actor
        self.client = client
        self.recorder = recorder
        namespace = profile.namespace
        names = Dictionary(uniqueKeysWithValues: profile.eventNames.map { ($0.value, $0.key) })
    }

    /// The payloads of `event` received so far for request `req`.
    public func received(_ event: ProtocolEvent, req: String) -> [JSONValue] {
        inbox.withLock { $0.received }.filter { $0.event == event && $0.payload?["ReqID"].flatMap(Self.id) == req }.compactMap(\.payload)
    }

    private func receive(_ event: ProtocolEvent, _ payload: JSONValue?) {
        let req = payload?["ReqID"].flatMap(Self.id)
        let woken = inbox.withLock { inbox in
            inbox.received.append((event, payload))
            let (woken, waiting) = (inbox.waiters.filter { $0.event == event && $0.req == req }, inbox.waiters.filter { $0.event != event || $0.req != req })
            inbox.waiters = waiting
            return woken
        }
        for waiter in woken { waiter.continuation.resume(returning: true) }
    }

    private static let waiterIDs = Mutex<UInt64>(0)

    /// Waits for `event` about `req`, at once when it came already; false when `deadline` passed
    /// first. Nothing polls: the packet's arrival resumes the wait.
    @discardableResult
    public func waitFor(_ event: ProtocolEvent, req: String, until deadline: ContinuousClock.Instant) async -> Bool {
        let id = Self.waiterIDs.withLock { $0 += 1; return $0 }
        return await withCheckedContinuation { continuation in
            let arrived = inbox.withLock { inbox in
                if inbox.received.contains(where: { $0.event == event && $0.payload?["ReqID"].flatMap(Self.id) == req }) { return true }
                inbox.waiters.append(Waiter(id: id, event: event, req: req, continuation: continuation))
                return false
            }
            guard !arrived else { return continuation.resume(returning: true) }
            // Started only once the waiter is in place, so a deadline already past still ends the wait.
            Task { [self] in
                try? await Task.sleep(until: deadline)
                let expired = inbox.withLock { inbox -> Waiter? in
                    guard let index = inbox.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return inbox.waiters.remove(at: index)
                }
                expired?.continuation.resume(returning: false)
            }
        }
    }

    /// Waits until every packet the backend wrote to this app's connection before now has been
    /// handled (``SocketIOClient/fence(number:)``); false when no answer came within the connect timeout.
    @discardableResult
    public func fence() async -> Bool {
        await client.fence(number: fences.withLock { $0 += 1; return $0 })
    }

    /// Leaves the namespace and closes the connection, recording `io.disconnected` (reason `client`).
    public func disconnect() async {
        recorder.record(actor, .disconnected(ConnectionRecord(namespace: namespace, reason: .client)))
        await client.disconnect()
    }

    /// An id's canonical text (ELIG-2), empty strings included.
    static func id(_ value: JSONValue) -> String? { CanonicalID(json: value)?.text }
}
