import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// One call of a race: an HTTP/1.1 request with a body (its last byte is what the release writes).
public struct HTTPRaceCall: Sendable {
    public var method: String
    /// The request target, path and query.
    public var target: String
    public var headers: [(name: String, value: String)]
    /// At least one byte.
    public var body: [UInt8]

    public init(method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }
}

/// The answer to one call of a race, or why it has none.
public enum HTTPRaceAnswer: Sendable {
    case answered(status: Int, body: [UInt8])
    case failed(reason: String)
}

/// What a race observed: each call's answer (in the calls' order), the order the lanes were
/// released in, and how far apart the releases' writes were.
public struct HTTPRaceRound: Sendable {
    public var answers: [HTTPRaceAnswer]
    /// Lane indices in the order their last bytes were written.
    public var releaseOrder: [Int]
    /// Nanoseconds from the start of the first last-byte write to the end of the last one.
    public var releaseSpreadNanoseconds: Int64
}

/// N keep-alive HTTP/1.1 connections to one server, all on one event loop, that send N requests
/// together: each request is written and flushed but for its body's last byte, and once every lane
/// holds its request, one task on the event loop writes the N last bytes back to back. The server
/// sees N complete requests within the release spread (microseconds), not the scheduling jitter
/// of N independent clients. Used by `jobwire verify`'s race cases.
public final class HTTPRaceClient: Sendable {
    private let eventLoop: any EventLoop
    private let host: String
    private let port: Int
    private let lanes: Mutex<[any Channel]>

    private init(eventLoop: any EventLoop, host: String, port: Int, lanes: [any Channel]) {
        self.eventLoop = eventLoop
        self.host = host
        self.port = port
        self.lanes = Mutex(lanes)
    }

    /// Opens `count` connections to `host:port` at once, warm before any race starts; if one
    /// fails, the others are closed and the error thrown.
    public static func connect(host: String, port: Int, count: Int, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws -> HTTPRaceClient {
        let eventLoop = group.next()
        let opening = (0..<count).map { _ in open(eventLoop: eventLoop, host: host, port: port) }
        var lanes: [any Channel] = []
        var failure: (any Error)?
        for future in opening {
            do { lanes.append(try await future.get()) } catch { failure = failure ?? error }
        }
        if let failure {
            for lane in lanes { try? await lane.close() }
            throw failure
        }
        return HTTPRaceClient(eventLoop: eventLoop, host: host, port: port, lanes: lanes)
    }

    private static func open(eventLoop: any EventLoop, host: String, port: Int) -> EventLoopFuture<any Channel> {
        ClientBootstrap(group: eventLoop)
            .connectTimeout(.seconds(5))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ClientHTTPResponseHandler(peer: "\(host):\(port)"))
                }
            }
            .connect(host: host, port: port)
    }

    /// Sends `calls` (at most one per lane) together, releasing their last bytes in `order` (lane
    /// indices; every call's index once), and waits for every answer. A lane the server closed is
    /// opened again before the race. `answered` gets each answer as it arrives, on the event loop.
    ///
    /// With `readAnswersAfter`, the lanes stop reading before the release and read again only once
    /// it returned: the answers are read late, after whatever it waits for (an event, say).
    /// The lanes in `dropping` are closed right after their last byte is written: the server has
    /// the whole request but nowhere to answer it, and their answer is `failed` (the next race
    /// opens them again).
    public func race(
        _ calls: [HTTPRaceCall], order: [Int], readAnswersAfter: (@Sendable () async -> Void)? = nil, dropping: Set<Int> = [],
        answered: @escaping @Sendable (Int, HTTPRaceAnswer) -> Void
    ) async throws -> HTTPRaceRound {
        precondition(calls.allSatisfy { !$0.body.isEmpty }, "a raced call needs a body to hold back its last byte")
        var channels = lanes.withLock { $0 }
        precondition(calls.count <= channels.count, "more calls than lanes")
        for index in calls.indices where !channels[index].isActive {
            channels[index] = try await Self.open(eventLoop: eventLoop, host: host, port: port).get()
        }
        let reopened = channels
        lanes.withLock { $0 = reopened }
        let lanes = Array(channels.prefix(calls.count))
        let host = self.host
        let port = self.port
        let readLate = readAnswersAfter != nil
        // Every request but its last byte, flushed; the answers' promises registered.
        let answers: [EventLoopFuture<ClientHTTPResponse>] = try await eventLoop.submit {
            var answers: [EventLoopFuture<ClientHTTPResponse>] = []
            for (index, (channel, call)) in zip(lanes, calls).enumerated() {
                if readLate { try channel.syncOptions?.setOption(.autoRead, value: false) }
                let promise = channel.eventLoop.makePromise(of: ClientHTTPResponse.self)
                promise.futureResult.whenComplete { answered(index, Self.answer($0)) }
                try channel.pipeline.syncOperations.handler(type: ClientHTTPResponseHandler.self).expect(promise)
                var headers = HTTPHeaders(call.headers.map { ($0.name, $0.value) })
                headers.replaceOrAdd(name: "Host", value: "\(host):\(port)")
                headers.replaceOrAdd(name: "Content-Length", value: String(call.body.count))
                let head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: call.method), uri: call.target, headers: headers)
                channel.write(HTTPClientRequestPart.head(head), promise: nil)
                channel.writeAndFlush(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: call.body.dropLast()))), promise: nil)
                answers.append(promise.futureResult)
            }
            return answers
        }.get()
        // The held requests are on the wire once the loop ran their flushes; the release is the next task.
        let spread: Int64 = try await eventLoop.submit {
            let start = NIODeadline.now()
            for index in order {
                let channel = lanes[index]
                channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: [calls[index].body.last!]))), promise: nil)
                channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
                if dropping.contains(index) { channel.close(promise: nil) }
            }
            return (NIODeadline.now() - start).nanoseconds
        }.get()
        if let readAnswersAfter {
            await readAnswersAfter()
            try await eventLoop.submit {
                for channel in lanes where channel.isActive {
                    try channel.syncOptions?.setOption(.autoRead, value: true)
                    channel.read()
                }
            }.get()
        }
        var results: [HTTPRaceAnswer] = []
        for answer in answers {
            do {
                results.append(Self.answer(.success(try await answer.get())))
            } catch {
                results.append(Self.answer(.failure(error)))
            }
        }
        return HTTPRaceRound(answers: results, releaseOrder: order, releaseSpreadNanoseconds: spread)
    }

    private static func answer(_ result: Result<ClientHTTPResponse, any Error>) -> HTTPRaceAnswer {
        switch result {
        case .success(let response): return .answered(status: Int(response.status.code), body: Array(response.body.readableBytesView))
        case .failure(let error): return .failed(reason: "\(error)")
        }
    }

    /// Closes every lane.
    public func close() async {
        for channel in lanes.withLock({ $0 }) { try? await channel.close() }
    }
}
