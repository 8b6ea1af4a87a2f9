import Foundation
import SocketIOWire
import Testing

/// Runs `Interop/python_client.py` against a server and checks that every check passed.
///
/// The script prints one JSON line per check (`check`, `result`, `detail`) and exits 0 when all
/// passed; ``run(url:transports:heartbeatWait:minimumPings:sourceLocation:)`` records an issue
/// for a missing, extra or failed check, a non-zero exit, or a child still running at the deadline.
enum PythonClientHarness {
    /// The checks python_client.py runs, in order.
    static let checks = [
        "connect", "auth-event", "auth-event-custom-namespace", "message-back", "message-with-ack", "binary-echo",
        "binary-ack", "binary-from-server", "server-asks-for-ack", "custom-namespace", "heartbeat",
        "server-disconnects-namespace", "refused-namespace", "clean-disconnect",
    ]

    /// Runs the script with `--transports transports` and returns its check lines; the child is always stopped.
    ///
    /// The heartbeat check waits for `minimumPings` answered pings, `heartbeatWait` seconds at most.
    /// The test holds a ``PythonPeers`` slot while the script runs.
    @discardableResult
    static func run(
        url: URL, transports: String, heartbeatWait: Double = 10, minimumPings: Int = 3,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [JSONValue] {
        try await PythonPeers.withSlot {
            let python = try InteropPython.interpreter()
            let client = try ChildProcess(executable: python, arguments: [
                InteropPython.clientScript.path, url.absoluteString,
                "--transports", transports, "--timeout", "120",
                "--heartbeat-wait", String(heartbeatWait), "--min-pings", String(minimumPings),
            ])
            defer { client.stop() }
            // Each check waits up to its --timeout (a hang guard of its own) before it prints a line.
            var results: [JSONValue] = []
            while let line = try await client.lines.next(within: .hangGuard, "check line from python_client.py") {
                results.append(try JSONParser.parse(line))
            }
            #expect(await client.waitForExit(within: .hangGuard), "python_client.py did not exit", sourceLocation: sourceLocation)
            #expect(client.exitStatus == 0, "stderr: \(client.standardError)", sourceLocation: sourceLocation)
            #expect(results.compactMap { $0["check"]?.stringValue } == checks, sourceLocation: sourceLocation)
            let failed = results.filter { $0["result"] != "passed" }
            #expect(failed.isEmpty, "failed checks: \(failed.map(\.compactText))", sourceLocation: sourceLocation)
            return results
        }
    }
}
