import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A WebSocket client on NIO's HTTP client codecs and WebSocket client upgrader that sends and
/// reads exact frames, as the official suites' `ws` client does.
///
/// Unlike the suites' `waitFor`, which loses frames that arrive while no listener is attached,
/// every frame is kept in order; tests read them with ``next(timeout:)``. Every wait has a deadline.
final class RawWebSocket: Sendable {
    /// One thing the client saw.
    enum Frame: Sendable, Hashable, CustomStringConvertible {
        /// A text frame.
        case text(String)
        /// A binary frame.
        case binary([UInt8])
        /// A close frame, or the connection closed.
        case closed

        var description: String {
            switch self {
            case .text(let text): "text \(text.debugDescription)"
            case .binary(let bytes): "binary \(bytes)"
            case .closed: "closed"
            }
        }
    }

    /// How a connection attempt ended.
    enum Outcome: Sendable {
        /// 101: the WebSocket is open.
        case upgraded(RawWebSocket)
        /// The server answered without upgrading, or dropped the connection.
        case refused
    }

    private let channel: any Channel
    private let inbox: RawFrameInbox

    private init(channel: any Channel, inbox: RawFrameInbox) {
        self.channel = channel
        self.inbox = inbox
    }

    /// Opens `ws://127.0.0.1:port<target>`; the outcome tells whether the server upgraded.
    static func connect(port: Int, target: String, timeout: Duration = .hangGuard) async throws -> Outcome {
        let inbox = RawFrameInbox()
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let upgradeResult: EventLoopFuture<Bool> = try await ClientBootstrap(group: loop)
            .connectTimeout(.seconds(2))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    inbox.attach(channel)
                    let upgrader = NIOTypedWebSocketClientUpgrader<Bool>(
                        maxFrameSize: 1 << 24,
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandler(RawWebSocketHandler(inbox: inbox))
                                return true
                            }
                        }
                    )
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: "127.0.0.1:\(port)")
                    let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
                    var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
                        upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                            upgradeRequestHead: head,
                            upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in
                                channel.close(promise: nil)
                                return channel.eventLoop.makeSucceededFuture(false)
                            }
                        )
                    )
                    configuration.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
                }
            }
        let deadline = loop.makePromise(of: Bool.self)
        let timer = loop.scheduleTask(in: timeout.timeAmountForTests) {
            deadline.fail(RawTestClientError.timeout("the WebSocket upgrade of \(target)"))
        }
        defer { timer.cancel() }
        upgradeResult.cascade(to: deadline)
        let upgraded: Bool
        do {
            upgraded = try await deadline.futureResult.get()
        } catch let error as RawTestClientError {
            inbox.channel?.close(promise: nil)
            throw error
        } catch {
            return .refused
        }
        guard upgraded, let channel = inbox.channel else { return .refused }
        return .upgraded(RawWebSocket(channel: channel, inbox: inbox))
    }

    /// Opens a WebSocket the test needs open; anything else fails the test.
    static func open(port: Int, target: String) async throws -> RawWebSocket {
        guard case .upgraded(let socket) = try await connect(port: port, target: target) else {
            throw RawTestClientError.connectionClosed("the WebSocket upgrade of \(target) (refused)")
        }
        return socket
    }

    /// Sends a text frame.
    func send(_ text: String) {
        let buffer = channel.allocator.buffer(string: text)
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: buffer), promise: nil)
    }

    /// Sends a binary frame.
    func send(binary bytes: [UInt8]) {
        let buffer = channel.allocator.buffer(bytes: bytes)
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .binary, maskKey: .random(), data: buffer), promise: nil)
    }

    /// The next frame, in arrival order; ``Frame/closed`` once the connection is gone.
    func next(timeout: Duration = .hangGuard) async throws -> Frame {
        try await inbox.next(timeout: timeout, on: channel.eventLoop)
    }

    /// The next frame that is not a heartbeat ping `2`, as the suite's `waitForPackets` skips them.
    func nextIgnoringPings(timeout: Duration = .hangGuard) async throws -> Frame {
        while true {
            let frame = try await next(timeout: timeout)
            if frame != .text("2") { return frame }
        }
    }

    /// Waits until the server closes the connection, ignoring frames before that.
    func waitForClose(timeout: Duration = .hangGuard) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { throw RawTestClientError.timeout("the server to close the WebSocket") }
            if try await next(timeout: left) == .closed { return }
        }
    }

    /// Closes the connection from the client side.
    func close() {
        channel.close(promise: nil)
    }
}

/// The frames a ``RawWebSocket`` received, in order, and the one reader waiting for the next.
final class RawFrameInbox: @unchecked Sendable {
    private let lock = NIOLock()
    private var frames: [RawWebSocket.Frame] = []
    private var closed = false
    private var waiter: CheckedContinuation<RawWebSocket.Frame, any Error>?
    private var waiterID = 0
    private var storedChannel: (any Channel)?

    /// The upgraded channel.
    var channel: (any Channel)? { lock.withLock { storedChannel } }

    func attach(_ channel: any Channel) {
        lock.withLock { storedChannel = channel }
    }

    func push(_ frame: RawWebSocket.Frame) {
        let continuation: CheckedContinuation<RawWebSocket.Frame, any Error>? = lock.withLock {
            if closed { return nil }
            if frame == .closed { closed = true }
            if let waiter {
                self.waiter = nil
                return waiter
            }
            frames.append(frame)
            return nil
        }
        continuation?.resume(returning: frame)
    }

    func next(timeout: Duration, on loop: any EventLoop) async throws -> RawWebSocket.Frame {
        try await withCheckedThrowingContinuation { continuation in
            let (ready, id): (RawWebSocket.Frame?, Int) = lock.withLock {
                if !frames.isEmpty { return (frames.removeFirst(), 0) }
                if closed { return (.closed, 0) }
                waiterID += 1
                waiter = continuation
                return (nil, waiterID)
            }
            if let ready {
                continuation.resume(returning: ready)
                return
            }
            loop.scheduleTask(in: timeout.timeAmountForTests) {
                let expired: CheckedContinuation<RawWebSocket.Frame, any Error>? = self.lock.withLock {
                    guard self.waiterID == id, let waiter = self.waiter else { return nil }
                    self.waiter = nil
                    return waiter
                }
                expired?.resume(throwing: RawTestClientError.timeout("a WebSocket frame"))
            }
        }
    }
}

/// Puts every frame the server sends into the inbox, answers pings and close frames.
private final class RawWebSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let inbox: RawFrameInbox

    init(inbox: RawFrameInbox) {
        self.inbox = inbox
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // The server may close right after its 101, before this handler is in place.
        if !context.channel.isActive { inbox.push(.closed) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            inbox.push(.text(String(buffer: frame.unmaskedData)))
        case .binary:
            inbox.push(.binary(Array(frame.unmaskedData.readableBytesView)))
        case .connectionClose:
            inbox.push(.closed)
            let reply = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(reply)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        inbox.push(.closed)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
