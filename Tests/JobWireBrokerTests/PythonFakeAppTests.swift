import Foundation
import JobWire
import Testing
@testable import JobWireBroker

/// A scenario driven by a third-party client: python-socketio's AsyncClient playing the worker
/// app (Interop/fake_worker_app.py, the example worker adapter's logic on the live wire).
@Suite(.timeLimit(.minutes(1)))
struct PythonFakeAppTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Interop/fake_worker_app.py")

    @Test func pythonSocketIOPlaysTheWorkerAppOfWorkerHappy() async throws {
        let python = try #require(ProcessInfo.processInfo.environment["JOBWIRE_PYTHON"], "run through ./Scripts/test, which sets JOBWIRE_PYTHON to a Python with python-socketio")
        let scenario = ScenarioFixtures.scenario("worker-happy")
        let recorder = try CaptureRecorder(header: scenario.header, path: nil, name: scenario.name, keepText: true, reorderWindowMs: BrokerSession.reorderWindowMs)
        let session = BrokerSession(scenario: scenario, clock: SystemBrokerClock(), recorder: recorder)
        let server = ReferenceBackendServer(host: session, logger: LiveScenario.quiet)
        let address = try await server.start(host: "127.0.0.1", port: 0)
        let app = try ChildProgram(python, [Self.script.path, "http://127.0.0.1:\(address.port ?? 0)"])
        defer {
            app.stop()
            Task { await server.shutdown() }
        }
        let result = await withTaskGroup(of: ScenarioResult?.self) { group in
            group.addTask { await session.run() }
            group.addTask {
                try? await Task.sleep(for: .seconds(30))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let result else {
            session.stop("deadline")
            Issue.record("the scenario did not end; python said:\n\(app.text)\ncapture:\n\(recorder.text ?? "")")
            return
        }
        #expect(result.failedIDs.isEmpty, "\(result.failedIDs)\n\(app.text)\n\(result.capture ?? "")")
        #expect(result.notes.isEmpty, "\(result.notes)\n\(app.text)")
        let capture = result.capture ?? ""
        #expect(capture.contains(#""actor":"worker","id":"w-1","kind":"offer.shown""#), "the python app reported its offer")
        #expect(capture.contains(#""actor":"worker","id":"w-1","kind":"alert.shown","alert":"acceptSuccess""#))
    }
}
