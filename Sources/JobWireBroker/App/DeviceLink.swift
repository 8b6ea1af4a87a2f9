/// How the reference apps live with a lost connection and a killed process (Docs/ADAPTER.md,
/// `connection` and `connect`): one attempt to connect a second after the loss and a second after
/// each refusal, as a Socket.IO client retries by default; a killed app does nothing until it is
/// relaunched; every REST call gives up after ``restTimeoutMs`` (a `hang`).
struct DeviceLink: Sendable {
    /// How long after a loss or a refusal the app tries again.
    static let retryMs: Int64 = 1_000
    /// How long the app waits for a REST answer before it takes the call as failed (`timeout`).
    static let restTimeoutMs: Int64 = 10_000

    /// When the next attempt is due, while the app is disconnected.
    var retryAt: Int64?
    /// Terminated by a `kill` and not launched again yet.
    var killed = false

    /// A `kill`: the process is gone with its timers and connection attempts.
    mutating func kill() -> [AppAction] {
        killed = true
        retryAt = nil
        return [.event(.appTerminated)]
    }

    /// While killed: true for the `relaunch` that brings the app back (it launches then), false
    /// for any other input, which a dead app never hears.
    mutating func relaunches(on input: AppInput) -> Bool {
        guard case .lifecycle(.relaunch) = input else { return false }
        killed = false
        return true
    }

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
