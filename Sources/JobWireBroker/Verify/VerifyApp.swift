import Foundation
import JobWire
import SocketIONIO
import SocketIOWire
import Synchronization

/// One app the kit plays against the backend under test: a Socket.IO client that identifies
/// itself as `{userId, role}` (MSG-2), records its connection as `io.connected` and
/// `io.disconnected`, and every protocol event it receives as `io.in`. It may connect again
/// (``reconnect()``), a new Socket.IO session with the same identity.
public final class VerifyApp: Sendable {
    /// Who the app is in the trace.
    public let actor: TraceActor
    /// The connection now: replaced by ``reconnect()``.
    private let client: Mutex<SocketIOClient>
    private let auth: JSONObject
    private let base: URL
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
        let auth = auth ?? ["userId": .string(actor.id ?? ""), "role": .string(actor.role.rawValue)]
        let app = try VerifyApp(actor: actor, auth: auth, base: base, profile: profile, recorder: recorder)
        try await app.client.withLock { $0 }.connect(namespace: profile.namespace, auth: auth)
        recorder.record(actor, .lifecycle(.launched, stored: StoredState()))
        recorder.record(actor, .connected(ConnectionRecord(namespace: profile.namespace, auth: .object(auth))))
        return app
    }

    private init(actor: TraceActor, auth: JSONObject, base: URL, profile: ProtocolProfile, recorder: VerifyRecorder) throws {
        self.actor = actor
        self.auth = auth
        self.base = base
        self.recorder = recorder
        namespace = profile.namespace
        names = Dictionary(uniqueKeysWithValues: profile.eventNames.map { ($0.value, $0.key) })
        client = Mutex(try Self.socket(base))
        listen(on: client.withLock { $0 })
    }

    /// A client for `base`, not yet connected. 15 s to connect: on a loaded machine dozens of
    /// cases connect at once; a refusal still comes at once.
    private static func socket(_ base: URL) throws -> SocketIOClient {
        try SocketIOClient(url: base, configuration: SocketIOClientConfiguration(transports: [.websocket], connectTimeout: .seconds(15)))
    }

    /// Records every protocol event `client` receives and hands it to the waiters.
    private func listen(on client: SocketIOClient) {
        let (actor, recorder, namespace) = (actor, recorder, namespace)
        for (name, event) in names {
            client.on(name, namespace: namespace) { [weak self] arguments, _ in
                let payload: JSONValue? = arguments.count == 1 ? arguments[0].jsonValue : arguments.isEmpty ? nil : .array(arguments.compactMap(\.jsonValue))
                // Stamped here, on the event loop as the packet is read, so the kit's own scheduling
                // lag does not land on the backend's account.
                recorder.record(actor, .socketIn(SocketMessage(event: name, payload: payload, namespace: namespace)))
                self?.receive(event, payload)
            }
        }
    }

    /// Lets the connection go and connects again with the same identity, as an app does after a
    /// drop: a new Socket.IO session, in the same rooms if the backend puts it there (MSG-2).
    /// Records `io.disconnected` (reason `client`: the app's own doing, so no retake of state is
    /// owed, STATE-6) and, once connected, `io.connected`. What the backend sent in between is
    /// lost to the app, and the checker does not hold it against the backend (Docs/TRACE.md).
    public func reconnect() async throws {
        await disconnect()
        let fresh = try Self.socket(base)
        listen(on: fresh)
        client.withLock { $0 = fresh }
        try await fresh.connect(namespace: namespace, auth: auth)
        recorder.record(actor, .connected(ConnectionRecord(namespace: namespace, auth: .object(auth))))
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
        await client.withLock { $0 }.fence(number: fences.withLock { $0 += 1; return $0 })
    }

    /// Leaves the namespace and closes the connection, recording `io.disconnected` (reason `client`).
    public func disconnect() async {
        recorder.record(actor, .disconnected(ConnectionRecord(namespace: namespace, reason: .client)))
        await client.withLock { $0 }.disconnect()
    }

    /// An id's canonical text (ELIG-2), empty strings included.
    static func id(_ value: JSONValue) -> String? { CanonicalID(json: value)?.text }
}
