import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// Opens one client WebSocket: TCP connect, HTTP/1.1 upgrade with NIO's client upgrader, frame handlers.
///
/// RFC 6455 §4.1 through `NIOTypedWebSocketClientUpgrader`. Fragmented messages are joined by
/// `NIOWebSocketFrameAggregator` before ``ClientWebSocketHandler`` sees them.
enum ClientWebSocketConnector {
    /// Connects and upgrades; `onEvent` gets `.opened` first (writes work from then on), then the messages and the close.
    ///
    /// The returned future fails when the connection or the upgrade fails; then `onEvent` is not called.
    /// `extraHeaders` go with the upgrade request (the recording proxy forwards an app's cookies and authorization).
    static func connect(
        eventLoop: any EventLoop,
        endpoint: ClientEndpoint,
        target: String,
        maximumFrameSize: Int,
        extraHeaders: HTTPHeaders = HTTPHeaders(),
        onEvent: @escaping @Sendable (ClientWebSocketHandler.Event) -> Void
    ) -> EventLoopFuture<Void> {
        let upgraded = eventLoop.makePromise(of: Void.self)
        let answer = eventLoop.makePromise(of: ClientHTTPResponse.self)
        let connected = ClientBootstrap(group: eventLoop)
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Bool>(
                        maxFrameSize: maximumFrameSize,
                        // ClientWebSocketHandler answers protocol errors itself, after reporting them.
                        enableAutomaticErrorHandling: false,
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandlers(
                                    NIOWebSocketFrameAggregator(
                                        minNonFinalFragmentSize: 0,
                                        maxAccumulatedFrameCount: 1 << 16,
                                        maxAccumulatedFrameSize: maximumFrameSize
                                    ),
                                    ClientWebSocketHandler(peer: endpoint.peer, maximumMessageSize: maximumFrameSize, onEvent: onEvent)
                                )
                                return true
                            }
                        }
                    )
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: endpoint.hostHeader)
                    headers.add(name: "Content-Length", value: "0")
                    headers.add(contentsOf: extraHeaders)
                    let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
                    let configuration = NIOTypedHTTPClientUpgradeConfiguration<Bool>(
                        upgradeRequestHead: head,
                        upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            // The server's answer follows (NIO passes it on once this completes): keep it.
                            channel.eventLoop.makeCompletedFuture {
                                let collector = ClientHTTPResponseHandler(peer: endpoint.peer, maximumBodySize: maximumFrameSize)
                                collector.expect(answer)
                                try channel.pipeline.syncOperations.addHandler(collector)
                                return false
                            }
                        }
                    )
                    var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
                    // The server's first frame (the open packet) often shares a TCP segment with the 101.
                    pipeline.leftOverBytesStrategy = .forwardBytes
                    let result = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
                    result.whenComplete { outcome in
                        switch outcome {
                        case .success(true):
                            // Runs before the upgrade handler forwards buffered frames and starts
                            // letting writes through; writing earlier would fail.
                            onEvent(.opened(channel))
                            upgraded.succeed(())
                            answer.fail(ClientTransportFailure("upgraded"))
                        case .success(false):
                            answer.futureResult.whenComplete { response in
                                channel.close(promise: nil)
                                upgraded.fail(ClientWebSocketRefusal(response: try? response.get()))
                            }
                        case .failure(let error):
                            channel.close(promise: nil)
                            upgraded.fail(ClientTransportFailure("the WebSocket upgrade failed: \(error)"))
                            answer.fail(ClientTransportFailure("the WebSocket upgrade failed: \(error)"))
                        }
                    }
                }
            }
            .connect(host: endpoint.host, port: endpoint.port)
        connected.whenFailure { error in
            upgraded.fail(ClientTransportFailure("cannot connect: \(error)"))
            answer.fail(ClientTransportFailure("cannot connect: \(error)"))
        }
        return upgraded.futureResult
    }
}

/// The server answered a WebSocket upgrade request without upgrading; its answer, when it came
/// whole, so the recording proxy can pass it on to the app.
struct ClientWebSocketRefusal: Error, CustomStringConvertible {
    /// The server's answer, nil when the connection ended before it was whole.
    var response: ClientHTTPResponse?

    var description: String {
        guard let response else { return "the server did not upgrade to WebSocket" }
        return "the server did not upgrade to WebSocket: it answered \(response.status.code) \(response.status.reasonPhrase)"
    }
}
