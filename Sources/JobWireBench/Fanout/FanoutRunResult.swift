/// The figures of one fan-out run against one server, or the medians of several.
public struct FanoutRunResult: Sendable, Hashable, Codable {
    /// The figures of one burst.
    public struct Phase: Sendable, Hashable, Codable {
        /// Events × receivers the server should have delivered.
        public var expected: Int
        /// Deliveries that arrived.
        public var delivered: Int
        /// Latency percentiles in milliseconds.
        public var latency: FanoutLatencySummary
        /// Deliveries per second, from the first send stamp to the last receive.
        public var eventsPerSecond: Double
        /// CPU time the server spent per delivery during the burst, in microseconds (-1: unknown).
        ///
        /// Less moved by other work on the machine than the wall-clock figures.
        public var serverCPUPerDelivery: Double
        /// CPU time the load generator spent per delivery during the burst, in microseconds.
        public var generatorCPUPerDelivery: Double

        /// The figures of a burst that should have made `expected` deliveries, with the CPU
        /// seconds the server (nil: unknown) and the generator spent meanwhile.
        public init(expected: Int, deliveries: FanoutDeliveries, serverCPUSeconds: Double? = nil, generatorCPUSeconds: Double = 0) {
            self.expected = expected
            self.delivered = deliveries.count
            self.latency = deliveries.summary
            self.eventsPerSecond = deliveries.eventsPerSecond
            let count = Double(max(deliveries.count, 1))
            self.serverCPUPerDelivery = serverCPUSeconds.map { $0 / count * 1e6 } ?? -1
            self.generatorCPUPerDelivery = generatorCPUSeconds / count * 1e6
        }

        init(expected: Int, delivered: Int, latency: FanoutLatencySummary, eventsPerSecond: Double, serverCPUPerDelivery: Double, generatorCPUPerDelivery: Double) {
            self.expected = expected
            self.delivered = delivered
            self.latency = latency
            self.eventsPerSecond = eventsPerSecond
            self.serverCPUPerDelivery = serverCPUPerDelivery
            self.generatorCPUPerDelivery = generatorCPUPerDelivery
        }
    }

    /// The server's name.
    public var server: String
    /// Clients asked for.
    public var clients: Int
    /// Clients that joined.
    public var joined: Int
    /// Joined clients per second while connecting.
    public var connectRate: Double
    /// Sockets in the room when the bursts started.
    public var room: Int
    /// The burst at the configured rate: its latencies are the ones to judge.
    public var paced: Phase
    /// The burst with events back to back: its events per second are the throughput.
    public var backToBack: Phase
    /// Clients still connected after both bursts.
    public var held: Int
    /// The machine's one-minute load average at the end of the run.
    public var loadAverage: Double
    /// The first client failure, if any.
    public var firstFailure: String?

    /// A run's figures.
    public init(
        server: String, clients: Int, joined: Int, connectRate: Double, room: Int,
        paced: Phase, backToBack: Phase, held: Int, loadAverage: Double, firstFailure: String? = nil
    ) {
        self.server = server
        self.clients = clients
        self.joined = joined
        self.connectRate = connectRate
        self.room = room
        self.paced = paced
        self.backToBack = backToBack
        self.held = held
        self.loadAverage = loadAverage
        self.firstFailure = firstFailure
    }

    /// The median of each figure over `runs` of the same server and size (taken figure by figure).
    public static func median(of runs: [FanoutRunResult]) -> FanoutRunResult? {
        guard let first = runs.first else { return nil }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        func median(_ values: [Int]) -> Int { Int(median(values.map(Double.init)).rounded()) }
        func phase(_ pick: (FanoutRunResult) -> Phase) -> Phase {
            let phases = runs.map(pick)
            return Phase(
                expected: median(phases.map(\.expected)),
                delivered: median(phases.map(\.delivered)),
                latency: FanoutLatencySummary(
                    p50: median(phases.map(\.latency.p50)),
                    p99: median(phases.map(\.latency.p99)),
                    max: median(phases.map(\.latency.max))
                ),
                eventsPerSecond: median(phases.map(\.eventsPerSecond)),
                serverCPUPerDelivery: median(phases.map(\.serverCPUPerDelivery)),
                generatorCPUPerDelivery: median(phases.map(\.generatorCPUPerDelivery))
            )
        }
        return FanoutRunResult(
            server: first.server,
            clients: first.clients,
            joined: median(runs.map(\.joined)),
            connectRate: median(runs.map(\.connectRate)),
            room: median(runs.map(\.room)),
            paced: phase(\.paced),
            backToBack: phase(\.backToBack),
            held: median(runs.map(\.held)),
            loadAverage: median(runs.map(\.loadAverage)),
            firstFailure: runs.compactMap(\.firstFailure).first
        )
    }
}
