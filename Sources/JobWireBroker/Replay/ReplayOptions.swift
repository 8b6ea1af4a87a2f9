import Foundation
import JobWire
import SocketIONIO

/// How `jobwire replay` plays a capture.
public struct ReplayOptions: Sendable {
    /// The backend to play against, `http://host:port`.
    public var against: URL
    /// As fast as causality allows: a step waits only for the events it depends on, not for its recorded time.
    public var fast = false
    /// How long a step waits for a recorded event it depends on, and the end for the events still owed.
    public var stepTimeoutMs: Int64 = 5_000
    /// Members left out of the comparison besides assigned ids: timestamps and the `--volatile` entries.
    public var volatile = VolatileMembers()
    /// Where to write the new traffic's trace, if anywhere.
    public var capturePath: String?
    /// How the secrets of the new traffic are kept out of its trace and HAR (Docs/RECORD.md, Secrets).
    public var redaction = SecretRedaction()
    /// Where to write the REST exchanges of the new traffic as HAR 1.2, if anywhere.
    public var harPath: String?

    /// The Engine.IO transports the apps connect over, in order: WebSocket alone by default.
    public var transports: [SocketIOClientConfiguration.Transport] = [.websocket]

    /// The transports `--transport` names: `websocket`, `polling` (long-polling only) or
    /// `upgrade` (polling, then the WebSocket upgrade); nil for another name.
    public static func transports(named name: String) -> [SocketIOClientConfiguration.Transport]? {
        ["websocket": [.websocket], "polling": [.polling], "upgrade": [.polling, .websocket]][name]
    }

    /// Options to play against `against`, at the recorded pace.
    public init(against: URL) { self.against = against }
}
