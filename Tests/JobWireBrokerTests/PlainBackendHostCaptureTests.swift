import JobWire
import Logging
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The plain backend's own capture shows calls in the order it decided them: however many
/// WorkerAccepts race, the capture of the session checks clean (REST-8, FLOW-3, REST-14).
struct PlainBackendHostCaptureTests {
    @Test func racingWorkerAcceptsAreCapturedInTheOrderTheyWereDecided() async throws {
        for round in 0..<30 {
            let recorder = try CaptureRecorder(header: TraceHeader(roles: [.backend]), path: nil, name: "race-\(round).jsonl")
            var backend = JobDispatchBackend()
            for index in 0..<16 { backend.register(JobDispatchBackendTests.worker("w-\(index)")) }
            let host = PlainBackendHost(backend: backend, clock: SystemBrokerClock(), recorder: recorder)
            // The server only carries the emissions; nothing connects to it.
            _ = ReferenceBackendServer(host: host, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
            let post = host.call(RESTRequest(method: "POST", target: "/api/requests", body: Array(JobDispatchBackendTests.post().compactText.utf8), headers: [:]))
            let req = try #require(post.body["ReqID"]?.stringValue)
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        _ = host.call(RESTRequest(method: "POST", target: "/api/requests/\(req)/accept", body: Array(#"{"workerId":"w-\#(index)"}"#.utf8), headers: [:]))
                    }
                }
            }
            let verdict = recorder.finish()
            #expect(verdict.failedIDs.isEmpty, "round \(round): \(verdict.rules.filter(\.failed).flatMap(\.violations))")
        }
    }
}
