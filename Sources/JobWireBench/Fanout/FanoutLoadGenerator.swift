import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// Many lean Socket.IO receivers on one event loop group, for the fan-out benchmark.
///
/// Each client opens a WebSocket straight away (`transport=websocket`, no polling handshake)
/// through NIO's client upgrader, joins `/` and from then on only answers pings and records
/// events (``FanoutClientHandler``). Connections are made with bounded concurrency, so a
/// server's accept backlog is never overrun. Works with any Socket.IO v5 server.
public final class FanoutLoadGenerator: Sendable {
    /// Where and how the clients connect.
    public struct Configuration: Sendable {
        /// The server's address; the benchmark uses loopback only.
        public var host: String
        /// The server's port.
        public var port: Int
        /// The Engine.IO path, with its trailing slash.
        public var path: String
        /// How many connections may be opening at once.
        public var concurrency: Int
        /// How long one client may take from TCP connect to the CONNECT reply.
        public var joinTimeout: TimeAmount

        /// A configuration for a server on `host:port`.
        public init(host: String = "127.0.0.1", port: Int, path: String = "/socket.io/", concurrency: Int = 100, joinTimeout: TimeAmount = .seconds(20)) {
            self.host = host
            self.port = port
            self.path = path
            self.concurrency = concurrency
            self.joinTimeout = joinTimeout
        }
    }

    /// What connecting the clients came to.
    public struct ConnectResult: Sendable, Hashable {
        /// Clients that joined `/`.
        public var joined: Int
        /// Clients that did not.
        public var failed: Int
        /// Seconds from the first connect to the last outcome.
        public var seconds: Double
        /// The first failure, when there was one, naming the server (`the server at HOST:PORT: ...`).
        public var firstFailure: String?

        /// Joined clients per second.
        public var rate: Double { seconds > 0 ? Double(joined) / seconds : 0 }
    }

    /// The configuration.
    public let configuration: Configuration
    private let group: any EventLoopGroup
    private let recorders: [ObjectIdentifier: FanoutLoopRecorder]
    private let channels = NIOLockedValueBox<[any Channel]>([])

    /// A generator whose clients run on `group`'s loops.
    public init(group: any EventLoopGroup, configuration: Configuration) {
        self.group = group
        self.configuration = configuration
        var recorders: [ObjectIdentifier: FanoutLoopRecorder] = [:]
        for loop in group.makeIterator() {
            recorders[ObjectIdentifier(loop)] = FanoutLoopRecorder(eventLoop: loop)
        }
        self.recorders = recorders
    }

    /// Connects `count` more clients, at most ``Configuration/concurrency`` at a time;
    /// `progress` gets the number of outcomes so far from time to time.
    public func connect(count: Int, progress: @escaping @Sendable (Int) -> Void = { _ in }) async -> ConnectResult {
        let start = FanoutClock.now()
        var result = ConnectResult(joined: 0, failed: 0, seconds: 0)
        let window = max(1, min(configuration.concurrency, count))
        let step = max(1, count / 10)
        await withTaskGroup(of: Result<any Channel, FanoutClientFailure>.self) { tasks in
            var started = 0
            while started < window {
                tasks.addTask { await self.connectOne() }
                started += 1
            }
            for await outcome in tasks {
                switch outcome {
                case .success(let channel):
                    result.joined += 1
                    channels.withLockedValue { $0.append(channel) }
                case .failure(let failure):
                    result.failed += 1
                    if result.firstFailure == nil { result.firstFailure = "the server at \(configuration.host):\(configuration.port): \(failure)" }
                }
                let done = result.joined + result.failed
                if done % step == 0 { progress(done) }
                if started < count {
                    tasks.addTask { await self.connectOne() }
                    started += 1
                }
            }
        }
        result.seconds = Double(FanoutClock.now() - start) / 1e9
        return result
    }

    /// Clients whose connection is still open.
    public var heldCount: Int {
        channels.withLockedValue { $0.reduce(0) { $0 + ($1.isActive ? 1 : 0) } }
    }

    /// Deliveries of burst `phase` recorded so far, over all loops.
    public func deliveredCount(phase: Int) async -> Int {
        var total = 0
        for recorder in recorders.values {
            total += (try? await recorder.count(phase: phase).get()) ?? 0
        }
        return total
    }

    /// The deliveries of burst `phase`, over all loops.
    public func deliveries(phase: Int) async -> FanoutDeliveries {
        var merged = FanoutDeliveries()
        for recorder in recorders.values {
            if let part = try? await recorder.deliveries(phase: phase).get() { merged.merge(part) }
        }
        return merged
    }

    /// Closes every client and waits until they are closed.
    public func closeAll() async {
        let open = channels.withLockedValue { channels in
            defer { channels = [] }
            return channels
        }
        let closed = open.map { $0.close() }
        _ = try? await EventLoopFuture.whenAllComplete(closed, on: group.next()).get()
    }

    // MARK: One client

    private func connectOne() async -> Result<any Channel, FanoutClientFailure> {
        let loop = group.next()
        guard let recorder = recorders[ObjectIdentifier(loop)] else {
            return .failure(FanoutClientFailure("the event loop group gave an unknown loop"))
        }
        let joined = loop.makePromise(of: Void.self)
        let limit = configuration.joinTimeout
        let timeout = loop.scheduleTask(in: limit) {
            joined.fail(FanoutClientFailure("no CONNECT reply within \(limit.nanoseconds / 1_000_000) ms"))
        }
        let target = configuration.path + "?EIO=4&transport=websocket"
        let hostHeader = "\(configuration.host):\(configuration.port)"
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(configuration.joinTimeout)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try Self.configure(channel, target: target, hostHeader: hostHeader, recorder: recorder, joined: joined)
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: configuration.host, port: configuration.port).get()
        } catch {
            timeout.cancel()
            joined.fail(FanoutClientFailure("cannot connect: \(error)"))
            return .failure(FanoutClientFailure("cannot connect: \(error)"))
        }
        do {
            try await joined.futureResult.get()
            timeout.cancel()
            return .success(channel)
        } catch {
            timeout.cancel()
            channel.close(promise: nil)
            return .failure(error as? FanoutClientFailure ?? FanoutClientFailure("\(error)"))
        }
    }

    /// HTTP/1.1 with NIO's WebSocket client upgrader; after the 101, the frame codecs and the receiver.
    private static func configure(_ channel: any Channel, target: String, hostHeader: String, recorder: FanoutLoopRecorder, joined: EventLoopPromise<Void>) throws {
        let upgrader = NIOTypedWebSocketClientUpgrader<Bool>(
            maxFrameSize: FanoutClientHandler.maximumFrameSize,
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(FanoutClientHandler(recorder: recorder, joined: joined))
                    return true
                }
            }
        )
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: hostHeader)
        headers.add(name: "Content-Length", value: "0")
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
        let upgrade = NIOTypedHTTPClientUpgradeConfiguration<Bool>(
            upgradeRequestHead: head,
            upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(false) }
        )
        var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgrade)
        // The open packet often shares a TCP segment with the 101.
        pipeline.leftOverBytesStrategy = .forwardBytes
        let upgraded = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
        upgraded.whenComplete { outcome in
            switch outcome {
            case .success(true): break
            case .success(false): joined.fail(FanoutClientFailure("the server did not upgrade to WebSocket"))
            case .failure(let error): joined.fail(FanoutClientFailure("the WebSocket upgrade failed: \(error)"))
            }
        }
    }
}
