import JobWire
import SocketIONIO
import SocketIOWire

/// JobWire's server under test in the fan-out benchmark: a ``SocketIOServer`` whose main
/// namespace puts every socket in the room `bench`, and bursts of events to that room.
///
/// Each event is `fanout` with arguments `phase, sequence, sentNanoseconds, padding`: the
/// stamp is ``FanoutClock/now()`` just before the emit, so the measured latency includes the
/// whole broadcast. ``answer(_:)`` carries out the control protocol of ``FanoutControlRequest``.
public final class FanoutBenchServer: Sendable {
    /// The room every socket joins.
    public static let room = "bench"

    /// The Socket.IO server.
    public let server: SocketIOServer

    /// A server with `configuration`; call ``SocketIOServer/start(host:port:)`` on ``server``.
    public init(configuration: SocketIOServer.Configuration) {
        server = SocketIOServer(configuration: configuration)
        server.namespace("/").onConnection { socket in socket.join(Self.room) }
    }

    /// The number of sockets in the room.
    public var roomSize: Int { server.namespace("/").sockets(in: Self.room).count }

    /// Emits the burst's events to the room at its rate; returns the seconds it took.
    public func emit(_ burst: FanoutBurst) async -> Double {
        let room = server.namespace("/").to(Self.room)
        let padding = SocketIOValue.string(String(repeating: "x", count: burst.payloadBytes))
        let clock = ContinuousClock()
        let start = clock.now
        for sequence in 0..<burst.events {
            if burst.rate > 0, sequence > 0 {
                let due = start.advanced(by: .nanoseconds(Int64(Double(sequence) / burst.rate * 1e9)))
                try? await Task.sleep(until: due, clock: clock)
            }
            let sent = FanoutClock.now()
            room.emit(FanoutFrame.eventName, arguments: [.int(Int64(burst.phase)), .int(Int64(sequence)), .int(Int64(sent)), padding])
        }
        let elapsed = clock.now - start
        return elapsed.inSeconds
    }

    /// Carries out one control request; nil for ``FanoutControlRequest/quit``, which the caller handles.
    public func answer(_ request: FanoutControlRequest) async -> FanoutControlReply? {
        switch request {
        case .room:
            return .room(count: roomSize)
        case .burst(let burst):
            let seconds = await emit(burst)
            return .sent(phase: burst.phase, events: burst.events, seconds: seconds)
        case .quit:
            return nil
        }
    }

    /// Answers control lines until `quit` or their end: each line parsed as a
    /// ``FanoutControlRequest`` and answered through `reply`, an unknown one with an error reply.
    public func obey(_ lines: AsyncStream<String>, reply: (FanoutControlReply) -> Void) async {
        for await line in lines {
            guard let request = FanoutControlRequest(line: line) else {
                reply(.error("unknown request \"\(line)\""))
                continue
            }
            guard let answer = await answer(request) else { break }
            reply(answer)
        }
    }
}
