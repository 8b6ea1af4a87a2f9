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
    private let inbox = Mutex<[(event: ProtocolEvent, payload: JSONValue?)]>([])

    /// Connects as `actor` and records `app.launched` and `io.connected` once connected; a refused
    /// connection records nothing and throws.
    public static func connect(_ actor: TraceActor, base: URL, profile: VerifyProfile, recorder: VerifyRecorder) async throws -> VerifyApp {
        // 15 s: on a loaded machine dozens of cases connect at once; a refusal still comes at once.
        let client = try SocketIOClient(url: base, configuration: SocketIOClientConfiguration(transports: [.websocket], connectTimeout: .seconds(15)))
        let app = VerifyApp(actor: actor, client: client, profile: profile, recorder: recorder)
        for (name, event) in app.names {
            client.on(name, namespace: profile.namespace) { [weak app] arguments, _ in
                let payload: JSONValue? = arguments.count == 1 ? arguments[0].jsonValue : arguments.isEmpty ? nil : .array(arguments.compactMap(\.jsonValue))
                var fields: JSONObject = ["event": .string(name)]
                if let payload { fields["payload"] = payload }
                fields["nsp"] = .string(profile.namespace)
                recorder.record(actor, .socketIn, fields)
                app?.inbox.withLock { $0.append((event, payload)) }
            }
        }
        let auth: JSONObject = ["userId": .string(actor.id ?? ""), "role": .string(actor.role.rawValue)]
        try await client.connect(namespace: profile.namespace, auth: auth)
        recorder.record(actor, .appLaunched)
        recorder.record(actor, .socketConnected, ["nsp": .string(profile.namespace), "auth": .object(auth)])
        return app
    }

    private init(actor: TraceActor, client: SocketIOClient, profile: VerifyProfile, recorder: VerifyRecorder) {
        self.actor = actor
        self.client = client
        self.recorder = recorder
        namespace = profile.namespace
        names = Dictionary(uniqueKeysWithValues: profile.events.map { ($0.value, $0.key) })
    }

    /// The payloads of `event` received so far for request `req`.
    public func received(_ event: ProtocolEvent, req: String) -> [JSONValue] {
        inbox.withLock { $0 }.filter { $0.event == event && $0.payload?["ReqID"].flatMap(Self.id) == req }.compactMap(\.payload)
    }

    /// Waits up to `milliseconds` of real time for `event` about `req`; true when it came.
    @discardableResult
    public func waitFor(_ event: ProtocolEvent, req: String, within milliseconds: Int64) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while ContinuousClock.now < deadline {
            if !received(event, req: req).isEmpty { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return !received(event, req: req).isEmpty
    }

    /// Leaves the namespace and closes the connection, recording `io.disconnected` (reason `client`).
    public func disconnect() async {
        recorder.record(actor, .socketDisconnected, ["nsp": .string(namespace), "reason": "client"])
        await client.disconnect()
    }

    static func id(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        default: return nil
        }
    }
}
