import Foundation

/// A child process for live tests: stdout and stderr read by threads of their own (never the
/// tests' cooperative threads), stdin a pipe the child may wait on, always stopped (terminated,
/// then killed) by ``stop()``.
final class ChildProgram: @unchecked Sendable {
    private let process = Process()
    private let stdin = Pipe()
    private let lock = NSLock()
    private var output = Data()
    private var standardOutput = Data()
    private var closedPipes = 0
    private let pipes: Int

    /// Runs `executable`. With `oneStream`, stdout and stderr are one pipe, as `2>&1` makes them:
    /// ``text`` is then exactly the order of the child's writes (and ``stdout`` the same text);
    /// otherwise the two pipes are joined in the order their reading threads get to them.
    init(_ executable: String, _ arguments: [String], oneStream: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = stdin
        let out = Pipe()
        let err = oneStream ? out : Pipe()
        pipes = oneStream ? 1 : 2
        process.standardOutput = out
        process.standardError = err
        try process.run()
        read(out.fileHandleForReading, isStandardOutput: true)
        if !oneStream { read(err.fileHandleForReading, isStandardOutput: false) }
    }

    private func read(_ handle: FileHandle, isStandardOutput: Bool) {
        Thread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                lock.withLock {
                    output.append(data)
                    if isStandardOutput { standardOutput.append(data) }
                }
            }
            lock.withLock { closedPipes += 1 }
        }.start()
    }

    /// What the child printed so far, stdout and stderr together.
    var text: String { lock.withLock { String(decoding: output, as: UTF8.self) } }

    /// What the child printed on stdout alone.
    var stdout: String { lock.withLock { String(decoding: standardOutput, as: UTF8.self) } }

    var pid: Int32 { process.processIdentifier }

    /// Waits up to `timeout` for the child to exit by itself; its status, or nil.
    func exit(within timeout: Duration) async -> Int32? {
        let end = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(20)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Waits up to `timeout` for the child to exit and its output to end; its status, or nil.
    func finish(within timeout: Duration) async -> Int32? {
        let end = ContinuousClock.now + timeout
        guard let status = await exit(within: timeout) else { return nil }
        while lock.withLock({ closedPipes < pipes }), ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(5)) }
        return status
    }

    /// Closes stdin, terminates, and kills the child if it is still there a second later; the
    /// waiting happens on a thread of its own.
    func stop() {
        try? stdin.fileHandleForWriting.close()
        guard process.isRunning else { return }
        process.terminate()
        let pid = process.processIdentifier
        let process = self.process
        Thread {
            let end = Date().addingTimeInterval(1)
            while process.isRunning, Date() < end { usleep(10_000) }
            if process.isRunning { kill(pid, SIGKILL) }
        }.start()
    }

    deinit { stop() }
}
