import Foundation
import JobWire
import Logging
@testable import JobWireBroker

/// Runs one scenario live: a ``BrokerSession`` on ``ReferenceBackendServer`` at port 0 on
/// loopback, the fake app over real sockets, a deadline, and everything shut down afterwards.
enum LiveScenario {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    /// At most this many live sessions at once, so a loaded machine keeps loopback delays far
    /// below the scenarios' 250 ms clock-skew tolerance.
    static let lanes = Lanes(Int(ProcessInfo.processInfo.environment["JOBWIRE_LIVE_LANES"] ?? "") ?? 6)

    static func run(_ name: String, faults: AppFaults = [], deadline: Duration = .seconds(30)) async throws -> ScenarioResult {
        await lanes.enter()
        defer { Task { await lanes.leave() } }
        return try await runAlone(name, faults: faults, deadline: deadline)
    }

    private static func runAlone(_ name: String, faults: AppFaults, deadline: Duration) async throws -> ScenarioResult {
        let scenario = ScenarioFixtures.scenario(name)
        let clock = SystemBrokerClock()
        let recorder = try CaptureRecorder(header: scenario.header, path: nil, name: name, keepText: true, reorderWindowMs: BrokerSession.reorderWindowMs)
        let session = BrokerSession(scenario: scenario, clock: clock, recorder: recorder)
        let server = ReferenceBackendServer(host: session, logger: quiet)
        let address = try await server.start(host: "127.0.0.1", port: 0)
        let app = LiveFakeApp(url: URL(string: "http://127.0.0.1:\(address.port ?? 0)")!, config: session.appConfig, faults: faults, clock: clock)
        defer {
            Task {
                await app.stop()
                await server.shutdown()
            }
        }
        try await app.start()
        let result = await withTaskGroup(of: ScenarioResult?.self) { group in
            group.addTask { await session.run() }
            group.addTask {
                try? await Task.sleep(for: deadline)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let result else {
            session.stop("the test's deadline passed")
            throw Timeout(description: "\(name) did not end within \(deadline); capture so far:\n\(recorder.text ?? "")")
        }
        return result
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
