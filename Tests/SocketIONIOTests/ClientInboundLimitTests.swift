import Foundation
import NIOCore
import NIOWebSocket
import Testing

@testable import SocketIONIO

/// The client's inbound limits against a server that sends too much: an oversize WebSocket
/// message (one frame, or fragments joined) or an oversize polling body closes the connection and
/// fails the call with `transport-failed`, naming the server (`host:port`) and the limit.
///
/// Every fake server keeps its connection open after the oversize bytes, so only the client's
/// limit can end the call; the connect timeout is long (30 s) so that a client without the limit
/// hangs into the suite's time limit instead of passing.
@Suite(.timeLimit(.minutes(1)))
struct ClientInboundLimitTests {
    static let limit = 1000

    static func client(port: Int, _ transport: SocketIOClientConfiguration.Transport, maximumUnreadEvents: Int = 10_000) throws -> SocketIOClient {
        try SocketIOClient(
            url: URL(string: "http://127.0.0.1:\(port)")!,
            configuration: SocketIOClientConfiguration(
                transports: [transport], connectTimeout: .seconds(30), maximumFrameSize: limit, maximumHTTPBodySize: limit,
                maximumUnreadEvents: maximumUnreadEvents
            )
        )
    }

    /// Connects and returns the error, after checking the fake server saw the client close.
    static func connectionError(_ client: SocketIOClient, server: FloodingFakeServer) async throws -> SocketIOClientError {
        let error = try #require(await #expect(throws: SocketIOClientError.self) { try await client.connect() })
        try await server.clientClosed.get()
        await server.stop()
        return error
    }

    @Test func aPollingBodyOverTheLimitFailsNamingThePeerAndTheLimit() async throws {
        // The body announces 10 MB and 2000 bytes come: the client stops at its limit, not at the end.
        var answer = ByteBuffer(string: "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Length: 10000000\r\n\r\n")
        answer.writeString(String(repeating: "x", count: 2 * Self.limit))
        let server = try await FloodingFakeServer.answering(answer)
        let error = try await Self.connectionError(try Self.client(port: server.port, .polling), server: server)
        #expect(error.code == .transportFailed)
        #expect(error.message.contains("the server at 127.0.0.1:\(server.port) sent an HTTP response body over the client's limit of 1000 bytes"))
    }

    @Test func aWebSocketFrameOverTheLimitFailsNamingThePeerAndTheLimit() async throws {
        let frame = WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: String(repeating: "x", count: 2 * Self.limit)))
        let server = try await FloodingFakeServer.upgrading(thenSending: [frame])
        let error = try await Self.connectionError(try Self.client(port: server.port, .websocket), server: server)
        #expect(error.code == .transportFailed)
        #expect(error.message.contains("the server at 127.0.0.1:\(server.port) sent a WebSocket message over the client's limit of 1000 bytes"))
    }

    @Test func fragmentsJoiningOverTheLimitFailNamingThePeerAndTheLimit() async throws {
        // Each fragment is under the limit; together they pass it.
        let half = ByteBuffer(string: String(repeating: "x", count: Self.limit * 3 / 5))
        let frames = [
            WebSocketFrame(fin: false, opcode: .text, data: half),
            WebSocketFrame(fin: true, opcode: .continuation, data: half),
        ]
        let server = try await FloodingFakeServer.upgrading(thenSending: frames)
        let error = try await Self.connectionError(try Self.client(port: server.port, .websocket), server: server)
        #expect(error.code == .transportFailed)
        #expect(error.message.contains("the server at 127.0.0.1:\(server.port) sent a WebSocket message over the client's limit of 1000 bytes"))
    }

    @Test func anEventsStreamPastItsUnreadLimitClosesTheConnectionAndEndsWithTheReason() async throws {
        // The handshake, the namespace's CONNECT answer, then 20 events at once to a stream that may hold 5.
        let texts = [#"0{"sid":"s1","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}"#, #"40{"sid":"n1"}"#]
            + (0..<20).map { #"42["tick",\#($0)]"# }
        let server = try await FloodingFakeServer.upgrading(thenSending: texts.map { WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: $0)) })
        let client = try Self.client(port: server.port, .websocket, maximumUnreadEvents: 5)
        let events = client.events()
        try await client.connect()
        // Nothing is read until the client closed its connection: the stream held its limit and one more came.
        try await server.clientClosed.get()
        await server.stop()
        var read: [Int] = []
        for await event in events { read.append(Int(event.arguments.first?.jsonValue?.integerValue ?? -1)) }
        #expect(read == [0, 1, 2, 3, 4])
        let reason = try #require(await client.endReason())
        #expect(reason.code == .transportFailed)
        #expect(reason.message.contains("the server at 127.0.0.1:\(server.port) sent more than the 5 events the client may hold unread on / (maximumUnreadEvents)"))
    }

    @Test func aNamespaceStillConnectedHasNoEndReason() async throws {
        let texts = [#"0{"sid":"s1","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}"#, #"40{"sid":"n1"}"#]
        let server = try await FloodingFakeServer.upgrading(thenSending: texts.map { WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: $0)) })
        let client = try Self.client(port: server.port, .websocket)
        try await client.connect()
        #expect(await client.endReason() == nil)
        await client.disconnect()
        let reason = try #require(await client.endReason())
        #expect(reason.message == "the connection to 127.0.0.1:\(server.port) ended: disconnect() was called")
        await server.stop()
    }
}
