/// One burst of the fan-out benchmark: `events` events to the room, `rate` per second (0: back to back).
public struct FanoutBurst: Sendable, Hashable {
    /// Which burst this is; carried in every event so late arrivals are never miscounted.
    public var phase: Int
    /// How many events the server emits to the room.
    public var events: Int
    /// Events per second; 0 emits them back to back.
    public var rate: Double
    /// How many padding characters each event carries after its stamps.
    public var payloadBytes: Int

    /// A burst.
    public init(phase: Int, events: Int, rate: Double, payloadBytes: Int) {
        self.phase = phase
        self.events = events
        self.rate = rate
        self.payloadBytes = payloadBytes
    }
}

/// A request of the runner to a server under test: one line on the server's standard input.
///
/// The server first prints `ready <port>`; then `room` is answered `room <count>` (sockets in
/// the room), `burst <phase> <events> <rate> <bytes>` is answered `sent <phase> <events>
/// <seconds>` once every event was emitted, and `quit` ends the server, as does the end of its
/// input. A line it cannot use is answered `error <text>`. Python's server
/// (`Scripts/bench/python_fanout_server.py`) speaks the same lines.
public enum FanoutControlRequest: Sendable, Hashable {
    /// How many sockets are in the room.
    case room
    /// Emit a burst.
    case burst(FanoutBurst)
    /// Shut down.
    case quit

    /// The request as a line, without the newline.
    public var line: String {
        switch self {
        case .room: "room"
        case .burst(let burst): "burst \(burst.phase) \(burst.events) \(burst.rate) \(burst.payloadBytes)"
        case .quit: "quit"
        }
    }

    /// Parses a line; nil when it is not a request.
    public init?(line: String) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        switch words.first {
        case "room" where words.count == 1: self = .room
        case "quit" where words.count == 1: self = .quit
        case "burst" where words.count == 5:
            guard let phase = Int(words[1]), let events = Int(words[2]), let rate = Double(words[3]), let bytes = Int(words[4]),
                phase >= 0, events >= 0, rate >= 0, rate.isFinite, bytes >= 0
            else { return nil }
            self = .burst(FanoutBurst(phase: phase, events: events, rate: rate, payloadBytes: bytes))
        default: return nil
        }
    }
}

/// A server's answer line: `ready <port>`, `room <count>`, `sent <phase> <events> <seconds>` or `error <text>`.
public enum FanoutControlReply: Sendable, Hashable {
    /// Listening on this port.
    case ready(port: Int)
    /// This many sockets are in the room.
    case room(count: Int)
    /// Every event of burst `phase` was emitted, taking `seconds`.
    case sent(phase: Int, events: Int, seconds: Double)
    /// The request could not be carried out.
    case error(String)

    /// The reply as a line, without the newline.
    public var line: String {
        switch self {
        case .ready(let port): "ready \(port)"
        case .room(let count): "room \(count)"
        case .sent(let phase, let events, let seconds): "sent \(phase) \(events) \(seconds)"
        case .error(let text): "error \(text)"
        }
    }

    /// Parses a line; nil when it is not a reply (a server may print other lines, which are skipped).
    public init?(line: String) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        switch words.first {
        case "ready" where words.count == 2:
            guard let port = Int(words[1]) else { return nil }
            self = .ready(port: port)
        case "room" where words.count == 2:
            guard let count = Int(words[1]) else { return nil }
            self = .room(count: count)
        case "sent" where words.count == 4:
            guard let phase = Int(words[1]), let events = Int(words[2]), let seconds = Double(words[3]) else { return nil }
            self = .sent(phase: phase, events: events, seconds: seconds)
        case "error":
            self = .error(words.dropFirst().joined(separator: " "))
        default: return nil
        }
    }
}
