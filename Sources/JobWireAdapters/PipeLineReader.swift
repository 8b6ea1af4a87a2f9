import Foundation

/// Reads a pipe on its own thread until end of file and hands each `\n`-terminated line to a
/// callback; the adapter runner uses it for a testee's stdout and stderr alike.
enum PipeLineReader {
    /// Starts the thread. A line longer than `limit` bytes ends the reading with `onOverlong`;
    /// an unterminated last line is delivered as a line; `onEnd` runs last.
    static func start(_ handle: FileHandle, limit: Int, onLine: @escaping @Sendable (String) -> Void, onOverlong: @escaping @Sendable () -> Void = {}, onEnd: @escaping @Sendable () -> Void = {}) {
        Thread {
            var pending: [UInt8] = []
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                for byte in data {
                    if byte == 0x0A {
                        onLine(String(decoding: pending, as: UTF8.self))
                        pending.removeAll(keepingCapacity: true)
                    } else {
                        pending.append(byte)
                        if pending.count > limit {
                            onOverlong()
                            onEnd()
                            return
                        }
                    }
                }
            }
            if !pending.isEmpty { onLine(String(decoding: pending, as: UTF8.self)) }
            onEnd()
        }.start()
    }
}
