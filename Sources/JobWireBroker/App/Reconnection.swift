/// How the reference apps live with a lost connection and a killed process (Docs/ADAPTER.md,
/// `connection` and `connect`): one attempt to connect a second after the loss and a second after
/// each refusal, as a Socket.IO client retries by default; a killed app does nothing until it is
/// relaunched; every REST call gives up after ``restTimeoutMs`` (a `hang`).
struct Reconnection: Sendable {
    /// How long after a loss or a refusal the app tries again.
    static let retryMs: Int64 = 1_000
    /// How long the app waits for a REST answer before it takes the call as failed (`timeout`).
    static let restTimeoutMs: Int64 = 10_000

    /// When the next attempt is due, while the app is disconnected.
    var retryAt: Int64?

    /// Handles a `connection` input: the actions, and whether the connection is back.
    mutating func handle(_ input: AppInput, now: Int64) -> (actions: [AppAction], back: Bool)? {
        switch input {
        case .connection(connected: true):
            retryAt = nil
            return ([], true)
        case .connection(connected: false), .connectionRefused:
            retryAt = now + Self.retryMs
            return ([.timer(at: now + Self.retryMs)], false)
        default:
            return nil
        }
    }

    /// The attempt to connect, when it is due.
    mutating func due(now: Int64) -> [AppAction] {
        guard let at = retryAt, at <= now else { return [] }
        retryAt = nil
        return [.connect]
    }
}
