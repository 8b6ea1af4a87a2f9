import Foundation

/// A child process for live tests: stdout and stderr kept, stdin a pipe the child may wait on,
/// always stopped (terminated, then killed) by ``stop()``.
final class ChildProgram: @unchecked Sendable {
    private let process = Process()
    private let stdin = Pipe()
    private let lock = NSLock()
    private var output = Data()
    private var standardOutput = Data()

    init(_ executable: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = stdin
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil; return }
            self?.lock.withLock {
                self?.output.append(data)
                self?.standardOutput.append(data)
            }
        }
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil; return }
            self?.lock.withLock { self?.output.append(data) }
        }
        try process.run()
    }

    /// What the child printed so far, stdout and stderr together.
    var text: String { lock.withLock { String(decoding: output, as: UTF8.self) } }

    /// What the child printed on stdout alone.
    var stdout: String { lock.withLock { String(decoding: standardOutput, as: UTF8.self) } }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// Waits up to `timeout` for the child to exit by itself; its status, or nil.
    func exit(within timeout: Duration) async -> Int32? {
        let end = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(20)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Closes stdin, terminates, and kills the child if it is still there a second later.
    func stop() {
        try? stdin.fileHandleForWriting.close()
        guard process.isRunning else { return }
        process.terminate()
        let end = Date().addingTimeInterval(1)
        while process.isRunning, Date() < end { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit { stop() }
}
