import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A transparent proxy between apps and their Socket.IO backend: every HTTP request (REST calls
/// and Engine.IO long-polling) and every WebSocket (the upgrade included) is forwarded byte for
/// byte, and what passes is reported to an observer as it passes (``ProxyObservation``).
///
/// Each accepted connection gets its own upstream connection, so a held long-poll never delays
/// another request, and both halves of a connection run on one event loop, so the observations
/// of a connection come in the order its bytes passed. HTTP and WebSocket handling is NIO's (the
/// server's HTTP/1.1 codecs and WebSocket upgrader, the client's ``ClientHTTPConnection`` and
/// ``ClientWebSocketConnector``). It binds loopback unless told otherwise.
public final class SocketIOProxy: Sendable {
    let context: ProxyContext
    private let channel = NIOLockedValueBox<(any Channel)?>(nil)

    /// A proxy to the backend at `upstream` (`http://host:port`), reporting to `observe`;
    /// `maximumMessageBytes` bounds one WebSocket message.
    public init(
        upstream: URL,
        maximumMessageBytes: Int = 1 << 24,
        observe: @escaping @Sendable (ProxyObservation) -> Void
    ) throws(SocketIOClientError) {
        let endpoint = try ClientEndpoint(url: upstream, path: "/", query: [])
        context = ProxyContext(upstream: endpoint, maximumMessageBytes: maximumMessageBytes, observe: observe)
    }

    /// Starts listening; port 0 picks a free port. Returns the bound address.
    public func start(host: String = "127.0.0.1", port: Int = 0) async throws -> SocketAddress {
        let context = self.context
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    _ = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
                        configuration: .init(upgradeConfiguration: ProxyPipeline.upgradeConfiguration(context))
                    )
                }
            }
            .bind(host: host, port: port).get()
        channel.withLockedValue { $0 = server }
        return server.localAddress!
    }

    /// Whether the upstream accepts a TCP connection now (`jobwire record` stops when it is gone).
    /// Only a refusal says it is gone: a connect that merely timed out proves nothing on a busy
    /// machine, so it counts as answering.
    public func upstreamAnswers() async -> Bool {
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(2))
                .connect(host: context.upstream.host, port: context.upstream.port).get()
            try? await channel.close()
            return true
        } catch ChannelError.connectTimeout {
            return true
        } catch {
            return false
        }
    }

    /// Stops accepting; connections already open finish on their own.
    public func shutdown() async {
        let server = channel.withLockedValue { channel in
            defer { channel = nil }
            return channel
        }
        try? await server?.close()
    }
}

/// What every connection of one proxy shares: where to forward, the observer and the id counter.
struct ProxyContext: Sendable {
    /// The backend's host and port.
    let upstream: ClientEndpoint
    /// The largest WebSocket message forwarded.
    let maximumMessageBytes: Int
    /// Who is told what passes.
    let observe: @Sendable (ProxyObservation) -> Void
    private let counter = NIOLockedValueBox(0)

    init(upstream: ClientEndpoint, maximumMessageBytes: Int, observe: @escaping @Sendable (ProxyObservation) -> Void) {
        self.upstream = upstream
        self.maximumMessageBytes = maximumMessageBytes
        self.observe = observe
    }

    /// The next exchange or link id, unique in this proxy.
    func nextID() -> Int {
        counter.withLockedValue { counter in
            counter += 1
            return counter
        }
    }
}
