import Foundation
import SocketIOWire
import Testing

/// `Interop/python_client.py`, the python-socketio client harness, checked against the python-socketio server.
///
/// The harness will be pointed at our server; here it proves itself against the reference,
/// on each transport choice. Every line it prints must say `passed`.
@Suite("python-socketio client harness", .timeLimit(.minutes(1)))
struct PythonClientHarnessTests {
    static let checks = [
        "connect", "auth-event", "auth-event-custom-namespace", "message-back", "message-with-ack", "binary-echo",
        "binary-ack", "binary-from-server", "server-asks-for-ack", "custom-namespace", "heartbeat",
        "server-disconnects-namespace", "refused-namespace", "clean-disconnect",
    ]

    @Test("python_client.py passes every check against python-socketio", arguments: ["polling", "websocket", "polling,websocket"])
    func harness(transports: String) async throws {
        try await withPythonServer { server in
            let python = try InteropPython.interpreter()
            let client = try ChildProcess(executable: python, arguments: [
                InteropPython.clientScript.path, server.url.absoluteString,
                "--transports", transports, "--timeout", "5", "--heartbeat-wait", "1",
            ])
            defer { client.stop() }
            var results: [JSONValue] = []
            while let line = try await client.lines.next(within: .seconds(20), "check line from python_client.py") {
                results.append(try JSONParser.parse(line))
            }
            #expect(await client.waitForExit(within: .seconds(5)))
            #expect(client.exitStatus == 0, "stderr: \(client.standardError)")
            #expect(results.compactMap { $0["check"]?.stringValue } == Self.checks)
            let failed = results.filter { $0["result"] != "passed" }
            #expect(failed.isEmpty, "failed checks: \(failed.map(\.compactText))")
        }
    }
}
