import Foundation
import NIOConcurrencyHelpers

/// A server under test running as a child process, driven by the lines of ``FanoutControlRequest``.
///
/// The child gets a pipe as standard input (requests), its standard output is read line by line
/// (replies; other lines are skipped) and its standard error is passed through. It ends when
/// ``stop()`` sends `quit`, or, should the runner die, when its input closes; a child that
/// outlives `quit` by a few seconds is terminated, then killed. The caller should ignore SIGPIPE,
/// so that writing to a child that died fails instead of ending the caller.
public final class FanoutServerProcess: Sendable {
    /// A readable name, e.g. `python-socketio`.
    public let name: String
    private let process: Process
    private let input: FileHandle
    private let lines: FanoutLineQueue

    /// Starts `executable` with `arguments` and waits for its `ready <port>` line.
    public static func start(name: String, executable: URL, arguments: [String], readyTimeout: Duration = .seconds(30)) async throws -> (FanoutServerProcess, port: Int) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw BenchError("cannot start \(name) (\(executable.path)): \(error.localizedDescription)")
        }
        let lines = FanoutLineQueue()
        lines.startReading(stdout.fileHandleForReading)
        let child = FanoutServerProcess(name: name, process: process, input: stdin.fileHandleForWriting, lines: lines)
        switch await child.nextReply(timeout: readyTimeout) {
        case .ready(let port)?:
            return (child, port)
        case let other:
            await child.stop()
            throw BenchError("\(name) did not report ready (got \(other.map(\.line) ?? "nothing") before its output ended or \(readyTimeout) passed)")
        }
    }

    private init(name: String, process: Process, input: FileHandle, lines: FanoutLineQueue) {
        self.name = name
        self.process = process
        self.input = input
        self.lines = lines
    }

    /// Sends a request and waits for the reply, at most `timeout`.
    public func request(_ request: FanoutControlRequest, timeout: Duration) async throws -> FanoutControlReply {
        do {
            try input.write(contentsOf: Data((request.line + "\n").utf8))
        } catch {
            throw BenchError("\(name) no longer reads its input: \(error.localizedDescription)")
        }
        guard let reply = await nextReply(timeout: timeout) else {
            throw BenchError("\(name) did not answer \"\(request.line)\" within \(timeout)")
        }
        if case .error(let text) = reply { throw BenchError("\(name) refused \"\(request.line)\": \(text)") }
        return reply
    }

    /// The CPU time (user and system, all threads) the server has used so far, in seconds; nil
    /// where `/proc` does not tell (Linux only).
    public var cpuSeconds: Double? {
        FanoutCPUTime.ofProcess(process.processIdentifier)
    }

    /// Asks the server to quit and waits for it; terminates, then kills, a server that does not.
    public func stop() async {
        try? input.write(contentsOf: Data((FanoutControlRequest.quit.line + "\n").utf8))
        try? input.close()
        if await waitForExit(.seconds(10)) { return }
        process.terminate()
        if await waitForExit(.seconds(3)) { return }
        kill(process.processIdentifier, SIGKILL)
        _ = await waitForExit(.seconds(3))
    }

    private func waitForExit(_ limit: Duration) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while process.isRunning, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return !process.isRunning
    }

    private func nextReply(timeout: Duration) async -> FanoutControlReply? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while clock.now < deadline {
            switch lines.next() {
            case .line(let line):
                if let reply = FanoutControlReply(line: line) { return reply }
            case .ended:
                return nil
            case .empty:
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        return nil
    }
}

/// Lines read from a child's output on a thread of their own, taken out without blocking.
final class FanoutLineQueue: Sendable {
    enum Next {
        case line(String)
        case empty
        case ended
    }

    private struct State {
        var lines: [String] = []
        var ended = false
    }

    private let state = NIOLockedValueBox(State())

    /// Reads `handle` to its end on a new thread.
    func startReading(_ handle: FileHandle) {
        let thread = Thread { [self] in
            var pending = OutputLines()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                let lines = pending.append(chunk)
                state.withLockedValue { $0.lines += lines }
            }
            state.withLockedValue { $0.ended = true }
        }
        thread.start()
    }

    /// The oldest unread line, or whether more may come.
    func next() -> Next {
        state.withLockedValue { state in
            if !state.lines.isEmpty { return .line(state.lines.removeFirst()) }
            return state.ended ? .ended : .empty
        }
    }
}
