import Foundation
import NIOConcurrencyHelpers

/// `jobwire broker` as a child process for a soak: its port, its pid, and how many slow consumers
/// its log says it dropped.
public final class SoakBroker: Sendable {
    /// The child's process id.
    public let pid: Int32
    /// The port it listens on.
    public let port: Int
    private let process: Process
    private let drops: NIOLockedValueBox<Int>

    private init(process: Process, port: Int, drops: NIOLockedValueBox<Int>) {
        self.process = process
        self.pid = process.processIdentifier
        self.port = port
        self.drops = drops
    }

    /// The `dropped a slow consumer` warnings the broker wrote so far.
    public var slowConsumersDropped: Int { drops.withLockedValue { $0 } }

    /// Starts `executable broker --port 0 arguments...` and waits for the line that gives its address.
    public static func start(executable: URL, arguments: [String] = [], readyTimeout: Duration = .seconds(30)) async throws -> SoakBroker {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["broker", "--port", "0"] + arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let (ports, found) = AsyncStream<Int>.makeStream()
        let drops = NIOLockedValueBox(0)
        stdout.fileHandleForReading.readabilityHandler = Self.lines { line in
            // "jobwire broker: the reference backend listens on http://127.0.0.1:PORT (...)"
            guard let range = line.range(of: "listens on http://"), let colon = line[range.upperBound...].firstIndex(of: ":") else { return }
            let digits = line[line.index(after: colon)...].prefix { $0.isNumber }
            if let port = Int(digits) { found.yield(port) }
        }
        stderr.fileHandleForReading.readabilityHandler = Self.lines { line in
            if line.contains("dropped a slow consumer") { drops.withLockedValue { $0 += 1 } }
        }
        try process.run()
        let port = await withTaskGroup(of: Int?.self) { group in
            group.addTask { for await port in ports { return port }; return nil }
            group.addTask { try? await Task.sleep(for: readyTimeout); return nil }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let port else {
            process.terminate()
            throw BenchError("jobwire broker did not say where it listens within \(readyTimeout)")
        }
        return SoakBroker(process: process, port: port, drops: drops)
    }

    /// Stops the broker with SIGINT and waits for it to exit.
    public func stop() async {
        guard process.isRunning else { return }
        process.interrupt()
        let end = ContinuousClock.now + .seconds(10)
        while process.isRunning, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
    }

    /// A readability handler that splits what arrives into lines and hands each to `line`.
    private static func lines(_ line: @escaping @Sendable (String) -> Void) -> @Sendable (FileHandle) -> Void {
        let pending = NIOLockedValueBox(OutputLines())
        return { handle in
            let data = handle.availableData
            pending.withLockedValue { $0.append(data) }.forEach(line)
            if data.isEmpty { handle.readabilityHandler = nil }
        }
    }
}
