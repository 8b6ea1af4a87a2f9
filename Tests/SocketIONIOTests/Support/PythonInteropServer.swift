import Foundation
import SocketIOWire

/// A running `Interop/python_server.py`: a python-socketio AsyncServer on 127.0.0.1 with its own port.
///
/// The first stdout line is the port; every later line is a JSON object the tests search with
/// ``entry(within:where:)``: `received` (a Socket.IO message, text or binary hex), `connect`,
/// `refused`, `disconnect` (namespace and reason), `pong`, `engine-close-packet`,
/// `engine-disconnect` (reason).
final class PythonInteropServer: Sendable {
    /// The child process.
    let process: ChildProcess
    /// The bound port.
    let port: Int
    private let seen = LockedValue<[JSONValue]>([])

    /// `http://127.0.0.1:<port>`.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")!  }

    private init(process: ChildProcess, port: Int) {
        self.process = process
        self.port = port
    }

    /// Starts the server and waits for its port; `pingInterval` and `pingTimeout` are in seconds.
    static func start(pingInterval: Double = 0.3, pingTimeout: Double = 5.0, deadline: Double = 600) async throws -> PythonInteropServer {
        let python = try InteropPython.interpreter()
        let process = try ChildProcess(executable: python, arguments: [
            InteropPython.serverScript.path,
            "--ping-interval", String(pingInterval), "--ping-timeout", String(pingTimeout), "--deadline", String(deadline),
        ])
        do {
            guard let line = try await process.lines.next(within: .hangGuard, "port line from python_server.py"),
                let port = Int(line)
            else {
                throw InteropSetupError("python_server.py printed no port: \(process.standardError)")
            }
            return PythonInteropServer(process: process, port: port)
        } catch {
            process.stop()
            throw InteropSetupError("python_server.py did not start: \(error)\n\(process.standardError)")
        }
    }

    /// The first log entry, seen earlier or arriving within `timeout`, for which `matches` holds.
    /// The deadline only bounds a failing test: a busy machine with Python interpreters beside it
    /// has been seen to take more than 5 s for an entry that must come.
    @discardableResult
    func entry(within timeout: Duration = .hangGuard, where matches: @Sendable (JSONValue) -> Bool) async throws -> JSONValue {
        if let found = seen.withLock({ $0.first(where: matches) }) { return found }
        let end = ContinuousClock.now + timeout
        while true {
            let remaining = end - ContinuousClock.now
            guard remaining > .zero, let line = try await process.lines.next(within: remaining, "matching server log entry") else {
                throw TestTimeout("the server logged no matching entry within \(timeout); seen: \(entries.map(\.compactText))")
            }
            guard let value = try? JSONParser.parse(line) else { continue }
            seen.withLock { $0.append(value) }
            if matches(value) { return value }
        }
    }

    /// Every entry read so far.
    var entries: [JSONValue] { seen.withLock { $0 } }

    /// Entries read so far whose `event` is `name`.
    func entries(named name: String) -> [JSONValue] {
        entries.filter { $0["event"]?.stringValue == name }
    }

    /// Reads the lines that arrived within `duration` into ``entries``.
    func drain(for duration: Duration) async {
        _ = try? await entry(within: duration) { _ in false }
    }

    /// Stops the server.
    func stop() { process.stop() }
}

/// Runs `body` against a fresh python-socketio server that is killed afterwards, whatever happens.
///
/// The test holds a ``PythonPeers`` slot meanwhile, so few Python peers start at once.
func withPythonServer<T: Sendable>(
    pingInterval: Double = 0.3, pingTimeout: Double = 5.0,
    _ body: (PythonInteropServer) async throws -> T
) async throws -> T {
    try await PythonPeers.withSlot {
        let server = try await PythonInteropServer.start(pingInterval: pingInterval, pingTimeout: pingTimeout)
        defer { server.stop() }
        do {
            return try await body(server)
        } catch {
            throw InteropFailure(error: error, serverLog: server.entries.map(\.compactText), serverStderr: server.process.standardError)
        }
    }
}

/// A failed interop step, with what the Python side logged for the report.
struct InteropFailure: Error, CustomStringConvertible {
    var error: any Error
    var serverLog: [String]
    var serverStderr: String

    var description: String {
        "\(error)\n-- server log:\n" + serverLog.joined(separator: "\n") + "\n-- server stderr (tail):\n" + String(serverStderr.suffix(2000))
    }
}
