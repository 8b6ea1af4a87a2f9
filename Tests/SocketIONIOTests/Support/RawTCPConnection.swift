import Foundation
import NIOCore
import NIOPosix

/// One TCP connection to 127.0.0.1 that sends and reads bytes exactly as written, for keep-alive tests.
///
/// Several HTTP requests, then a WebSocket upgrade and frames, can go over the same connection,
/// which the HTTP-aware raw clients (one request per connection) cannot do.
final class RawTCPConnection: Sendable {
    private let channel: any Channel
    private let received: LockedValue<[UInt8]>

    private init(channel: any Channel, received: LockedValue<[UInt8]>) {
        self.channel = channel
        self.received = received
    }

    /// Connects to `port` on 127.0.0.1.
    static func connect(port: Int) async throws -> RawTCPConnection {
        let received = LockedValue<[UInt8]>([])
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Collector(received: received)) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawTCPConnection(channel: channel, received: received)
    }

    /// Writes `bytes`.
    func send(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    /// Writes `text` as UTF-8.
    func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    /// Writes one masked client WebSocket text frame (payload under 126 bytes).
    func sendFrame(text: String) async throws {
        let payload = Array(text.utf8)
        precondition(payload.count < 126, "short frames only")
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        try await send([0x81, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] })
    }

    /// Reads one HTTP/1.1 response with a Content-Length (or none, as for 101): its status line, headers and body.
    func readResponse(within timeout: Duration = .hangGuard) async throws -> (status: Int, headers: [String: String], body: String) {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        let headEnd = try await wait(within: timeout, "HTTP response head") { bytes in
            bytes.indices.first { bytes[$0...].starts(with: separator) }.map { $0 + separator.count }
        }
        let headBytes = take(headEnd)
        let lines = String(decoding: headBytes, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        _ = try await wait(within: timeout, "\(length)-byte body") { $0.count >= length ? length : nil }
        return (status, headers, String(decoding: take(length), as: UTF8.self))
    }

    /// Reads one unmasked server WebSocket frame and returns its opcode and payload (lengths under 65 536).
    func readFrame(within timeout: Duration = .hangGuard) async throws -> (opcode: UInt8, payload: String) {
        let size = try await wait(within: timeout, "WebSocket frame") { bytes -> Int? in
            guard bytes.count >= 2 else { return nil }
            let short = Int(bytes[1] & 0x7F)
            let (header, length) = short == 126 ? (4, bytes.count >= 4 ? Int(bytes[2]) << 8 | Int(bytes[3]) : Int.max) : (2, short)
            return bytes.count >= header + length ? header + length : nil
        }
        let frame = take(size)
        let header = (frame[1] & 0x7F) == 126 ? 4 : 2
        return (frame[0] & 0x0F, String(decoding: frame[header...], as: UTF8.self))
    }

    /// Whether the server closed the connection within `timeout`.
    func closedByServer(within timeout: Duration = .hangGuard) async -> Bool {
        let end = ContinuousClock.now + timeout
        while channel.isActive, ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return !channel.isActive
    }

    /// Closes the connection.
    func close() { channel.close(promise: nil) }

    private func take(_ count: Int) -> [UInt8] {
        received.withLock { bytes in
            defer { bytes.removeFirst(count) }
            return Array(bytes.prefix(count))
        }
    }

    private func wait<T>(within timeout: Duration, _ what: String, _ ready: ([UInt8]) -> T?) async throws -> T {
        let end = ContinuousClock.now + timeout
        while true {
            if let value = received.withLock({ ready($0) }) { return value }
            guard ContinuousClock.now < end else {
                throw TestTimeout("no \(what) within \(timeout); have \(String(decoding: received.withLock { $0 }, as: UTF8.self).debugDescription)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    private final class Collector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let received: LockedValue<[UInt8]>

        init(received: LockedValue<[UInt8]>) { self.received = received }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            received.withLock { $0 += buffer.readableBytesView }
        }
    }
}
