import Foundation

/// How to start one server under test as a child process, and one measured run against it.
///
/// JobWire's server is this executable's hidden `bench fanout-server`; python-socketio's is
/// Scripts/bench/python_fanout_server.py of the checkout, run by the Python that has the
/// packages of Scripts/requirements-test.txt.
public struct FanoutServerLauncher: Sendable {
    /// The server's name in the report, e.g. `python-socketio`.
    public var name: String
    /// The program that serves.
    public var executable: URL
    /// Its arguments.
    public var arguments: [String]
    /// What the load generator goes through to the server, if anything (`--through-record`).
    public var relay: FanoutRelay?

    /// A launcher of `executable` with `arguments`.
    public init(name: String, executable: URL, arguments: [String]) {
        self.name = name
        self.executable = executable
        self.arguments = arguments
    }

    /// Starts the server, runs `benchmark` against it and stops it, whatever the outcome.
    public func measure(_ benchmark: FanoutBenchmark) async throws -> FanoutRunResult {
        let (process, port) = try await FanoutServerProcess.start(name: name, executable: executable, arguments: arguments)
        var stopRelay: (@Sendable () async -> Void)?
        do {
            var target = port
            if let relay { (target, stopRelay) = try await relay.start(port) }
            let result = try await benchmark.run(server: process, port: target)
            await stopRelay?()
            await process.stop()
            return result
        } catch {
            await stopRelay?()
            await process.stop()
            throw error
        }
    }

    /// The same server measured through `relay`, named `name`.
    public func through(_ relay: FanoutRelay, name: String) -> FanoutServerLauncher {
        var launcher = self
        launcher.relay = relay
        launcher.name = name
        return launcher
    }

    /// JobWire's server: `executable bench fanout-server --threads N`.
    public static func jobwire(name: String, executable: URL, threads: Int) -> FanoutServerLauncher {
        FanoutServerLauncher(name: name, executable: executable, arguments: ["bench", "fanout-server", "--threads", String(threads)])
    }

    /// python-socketio's server: `script` (default: the checkout's) run by `python`, else
    /// `$JOBWIRE_PYTHON`, else the checkout's .venv-test, else `python3` on PATH.
    public static func python(name: String, python: String?, script: String?) throws(BenchError) -> FanoutServerLauncher {
        let root = checkoutRoot()
        guard let script = script ?? root.map({ $0.appendingPathComponent(scriptPath).path }) else {
            throw BenchError("cannot find \(scriptPath) above the working directory or the jobwire binary; pass --python-script")
        }
        guard FileManager.default.fileExists(atPath: script) else { throw BenchError("no python-socketio server script at \(script)") }
        let venv = root?.appendingPathComponent(".venv-test/bin/python").path
        let chosen = python ?? ProcessInfo.processInfo.environment["JOBWIRE_PYTHON"]
            ?? (venv.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil })
        if let chosen {
            return FanoutServerLauncher(name: name, executable: URL(fileURLWithPath: chosen), arguments: [script])
        }
        return FanoutServerLauncher(name: name, executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", script])
    }

    private static let scriptPath = "Scripts/bench/python_fanout_server.py"

    /// The checkout that holds the Python script: above the working directory, or above the binary (.build/release/jobwire).
    private static func checkoutRoot() -> URL? {
        var starts = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        if let binary = Bundle.main.executableURL { starts.append(binary.deletingLastPathComponent()) }
        for start in starts {
            var directory = start.standardizedFileURL
            while directory.path != "/" {
                if FileManager.default.fileExists(atPath: directory.appendingPathComponent(scriptPath).path) { return directory }
                directory.deleteLastPathComponent()
            }
        }
        return nil
    }
}
