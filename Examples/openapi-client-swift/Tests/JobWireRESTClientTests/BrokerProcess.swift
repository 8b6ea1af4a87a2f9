import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `jobwire broker --port 0` as a child process: started on loopback, its address read from the
/// line it prints, stopped with SIGINT at the end of a test.
///
/// The binary is `JOBWIRE_BIN` when set (./Scripts/test sets it to the debug build it just
/// tested), else the kit's own `.build/debug/jobwire` two folders above this package.
final class BrokerProcess: @unchecked Sendable {
    /// Why the broker could not be used: no binary, no address in time, or a bad exit.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The broker's base URL, e.g. `http://127.0.0.1:41234`.
    let url: URL
    private let process: Process
    private let output: OutputBuffer

    /// The `jobwire` to run: `JOBWIRE_BIN`, else the kit's debug build found from this file.
    static func binary() throws -> String {
        if let path = ProcessInfo.processInfo.environment["JOBWIRE_BIN"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw Failure(description: "JOBWIRE_BIN=\(path) is not an executable file")
            }
            return path
        }
        let kit = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = kit.appendingPathComponent(".build/debug/jobwire").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "no jobwire to test against: set JOBWIRE_BIN, or run `swift build` in \(kit.path) first")
        }
        return path
    }

    /// Starts the broker serving the reference backend and waits, at most `deadline`, for the
    /// address it prints.
    init(deadline: Duration = .seconds(30)) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.binary())
        process.arguments = ["broker", "--host", "127.0.0.1", "--port", "0"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let output = OutputBuffer()
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { output.append(data) }
        }
        try process.run()
        self.process = process
        self.output = output
        let end = ContinuousClock.now + deadline
        while true {
            if let found = output.text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                url = URL(string: String(output.text[found]))!
                return
            }
            guard process.isRunning, ContinuousClock.now < end else {
                if process.isRunning { process.terminate() }
                throw Failure(description: "jobwire broker printed no address: \(output.text)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Runs `body` with the URL of a broker started for it, and stops the broker afterwards,
    /// whether `body` returned or threw.
    static func serving<T>(_ body: (URL) async throws -> T) async throws -> T {
        let broker = try await BrokerProcess()
        do {
            let result = try await body(broker.url)
            await broker.stop()
            return result
        } catch {
            await broker.stop()
            throw error
        }
    }

    /// Everything the broker printed so far.
    var text: String { output.text }

    /// Stops the broker with SIGINT, as Ctrl-C would, and returns its exit status (0: stopped
    /// cleanly); kills it when it has not exited within `deadline`.
    @discardableResult
    func stop(deadline: Duration = .seconds(10)) async -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGINT)
        let end = ContinuousClock.now + deadline
        while process.isRunning, ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// The child's output so far, appended from the pipe's reader thread.
private final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) {
        lock.lock()
        data.append(chunk)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
