import Foundation
import SocketIOWire

/// Runs the built `jobwire` executable as a user would, with a deadline, from any directory.
enum CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stdout parsed as JSON, or `.null` when it is not JSON.
        var json: JSONValue { (try? JSONParser.parse(stdout)) ?? .null }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `jobwire` binary beside the test bundle (SwiftPM builds it because the tests depend on it).
    static let executable: URL = {
        var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL]
        directories += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            let candidate = directory.appendingPathComponent("jobwire")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        fatalError("jobwire executable not found near \(directories.map(\.path))")
    }()

    /// The Python the test script set up, or `python3` from PATH (the examples use only the stdlib).
    static let python: String = ProcessInfo.processInfo.environment["JOBWIRE_PYTHON"] ?? "python3"

    /// A fresh empty directory, so commands are shown to work away from the checkout.
    static func scratchDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `jobwire ARGS` in `directory` (a fresh one when nil) without holding a thread of the
    /// tests' cooperative pool while it waits: the output is read on threads of its own, and the
    /// wait sleeps. A blocking wait would take one of the pool's two threads on this machine for
    /// the command's whole run, and two of them stall every live test in the process. The
    /// deadline is a hang guard, never a verdict: a busy machine makes a command slower.
    ///
    /// A command that drives an adapter and sets no `--timeout` gets the hang guard as its
    /// `--timeout`: how long an adapter takes to answer is no verdict in a test either, and the
    /// default 10 s can pass while a Python adapter starts beside hundreds of tests.
    static func run(_ arguments: [String], in directory: URL? = nil, deadline: Double = hangGuard) async throws -> Result {
        let guarded = arguments.contains("--adapter") && !arguments.contains("--timeout")
        return try await run(executable, arguments + (guarded ? ["--timeout", String(Int(hangGuard))] : []), in: directory, deadline: deadline)
    }

    /// How many seconds a test waits for a command before it stops it as hung: 30 minutes, past
    /// any starvation of the test command's first pass on a busy two-core machine. A guard, never
    /// a verdict.
    static let hangGuard: Double = 30 * 60

    /// Runs any program like ``run(_:in:deadline:)`` runs `jobwire`.
    static func run(_ program: URL, _ arguments: [String], in directory: URL? = nil, deadline: Double = hangGuard) async throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? scratchDirectory()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = OutputCollector(stdout.fileHandleForReading)
        let err = OutputCollector(stderr.fileHandleForReading)
        let end = Date().addingTimeInterval(deadline)
        while process.isRunning || !out.done || !err.done {
            if Date() > end, process.isRunning { process.terminate() }
            try await Task.sleep(for: .milliseconds(10))
        }
        return Result(status: process.terminationStatus, stdout: out.text, stderr: err.text)
    }

    /// The command line of an example adapter.
    static func example(_ name: String) -> String {
        "\(python) \(packageRoot.appendingPathComponent("Examples/\(name)/adapter.py").path)"
    }
}

/// Reads a pipe to its end on a thread of its own.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false

    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            lock.withLock { finished = true }
        }.start()
    }

    var done: Bool { lock.withLock { finished } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
