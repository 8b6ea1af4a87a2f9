import Foundation

/// A child process whose stdout arrives line by line; it is always killed by ``stop()``.
///
/// Stdin stays open as a pipe: the interop scripts exit when it closes, so they also end when
/// the test process dies. Stderr is kept for failure messages.
final class ChildProcess: Sendable {
    /// The lines the child printed on stdout, in order.
    let lines = TestMailbox<String>()
    private let process: Process
    private let stdin: Pipe
    private let stderrText = LockedValue("")

    /// Starts `executable` with `arguments`.
    init(executable: String, arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        self.process = process
        self.stdin = stdin

        let lines = self.lines
        let partial = LockedValue(Data())
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                lines.finish()
                return
            }
            let complete: [String] = partial.withLock { buffer in
                buffer.append(data)
                var found: [String] = []
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    found.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
                return found
            }
            for line in complete { lines.put(line) }
        }
        let stderrText = self.stderrText
        stderr.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                return
            }
            stderrText.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    /// What the child wrote on stderr so far.
    var standardError: String { stderrText.withLock { $0 } }

    /// The exit status, once the child has exited.
    var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }

    /// Waits up to `timeout` for the child to exit by itself; true when it did.
    func waitForExit(within timeout: Duration) async -> Bool {
        let end = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return !process.isRunning
    }

    /// Closes stdin, then terminates and at last kills the child; safe to call twice.
    func stop() {
        try? stdin.fileHandleForWriting.close()
        guard process.isRunning else { return }
        process.terminate()
        let end = Date().addingTimeInterval(2)
        while process.isRunning, Date() < end { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}
