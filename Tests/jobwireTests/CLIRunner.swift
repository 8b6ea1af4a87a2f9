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

    /// Runs `jobwire ARGS` in `directory`, killing it after `deadline` seconds.
    static func run(_ arguments: [String], in directory: URL? = nil, deadline: Double = 120) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? scratchDirectory()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: timer)
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        let errData = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The command line of an example adapter.
    static func example(_ name: String) -> String {
        "\(python) \(packageRoot.appendingPathComponent("Examples/\(name)/adapter.py").path)"
    }
}
