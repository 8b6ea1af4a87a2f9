import Foundation

/// The last lines a child process wrote to stderr, kept to explain a crash.
final class StderrTail: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private let limit: Int

    init(limit: Int = 8) { self.limit = limit }

    /// Starts a thread that keeps the last `limit` lines of `handle`.
    func startReading(_ handle: FileHandle) {
        Thread { [self] in
            var pending: [UInt8] = []
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                for byte in data {
                    if byte == 0x0A {
                        keep(String(decoding: pending, as: UTF8.self))
                        pending.removeAll(keepingCapacity: true)
                    } else if pending.count < 4096 {
                        pending.append(byte)
                    }
                }
            }
            if !pending.isEmpty { keep(String(decoding: pending, as: UTF8.self)) }
        }.start()
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
