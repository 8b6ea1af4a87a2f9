import Foundation
import NIOCore

/// One fan-out run: N clients join a server's room, then two bursts of events are broadcast to it.
///
/// The run connects the clients (``FanoutLoadGenerator``), checks the room, asks the server for
/// a paced burst (`events` at `rate` per second; its latencies are the ones to judge) and a
/// burst of `events` back to back (its deliveries per second are the throughput), waits for each
/// burst's deliveries until all arrived or none arrived for `idleTimeout`, counts the clients
/// still connected, and closes them. Every wait is bounded.
public struct FanoutBenchmark: Sendable {
    /// The workload, the same for every server.
    public struct Workload: Sendable, Hashable {
        /// Clients to connect.
        public var clients: Int
        /// Events per burst.
        public var events: Int
        /// Events per second of the paced burst.
        public var rate: Double
        /// Padding characters per event.
        public var payloadBytes: Int
        /// Connections opening at once.
        public var concurrency: Int
        /// How long a burst may go without a delivery before the rest count as lost.
        public var idleTimeout: Duration

        /// A workload.
        public init(clients: Int, events: Int, rate: Double, payloadBytes: Int, concurrency: Int, idleTimeout: Duration) {
            self.clients = clients
            self.events = events
            self.rate = rate
            self.payloadBytes = payloadBytes
            self.concurrency = concurrency
            self.idleTimeout = idleTimeout
        }
    }

    /// The workload.
    public let workload: Workload
    /// The loops of the load generator.
    public let group: any EventLoopGroup
    /// Receives progress lines (for standard error).
    public let progress: @Sendable (String) -> Void

    /// A benchmark of `workload` whose clients run on `group`.
    public init(workload: Workload, group: any EventLoopGroup, progress: @escaping @Sendable (String) -> Void) {
        self.workload = workload
        self.group = group
        self.progress = progress
    }

    /// Runs the workload against a server that listens on `host:port` and obeys `server`'s control lines.
    public func run(server: FanoutServerProcess, host: String = "127.0.0.1", port: Int) async throws -> FanoutRunResult {
        let generator = FanoutLoadGenerator(
            group: group,
            configuration: .init(host: host, port: port, concurrency: workload.concurrency)
        )
        let name = server.name
        let clients = workload.clients
        progress("\(name): connecting \(clients) clients")
        let connected = await generator.connect(count: clients) { [progress] done in
            progress("\(name): \(done)/\(clients) connect outcomes")
        }
        progress("\(name): \(connected.joined) joined, \(connected.failed) failed, \(Int(connected.rate)) connections/s")
        do {
            guard case .room(let room) = try await server.request(.room, timeout: .seconds(30)) else {
                throw BenchError("\(name) answered the room request with something else")
            }
            let paced = try await burst(FanoutBurst(phase: 1, events: workload.events, rate: workload.rate, payloadBytes: workload.payloadBytes), room: room, server: server, generator: generator)
            let backToBack = try await burst(FanoutBurst(phase: 2, events: workload.events, rate: 0, payloadBytes: workload.payloadBytes), room: room, server: server, generator: generator)
            let held = generator.heldCount
            await generator.closeAll()
            return FanoutRunResult(
                server: name, clients: clients, joined: connected.joined, connectRate: connected.rate, room: room,
                paced: paced, backToBack: backToBack, held: held, loadAverage: Self.loadAverage(), firstFailure: connected.firstFailure
            )
        } catch {
            await generator.closeAll()
            throw error
        }
    }

    private func burst(_ burst: FanoutBurst, room: Int, server: FanoutServerProcess, generator: FanoutLoadGenerator) async throws -> FanoutRunResult.Phase {
        let expected = burst.events * room
        let label = burst.rate > 0 ? "\(burst.events) events at \(burst.rate)/s" : "\(burst.events) events back to back"
        progress("\(server.name): burst \(burst.phase), \(label) to \(room) sockets")
        let emitting = burst.rate > 0 ? Double(burst.events) / burst.rate : 0
        let serverCPU = server.cpuSeconds
        let generatorCPU = FanoutCPUTime.ofThisProcess()
        _ = try await server.request(.burst(burst), timeout: .seconds(Int64(emitting) + 300))
        let clock = ContinuousClock()
        var last = -1
        var lastChange = clock.now
        var lastReport = clock.now
        while true {
            let delivered = await generator.deliveredCount(phase: burst.phase)
            if delivered >= expected { break }
            if delivered != last {
                last = delivered
                lastChange = clock.now
            } else if clock.now - lastChange > workload.idleTimeout {
                progress("\(server.name): burst \(burst.phase): \(delivered)/\(expected) after \(workload.idleTimeout) without a delivery; the rest count as lost")
                break
            }
            if clock.now - lastReport > .seconds(2) {
                lastReport = clock.now
                progress("\(server.name): burst \(burst.phase): \(delivered)/\(expected) delivered")
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        let serverSpent: Double? = if let before = serverCPU, let after = server.cpuSeconds { after - before } else { nil }
        let generatorSpent = FanoutCPUTime.ofThisProcess() - generatorCPU
        let phase = FanoutRunResult.Phase(
            expected: expected, deliveries: await generator.deliveries(phase: burst.phase),
            serverCPUSeconds: serverSpent, generatorCPUSeconds: generatorSpent
        )
        progress(
            "\(server.name): burst \(burst.phase): \(phase.delivered)/\(expected), p50 \(Self.ms(phase.latency.p50)) p99 \(Self.ms(phase.latency.p99)) max \(Self.ms(phase.latency.max)), \(Int(phase.eventsPerSecond)) events/s, server CPU \(String(format: "%.2f", phase.serverCPUPerDelivery)) µs per delivery"
        )
        return phase
    }

    private static func ms(_ value: Double) -> String {
        String(format: "%.1f ms", value)
    }

    /// The one-minute load average, or -1 where the system does not tell.
    public static func loadAverage() -> Double {
        var averages = [Double](repeating: 0, count: 3)
        return getloadavg(&averages, 3) >= 1 ? averages[0] : -1
    }
}
