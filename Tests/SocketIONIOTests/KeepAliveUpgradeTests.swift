import Foundation
import SocketIONIO
import SocketIOWire
import Testing

/// A WebSocket upgrade sent on a kept-alive connection that already carried polling requests.
///
/// aiohttp (and so python-socketio's client) reuses its pooled polling connection for the
/// upgrade probe; Node's HTTP server, under the reference implementation, upgrades any request of
/// a connection. Our server used to answer such a request 400, so python-socketio stayed on
/// polling and its session expired.
@Suite("WebSocket upgrade on a kept-alive polling connection", .timeLimit(.minutes(1)))
struct KeepAliveUpgradeTests {
    static let upgradeHeaders =
        "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

    /// An Engine.IO echo server that pings only every 10 s, so no ping lands in a poll under test.
    static func withEchoServer(_ body: (Int) async throws -> Void) async throws {
        let server = SocketIOServer(configuration: .init(
            logger: Testee.logger, path: "/engine.io/", mode: .engineIO, pingInterval: .seconds(10), pingTimeout: .seconds(10)
        ))
        server.onEngineIOConnection { connection in
            connection.onMessage { message in connection.send(message) }
        }
        let port = try #require(try await server.start(host: "127.0.0.1", port: 0).port)
        do {
            try await body(port)
        } catch {
            await server.shutdown(gracePeriod: .zero)
            throw error
        }
        await server.shutdown(gracePeriod: .zero)
    }

    @Test("handshake, a poll, then the upgrade on the same connection: 101, 2probe/3probe, 5, messages over the WebSocket")
    func upgradeAfterPolling() async throws {
        try await Self.withEchoServer { port in
            let connection = try await RawTCPConnection.connect(port: port)
            defer { connection.close() }
            try await connection.send("GET /engine.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let open = try await connection.readResponse()
            #expect(open.status == 200)
            #expect(open.headers["connection"]?.lowercased() == "keep-alive")
            let sid = try Testee.sid(ofHandshake: open.body)

            try await connection.send("POST /engine.io/?EIO=4&transport=polling&sid=\(sid) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 7\r\n\r\n4polled")
            #expect(try await connection.readResponse().body == "ok")
            try await connection.send("GET /engine.io/?EIO=4&transport=polling&sid=\(sid) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try await connection.readResponse().body == "4polled")

            try await connection.send("GET /engine.io/?EIO=4&transport=websocket&sid=\(sid) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + Self.upgradeHeaders)
            let upgrade = try await connection.readResponse()
            #expect(upgrade.status == 101)
            #expect(upgrade.headers["sec-websocket-accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
            try await connection.sendFrame(text: "2probe")
            #expect(try await connection.readFrame() == (1, "3probe"))
            try await connection.sendFrame(text: "5")
            try await connection.sendFrame(text: "4over the websocket")
            #expect(try await connection.readFrame() == (1, "4over the websocket"))
        }
    }

    @Test("a refused upgrade on a kept-alive connection gets the reference's error answer, as on a fresh one")
    func refusedUpgradeAfterPolling() async throws {
        try await Self.withEchoServer { port in
            let connection = try await RawTCPConnection.connect(port: port)
            defer { connection.close() }
            try await connection.send("GET /engine.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)

            try await connection.send("GET /engine.io/?EIO=3&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\n" + Self.upgradeHeaders)
            let refused = try await connection.readResponse()
            #expect(refused.status == 400)
            #expect(refused.body == "{\"code\":5,\"message\":\"Unsupported protocol version\"}")
            #expect(await connection.closedByServer())
        }
    }
}
