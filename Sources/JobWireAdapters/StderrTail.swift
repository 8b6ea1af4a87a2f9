import Foundation

/// The last lines a child process wrote to stderr, kept to explain a crash.
final class StderrTail: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private let limit: Int

    init(limit: Int = 8) { self.limit = limit }

    /// Starts a thread that keeps the last `limit` lines of `handle` (each cut to 4 KiB).
    func startReading(_ handle: FileHandle) {
        PipeLineReader.start(handle, limit: 1 << 20, onLine: { [self] line in keep(String(line.prefix(4096))) })
    }

    private func keep(_ line: String) {
        lock.lock()
        lines.append(line)
        if lines.count > limit { lines.removeFirst(lines.count - limit) }
        lock.unlock()
    }

    /// The kept lines joined for a message, or an empty string.
    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return lines.joined(separator: "\n")
    }
}
