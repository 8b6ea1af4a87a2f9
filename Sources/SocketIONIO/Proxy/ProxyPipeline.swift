import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Sets up an app's connection to the proxy: NIO's HTTP/1.1 server codecs with its WebSocket
/// upgrader, then ``ProxyHTTPHandler`` for plain requests, or, once the upstream accepted the same
/// upgrade, a ``ProxyWebSocketLink`` joining the two WebSockets.
///
/// The app's upgrade is accepted only after the upstream's: the upgrader's `shouldUpgrade` opens
/// the upstream WebSocket first, and passes the upstream's refusal on as it came (502 when there
/// was no answer), so an app never gets a 101 for a WebSocket the backend refused.
enum ProxyPipeline {
    /// The upgrade configuration of one connection (or of a kept-alive connection's later upgrade request).
    static func upgradeConfiguration(_ context: ProxyContext) -> NIOTypedHTTPServerUpgradeConfiguration<Bool> {
        // The link the upgrade opened, from shouldUpgrade to the pipeline handler; on the connection's loop.
        let pending = NIOLockedValueBox<ProxyWebSocketLink?>(nil)
        let upgrader = NIOTypedWebSocketServerUpgrader<Bool>(
            maxFrameSize: context.maximumMessageBytes,
            shouldUpgrade: { channel, head in
                let request = ProxyHTTPRequest(method: head.method.rawValue, target: head.uri, headers: ProxyHeaders.list(head.headers), body: Data())
                let link = ProxyWebSocketLink(id: context.nextID(), request: request, observe: context.observe)
                pending.withLockedValue { $0 = link }
                return ClientWebSocketConnector.connect(
                    eventLoop: channel.eventLoop,
                    endpoint: context.upstream,
                    target: head.uri,
                    maximumFrameSize: context.maximumMessageBytes,
                    extraHeaders: ProxyHeaders.forwarded(head.headers, webSocket: true),
                    onEvent: { event in link.upstream(event) }
                ).map { HTTPHeaders() }.flatMapError { error in
                    if let refusal = error as? ClientWebSocketRefusal, let response = refusal.response {
                        answerAndClose(channel, response)
                    } else {
                        badGateway(channel, "the upstream refused the WebSocket: \(error)")
                    }
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    guard let link = pending.withLockedValue({ $0 }) else { return false }
                    try channel.pipeline.syncOperations.addHandlers(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 0,
                            maxAccumulatedFrameCount: 1 << 16,
                            maxAccumulatedFrameSize: context.maximumMessageBytes
                        ),
                        ProxyAppWebSocketHandler(link: link)
                    )
                    return true
                }
            }
        )
        return NIOTypedHTTPServerUpgradeConfiguration(
            upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ProxyHTTPHandler(context: context))
                    return false
                }
            }
        )
    }

    /// Writes `response` (the upstream's refusal of an upgrade, as it came) to the app and closes.
    private static func answerAndClose(_ channel: any Channel, _ response: ClientHTTPResponse) {
        var headers = ProxyHeaders.forwarded(response.headers)
        headers.add(name: "Content-Length", value: String(response.body.readableBytes))
        headers.add(name: "Connection", value: "close")
        channel.write(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: response.status, headers: headers)), promise: nil)
        channel.write(HTTPServerResponsePart.body(.byteBuffer(response.body)), promise: nil)
        channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Answers 502 with `message` and closes: an upgrade the upstream refused (NIO's typed upgrader
    /// drops a refused request), or a request the upstream did not answer.
    static func badGateway(_ channel: any Channel, _ message: String) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=UTF-8")
        answerAndClose(channel, ClientHTTPResponse(status: .badGateway, headers: headers, body: channel.allocator.buffer(string: "jobwire record: \(message)\n")))
    }
}
