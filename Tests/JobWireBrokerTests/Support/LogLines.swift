import Logging
import Synchronization

/// The log lines a test's logger wrote: level, message and metadata, in order.
final class LogLines: Sendable {
    /// One line.
    struct Line: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let lines = Mutex<[Line]>([])

    /// A logger writing here, every level.
    var logger: Logger { Logger(label: "test", factory: { _ in Handler(lines: self) }) }

    /// The lines so far.
    var all: [Line] { lines.withLock { $0 } }

    private struct Handler: LogHandler {
        let lines: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let metadata = (event.metadata ?? [:]).mapValues { "\($0)" }
            lines.lines.withLock { $0.append(Line(level: event.level, message: "\(event.message)", metadata: metadata)) }
        }
    }
}
