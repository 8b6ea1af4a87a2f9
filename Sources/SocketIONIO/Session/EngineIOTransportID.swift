import NIOConcurrencyHelpers

/// Names one HTTP request or one WebSocket attached to an Engine.IO session.
///
/// The session state machine refers to the requests it holds and the WebSockets it writes to by
/// these ids; the runtime maps them back to the channels. Ids are unique for the life of the process.
struct EngineIOTransportID: Hashable, Sendable, CustomStringConvertible {
    /// The id's number.
    let rawValue: UInt64

    /// Wraps a number; tests pick their own.
    init(_ rawValue: UInt64) { self.rawValue = rawValue }

    private static let counter = NIOLockedValueBox<UInt64>(0)

    /// A fresh id, never handed out before.
    static func next() -> EngineIOTransportID {
        EngineIOTransportID(counter.withLockedValue { value in
            value += 1
            return value
        })
    }

    /// `#<number>`.
    var description: String { "#\(rawValue)" }
}
