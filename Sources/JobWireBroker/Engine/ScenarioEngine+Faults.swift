import JobWire
import SocketIOWire

/// The app under test's connection in virtual time (Docs/BROKER.md, "Faults"): whether it is
/// connected or killed, until when the network is down and connecting is refused, and whether the
/// app tried to connect by itself since it lost the connection.
struct AppLink: Sendable {
    var connected = true
    var killed = false
    /// The end of the current drop: until then every attempt to connect is refused.
    var downUntil: Int64 = .min
    /// The end of a `refuse-connect` step's window.
    var refusedUntil: Int64 = .min
    /// The app asked to connect (`connect`) since it lost the connection: it manages its own
    /// reconnection, so the kit does not reconnect it.
    var attempted = false
    /// When the kit reconnects an app that does not ask by itself.
    var autoReconnectAt: Int64?

    /// Whether an attempt to connect at `now` succeeds.
    func accepts(at now: Int64) -> Bool { !killed && now >= downUntil && now >= refusedUntil }
}

extension ScenarioEngine {
    /// Runs a fault step: a transport fault, a broken REST answer, or the app killed and relaunched.
    mutating func runFault(_ step: ScenarioStep) {
        switch step.action {
        case .refuseConnect(let ms):
            link.refusedUntil = max(link.refusedUntil, now + ms)
            if let at = link.autoReconnectAt { link.autoReconnectAt = max(at, link.refusedUntil) }
        case .duplicate(let event, let to):
            duplicates.append((event, to))
        case .breakAnswer(let fault, let call, let alias, let from):
            failures.append(FailRule(call: call, answer: .fault(fault), alias: alias, from: from, step: step.index))
        case .kill:
            link.killed = true
            if link.connected { recordAppConnection(.disconnected(.client)) }
            link.connected = false
            link.autoReconnectAt = nil
            // Its timers die with it.
            appWakes = []
            deliver(Delivery(to: appID, input: .lifecycle(.kill)))
        case .relaunch:
            guard link.killed else { return }
            link.killed = false
            link.attempted = false
            // Launching, the app connects as it always does: at once, or when the network lets it.
            if link.accepts(at: now) {
                link.connected = true
            } else {
                link.autoReconnectAt = max(link.downUntil, link.refusedUntil)
            }
            deliver(Delivery(to: appID, input: .lifecycle(.relaunch)))
        default:
            break
        }
    }

    /// The app's network goes away for `ms` without a Socket.IO disconnect: it is told at once,
    /// events meanwhile are lost, and it is connected again no earlier than `ms` from now.
    mutating func dropConnection(for ms: Int64) {
        guard !link.killed else { return }
        link.downUntil = max(link.downUntil, now + ms)
        link.attempted = false
        link.autoReconnectAt = max(link.downUntil, link.refusedUntil)
        guard link.connected else { return }
        link.connected = false
        recordAppConnection(.disconnected(.transport))
        deliver(Delivery(to: appID, input: .connection(connected: false)))
    }

    /// The app asked to connect (`connect`): connected, or refused while the network is down or
    /// connecting is refused. An app already connected is told nothing.
    mutating func appConnects() {
        guard !link.connected, !link.killed else { return }
        link.attempted = true
        link.autoReconnectAt = nil
        recordAppConnection(.connecting)
        guard link.accepts(at: now) else {
            queue.append(Delivery(to: appID, input: .connectionRefused))
            return
        }
        link.connected = true
        recordAppConnection(.connected)
        queue.append(Delivery(to: appID, input: .connection(connected: true)))
    }

    /// The kit reconnects an app that does not ask by itself once the drop and any refusal are over.
    mutating func reconnectIfDue() -> Bool {
        guard let at = link.autoReconnectAt, at <= now else { return false }
        link.autoReconnectAt = nil
        guard !link.connected, !link.killed, !link.attempted else { return true }
        guard link.accepts(at: now) else {
            link.autoReconnectAt = max(link.downUntil, link.refusedUntil)
            return true
        }
        link.connected = true
        recordAppConnection(.connected)
        queue.append(Delivery(to: appID, input: .connection(connected: true)))
        return true
    }
}

extension ScenarioEngine {
    /// Whether an input may reach the app under test now: nothing reaches a killed app but its
    /// relaunch, and no socket event a disconnected one.
    func reachesApp(_ input: AppInput) -> Bool {
        if link.killed {
            if case .lifecycle(.kill) = input { return true }
            if case .lifecycle(.relaunch) = input { return true }
            return false
        }
        if case .socket = input { return link.connected }
        return true
    }

    /// How many times an emission reaches `recipient`: twice after a `duplicate` step for it.
    mutating func copies(of event: String, to recipient: String) -> Int {
        guard let index = duplicates.firstIndex(where: { $0.event == event && $0.to == recipient }) else { return 1 }
        duplicates.remove(at: index)
        return 2
    }
}
