import Foundation

/// Standard input as an async sequence of lines, read on a thread of its own so that a
/// blocking read never holds up a task; `bench fanout-server` reads its control lines from it.
public enum StandardInputLines {
    /// The lines of standard input until its end.
    public static func make() -> AsyncStream<String> {
        AsyncStream { continuation in
            let thread = Thread {
                while let line = readLine() { continuation.yield(line) }
                continuation.finish()
            }
            thread.start()
        }
    }
}
