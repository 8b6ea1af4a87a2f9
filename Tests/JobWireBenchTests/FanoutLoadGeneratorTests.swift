import JobWireBench
import Logging
import NIOCore
import NIOPosix
import SocketIONIO
import Testing

/// The fan-out load generator against JobWire's benchmark server, in one process, on port 0.
@Suite(.timeLimit(.minutes(1)))
struct FanoutLoadGeneratorTests {
    /// The server logs nothing: the test judges the deliveries, not the log.
    static let logger = Logger(label: "fanout-bench-test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test func clientsJoinTheRoomAndReceiveEveryEvent() async throws {
        let app = FanoutBenchServer(configuration: .init(logger: Self.logger))
        let port = try #require(try await app.server.start(host: "127.0.0.1", port: 0).port)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let generator = FanoutLoadGenerator(group: group, configuration: .init(port: port, concurrency: 8))

        let connected = await generator.connect(count: 40)
        #expect(connected.joined == 40)
        #expect(connected.failed == 0)
        #expect(connected.rate > 0)
        #expect(app.roomSize == 40)

        let reply = await app.answer(.burst(FanoutBurst(phase: 3, events: 5, rate: 0, payloadBytes: 16)))
        guard case .sent(3, 5, _)? = reply else {
            Issue.record("unexpected reply \(String(describing: reply))")
            return
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(20))
        while await generator.deliveredCount(phase: 3) < 200, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let deliveries = await generator.deliveries(phase: 3)
        #expect(deliveries.count == 200)
        #expect(deliveries.eventsPerSecond > 0)
        #expect(await generator.deliveredCount(phase: 1) == 0)
        #expect(generator.heldCount == 40)

        await generator.closeAll()
        #expect(generator.heldCount == 0)
        await app.server.shutdown(gracePeriod: .zero)
        try await group.shutdownGracefully()
    }

    @Test func aClientThatCannotConnectIsCountedAsFailed() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        // Port 1 on loopback is closed: every connect is refused at once.
        let generator = FanoutLoadGenerator(group: group, configuration: .init(port: 1, concurrency: 2))
        let connected = await generator.connect(count: 3)
        #expect(connected.joined == 0)
        #expect(connected.failed == 3)
        #expect(connected.firstFailure?.hasPrefix("the server at 127.0.0.1:1: cannot connect") == true)
        try await group.shutdownGracefully()
    }
}
