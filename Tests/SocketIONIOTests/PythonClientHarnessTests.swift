import Foundation
import Testing

/// `Interop/python_client.py`, the python-socketio client harness, checked against the python-socketio server.
///
/// The same harness runs against our server in ``PythonClientAgainstOurServerTests``; here it
/// proves itself against the reference, on each transport choice. Every line it prints must
/// say `passed`, the heartbeat check included (3 pings answered on a 300 ms interval).
@Suite("python-socketio client harness", .timeLimit(.minutes(3)))
struct PythonClientHarnessTests {
    @Test("python_client.py passes every check against python-socketio", arguments: ["polling", "websocket", "polling,websocket"])
    func harness(transports: String) async throws {
        try await withPythonServer { server in
            try await PythonClientHarness.run(url: server.url, transports: transports)

            // How the reference sees the client's `sio.disconnect()`: on polling its `41` and `1`
            // arrive; on a WebSocket python-engineio closes the socket right after queueing them,
            // so the reference usually reports `transport close`, as our server does.
            let left = try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" }
            let reasons: Set<String> = transports == "polling" ? ["client disconnect"] : ["client disconnect", "transport close"]
            #expect(reasons.contains(left["reason"]?.stringValue ?? ""), "left / with \(left.compactText)")
        }
    }
}
