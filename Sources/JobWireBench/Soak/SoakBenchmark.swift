import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import NIOCore
import SocketIONIO
import SocketIOWire
import NIOConcurrencyHelpers

/// Issue 18's soak against a running `jobwire broker`: a storm of connections (half closed
/// cleanly, half vanishing without a close frame), then the same posts twice, once to reading
/// workers alone and once with stuck workers beside them; the broker's memory and descriptors are
/// sampled throughout.
public struct SoakBenchmark: Sendable {
    /// What the soak does.
    public struct Workload: Sendable, Hashable, Codable {
        /// Storm rounds.
        public var stormRounds: Int
        /// Connections per storm round (the same user ids every round).
        public var stormConnections: Int
        /// Connections opening at once in the storm.
        public var concurrency: Int
        /// Requests posted in each traffic phase.
        public var posts: Int
        /// Characters of each request's description.
        public var descriptionBytes: Int
        /// Workers that read every `new`.
        public var readers: Int
        /// Workers that never read, in the second traffic phase.
        public var stuck: Int
        /// Posts in flight at once.
        public var postConcurrency: Int
        /// Posts started per second.
        public var rate: Double
        /// Posts that stand for a day of traffic: after each such run the broker's clock moves a
        /// day on (FIX-4), past REST-16's retention of the requests cancelled before.
        public var postsPerDay: Int
        /// Seconds the broker is left alone after the stuck workers are gone, before the last sample.
        public var settleSeconds: Double

        /// Issue 18's figures: 5 rounds of 1 000, 9 000 posts of 10 KB (100 a second), 5 readers, 50 stuck workers.
        public init(
            stormRounds: Int = 5, stormConnections: Int = 1_000, concurrency: Int = 100, posts: Int = 9_000, descriptionBytes: Int = 10_000,
            readers: Int = 5, stuck: Int = 50, postConcurrency: Int = 8, rate: Double = 100, settleSeconds: Double = 5,
            postsPerDay: Int = 1_000
        ) {
            self.postsPerDay = max(1, postsPerDay)
            self.rate = rate
            self.stormRounds = stormRounds
            self.stormConnections = stormConnections
            self.concurrency = concurrency
            self.posts = posts
            self.descriptionBytes = descriptionBytes
            self.readers = readers
            self.stuck = stuck
            self.postConcurrency = postConcurrency
            self.settleSeconds = settleSeconds
        }
    }

    /// The workload.
    public let workload: Workload

    /// A soak of `workload`.
    public init(workload: Workload) {
        self.workload = workload
    }

    /// Runs the soak against `broker`; `progress` gets a line per phase.
    public func run(broker: SoakBroker, group: any EventLoopGroup, progress: @escaping @Sendable (String) -> Void) async throws -> SoakReport {
        let start = ContinuousClock.now
        let phase = NIOLockedValueBox("start")
        let samples = NIOLockedValueBox([SoakSample]())
        let sample = { @Sendable in
            let taken = SoakSample.take(of: broker.pid, seconds: (ContinuousClock.now - start).inSeconds, phase: phase.withLockedValue { $0 })
            samples.withLockedValue { $0.append(taken) }
        }
        let sampler = Task {
            while !Task.isCancelled {
                sample()
                try? await Task.sleep(for: .milliseconds(250))
            }
        }
        defer { sampler.cancel() }
        let url = URL(string: "http://127.0.0.1:\(broker.port)")!

        phase.withLockedValue { $0 = "storm" }
        for round in 0..<workload.stormRounds {
            try await storm(url: url, group: group)
            progress("storm round \(round + 1): \(workload.stormConnections) connections, half closed, half vanished")
        }
        let traffic = { @Sendable (stuck: Int) in
            SoakTraffic(
                baseURL: url, posts: workload.posts, descriptionBytes: workload.descriptionBytes, readers: workload.readers, stuck: stuck,
                concurrency: workload.postConcurrency, rate: workload.rate, idleTimeout: .seconds(10), postsPerDay: workload.postsPerDay)
        }
        phase.withLockedValue { $0 = "readers" }
        let alone = try await traffic(0).run(group: group)
        progress("\(workload.posts) posts to \(workload.readers) readers: \(alone.delivered) of \(alone.expected) delivered")
        phase.withLockedValue { $0 = "stuck" }
        let withStuck = try await traffic(workload.stuck).run(group: group)
        progress("\(workload.posts) posts to \(workload.readers) readers and \(workload.stuck) stuck workers: \(withStuck.delivered) of \(withStuck.expected) delivered")
        phase.withLockedValue { $0 = "settle" }
        let historyLeft = try await Self.historyAfterADay(of: url)
        progress("a day later the client's history holds \(historyLeft) requests")
        try await Task.sleep(for: .milliseconds(Int64(workload.settleSeconds * 1000)))
        phase.withLockedValue { $0 = "end" }
        sample()
        sampler.cancel()
        return SoakReport(
            workload: workload, samples: samples.withLockedValue { $0 }, slowConsumersDropped: broker.slowConsumersDropped,
            alone: .init(alone), withStuck: .init(withStuck), historyLeft: historyLeft)
    }

    /// Moves the broker's clock a day on and reads the soak client's history (REST-16): how many
    /// requests it still lists, every one of them ended more than a day before. Both calls ask the
    /// broker to close their connection, so the last sample counts the broker's descriptors alone.
    private static func historyAfterADay(of url: URL) async throws -> Int {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        try await SoakTraffic.nextDay(of: url, session: session, closing: true)
        var history = URLRequest(url: url.appendingPathComponent("api/requests").appending(queryItems: [URLQueryItem(name: "userId", value: "soak-client")]))
        history.setValue("close", forHTTPHeaderField: "Connection")
        let (data, response) = try await session.data(for: history)
        let list = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["requests"] as? [Any]
        guard (response as? HTTPURLResponse)?.statusCode == 200, let list else { throw BenchError("the history read of soak-client failed") }
        return list.count
    }

    /// One storm round: the round's connections, `concurrency` at a time; even ones join and
    /// leave cleanly, odd ones close their TCP connection without a close frame.
    private func storm(url: URL, group: any EventLoopGroup) async throws {
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            for index in 0..<workload.stormConnections {
                if index >= workload.concurrency { try await tasks.next() }
                tasks.addTask {
                    let auth = #"{"userId":"soak-storm-\#(index)","role":"worker"}"#
                    if index.isMultiple(of: 2) {
                        let client = try SocketIOClient(url: url, configuration: SocketIOClientConfiguration(transports: [.websocket]), eventLoopGroup: group)
                        try await client.connect(auth: ["userId": .string("soak-storm-\(index)"), "role": "worker"])
                        await client.disconnect()
                    } else {
                        let client = try await StuckWebSocketClient.connect(port: url.port ?? 0, auth: auth, group: group)
                        client.close()
                    }
                }
            }
            try await tasks.waitForAll()
        }
    }
}
