import Foundation
import JobWire
import Logging
@testable import JobWireBroker

/// Runs one scenario live: a ``BrokerSession`` on ``ReferenceBackendServer`` at port 0 on
/// loopback, the fake app over real sockets, a guard against a stalled run, and everything shut down afterwards.
enum LiveScenario {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    /// At most this many live sessions at once, so a loaded machine keeps loopback delays far
    /// below the scenarios' 250 ms clock-skew tolerance.
    static let lanes = Lanes(Int(ProcessInfo.processInfo.environment["JOBWIRE_LIVE_LANES"] ?? "") ?? 6)

    static func run(_ name: String, faults: AppFaults = [], stallGuard: Duration = .hangGuard) async throws -> ScenarioResult {
        await lanes.enter()
        defer { Task { await lanes.leave() } }
        return try await runAlone(name, faults: faults, stallGuard: stallGuard)
    }

    /// Lockstep: virtual time over real sockets. The broker's clock is a ``ManualBrokerClock`` that
    /// moves only when nothing is under way between the session and the app (``PendingWork``), to
    /// the next moment either waits for; every packet and REST call still crosses loopback.
    private static func runAlone(_ name: String, faults: AppFaults, stallGuard: Duration) async throws -> ScenarioResult {
        let scenario = ScenarioFixtures.scenario(name)
        let clock = ManualBrokerClock(start: ScenarioRunner.virtualStart)
        let pending = PendingWork()
        let recorder = try CaptureRecorder(header: scenario.header, path: nil, name: name, keepText: true, reorderWindowMs: BrokerSession.reorderWindowMs)
        let session = BrokerSession(scenario: scenario, clock: clock, recorder: recorder, pending: pending)
        let server = ReferenceBackendServer(host: session, logger: quiet)
        let address = try await server.start(host: "127.0.0.1", port: 0)
        let app = LiveFakeApp(url: URL(string: "http://127.0.0.1:\(address.port ?? 0)")!, config: session.appConfig, faults: faults, clock: clock, lockstep: pending,
            serverSockets: { [server, id = session.appConfig.id] in server.sockets(in: id).count })
        defer {
            Task {
                await app.stop()
                await server.shutdown()
            }
        }
        // The stall guard is a hang guard on progress, not on the whole run: it passes only when the
        // capture gains no line for that long. A starved machine slows every step, and a long
        // scenario on it may take longer than the guard in all, yet never stops progressing.
        var progress = (lines: recorder.lineCount, at: ContinuousClock.now)
        func stalled() -> Bool {
            if recorder.lineCount != progress.lines { progress = (recorder.lineCount, ContinuousClock.now) }
            return ContinuousClock.now - progress.at > stallGuard
        }
        try await app.start()
        while session.nextWake == nil, !session.isFinished, !stalled() {
            try await Task.sleep(for: .milliseconds(1))
        }
        while !session.isFinished, !stalled() {
            // Never move the clock while something is under way: a starved machine makes the
            // test slower, never wrong.
            guard await pending.quiet(within: .seconds(1)) else { continue }
            let next = min(session.nextWake ?? .max, await app.nextTimer ?? .max)
            guard next != .max else {
                try await Task.sleep(for: .milliseconds(1))
                continue
            }
            if next > clock.now() { clock.advance(by: next - clock.now()) }
            session.advance()
            await app.fireDueTimers()
        }
        guard session.isFinished else {
            session.stop("the test's stall guard passed")
            throw Timeout(description: "\(name) stalled: no new line in its capture for \(stallGuard) (\(pending.now) things under way); capture so far:\n\(recorder.text ?? "")")
        }
        return await session.run()
    }
}

/// A counting semaphore for async code.
actor Lanes {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = max(1, count) }

    func enter() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
