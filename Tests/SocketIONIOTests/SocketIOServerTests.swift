import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SocketIONIO
import SocketIOWire
import Testing

/// What the official suites leave out, over real sockets: rooms, server acks, binary from the
/// server, refusals with data, the observer, maxPayload, CORS, error bodies, Socket.IO over
/// polling and the upgrade, bad clients next to good ones, and graceful shutdown.
@Suite(.timeLimit(.minutes(1)))
struct SocketIOServerTests {
    /// Runs `body` against a server configured by `configure`, then shuts it down.
    func withServer(
        maxPayload: Int = 1_000_000,
        cors: SocketIOServer.CORS? = nil,
        observer: (@Sendable (SocketIOPacketRecord) -> Void)? = nil,
        configure: (SocketIOServer) -> Void = { _ in },
        _ body: (SocketIOServer, Int) async throws -> Void
    ) async throws {
        let configuration = SocketIOServer.Configuration(logger: Testee.logger, maxPayload: maxPayload, cors: cors, observer: observer)
        let server = SocketIOServer(configuration: configuration)
        configure(server)
        let port = try #require(try await server.start().port)
        do {
            try await body(server, port)
        } catch {
            await server.shutdown(gracePeriod: .zero)
            throw error
        }
        await server.shutdown(gracePeriod: .zero)
    }

    /// A WebSocket joined to `namespace` with `auth`; returns it after the CONNECT reply.
    func join(port: Int, connect: String = "40") async throws -> RawWebSocket {
        let socket = try await RawWebSocket.open(port: port, target: "/socket.io/?EIO=4&transport=websocket")
        _ = try await socket.next()
        socket.send(connect)
        guard case .text(let reply) = try await socket.next(), reply.hasPrefix("40") else {
            throw RawTestClientError.connectionClosed("the CONNECT reply")
        }
        return socket
    }

    @Test func roomsReceiveOnlyTheirBroadcasts() async throws {
        try await withServer(configure: { server in
            server.namespace("/").onConnection { socket in
                if let room = socket.auth["room"]?.stringValue { socket.join(room) }
                socket.emit("joined")
            }
        }) { server, port in
            let a = try await join(port: port, connect: "40{\"room\":\"a\"}")
            let b = try await join(port: port, connect: "40{\"room\":\"b\"}")
            #expect(try await a.next() == .text("42[\"joined\"]"))
            #expect(try await b.next() == .text("42[\"joined\"]"))
            #expect(server.namespace("/").sockets(in: "a").count == 1)
            server.namespace("/").to("a").emit("news", "for a")
            server.namespace("/").to("b").emit("news", "for b")
            #expect(try await a.next() == .text("42[\"news\",\"for a\"]"))
            #expect(try await b.next() == .text("42[\"news\",\"for b\"]"))
            server.namespace("/").emit("all")
            #expect(try await a.next() == .text("42[\"all\"]"))
            #expect(try await b.next() == .text("42[\"all\"]"))
        }
    }

    @Test func serverEventsCarryBinaryAndReceiveAcks() async throws {
        try await withServer(configure: { server in
            server.namespace("/").onConnection { socket in
                socket.emit("job", .binary(Data([7, 8])), "text") { answer in
                    socket.emit("got-ack", arguments: answer)
                }
            }
        }) { _, port in
            let socket = try await join(port: port)
            #expect(try await socket.next() == .text("451-0[\"job\",{\"_placeholder\":true,\"num\":0},\"text\"]"))
            #expect(try await socket.next() == .binary([7, 8]))
            socket.send("430[\"done\",2]")
            #expect(try await socket.next() == .text("42[\"got-ack\",\"done\",2]"))
        }
    }

    @Test func emitWithAckTimesOutWhenTheClientIsSilent() async throws {
        try await withServer(configure: { server in
            server.namespace("/").onConnection { socket in
                Task {
                    do {
                        _ = try await socket.emitWithAck("question", timeout: .milliseconds(100))
                    } catch let error as SocketIOServerError {
                        socket.emit("failed", .string(error.description))
                    }
                }
            }
        }) { _, port in
            let socket = try await join(port: port)
            #expect(try await socket.next() == .text("420[\"question\"]"))
            #expect(try await socket.next() == .text("42[\"failed\",\"the client did not acknowledge the event in time\"]"))
        }
    }

    @Test func authorizeRefusesWithMessageAndData() async throws {
        try await withServer(configure: { server in
            server.namespace("/private").authorize { handshake in
                handshake.auth["token"] == "secret" ? .accept : .refuse(message: "not allowed", data: ["code": 7])
            }
        }) { _, port in
            let socket = try await RawWebSocket.open(port: port, target: "/socket.io/?EIO=4&transport=websocket")
            _ = try await socket.next()
            socket.send("40/private,{\"token\":\"guess\"}")
            #expect(try await socket.next() == .text("44/private,{\"message\":\"not allowed\",\"data\":{\"code\":7}}"))
            socket.send("40/private,{\"token\":\"secret\"}")
            guard case .text(let reply) = try await socket.next() else { throw RawTestClientError.connectionClosed("reply") }
            #expect(reply.hasPrefix("40/private,{\"sid\":"))
        }
    }

    @Test func theObserverSeesEveryPacketBothWays() async throws {
        let records = NIOLockedValueBox<[SocketIOPacketRecord]>([])
        try await withServer(observer: { record in records.withLockedValue { $0.append(record) } }, configure: { server in
            server.namespace("/").onConnection { socket in
                socket.on("ping") { arguments, ack in ack?.send(arguments) }
            }
        }) { _, port in
            let socket = try await join(port: port, connect: "40{\"token\":\"t\"}")
            socket.send("425[\"ping\",1]")
            #expect(try await socket.next() == .text("435[1]"))
            let seen = records.withLockedValue { $0 }
            #expect(seen.map(\.direction) == [.inbound, .outbound, .inbound, .outbound])
            #expect(seen.map(\.packet.encodedText).first == "0{\"token\":\"t\"}")
            #expect(seen.map(\.packet.type) == [.connect, .connect, .event, .ack])
            #expect(seen[0].socketID == nil)
            #expect(seen[2].socketID != nil)
            #expect(Set(seen.map(\.engineIOSessionID)).count == 1)
        }
    }

    @Test func maxPayloadAnswers413OnPollingAndClosesTheWebSocket() async throws {
        try await withServer(maxPayload: 100) { _, port in
            let handshake = try await RawHTTPClient.request(.GET, "/socket.io/?EIO=4&transport=polling", port: port)
            let sid = try Testee.sid(ofHandshake: handshake.body)
            let big = "4" + String(repeating: "x", count: 200)
            let push = try await RawHTTPClient.request(.POST, "/socket.io/?EIO=4&transport=polling&sid=\(sid)", body: big, port: port)
            #expect(push.status == 413)
            let socket = try await RawWebSocket.open(port: port, target: "/socket.io/?EIO=4&transport=websocket")
            _ = try await socket.next()
            socket.send(big)
            try await socket.waitForClose()
        }
    }

    @Test func corsHeadersOnEveryAnswerAndPreflight() async throws {
        try await withServer(cors: .init(origin: .any)) { _, port in
            let ok = try await RawHTTPClient.request(.GET, "/socket.io/?EIO=4&transport=polling", port: port)
            #expect(ok.headers.first(name: "access-control-allow-origin") == "*")
            let error = try await RawHTTPClient.request(.GET, "/socket.io/?EIO=4&transport=polling&sid=nope", port: port)
            #expect(error.status == 400)
            #expect(error.headers.first(name: "access-control-allow-origin") == "*")
            let preflight = try await RawHTTPClient.request(.OPTIONS, "/socket.io/?EIO=4&transport=polling", port: port)
            #expect(preflight.status == 204)
            #expect(preflight.headers.first(name: "access-control-allow-methods") == "GET,HEAD,PUT,PATCH,POST,DELETE")
        }
        try await withServer { _, port in
            let plain = try await RawHTTPClient.request(.GET, "/socket.io/?EIO=4&transport=polling", port: port)
            #expect(plain.headers.first(name: "access-control-allow-origin") == nil)
            let options = try await RawHTTPClient.request(.OPTIONS, "/socket.io/?EIO=4&transport=polling", port: port)
            #expect(options.status == 400)
            #expect(options.body == "{\"code\":2,\"message\":\"Bad handshake method\"}")
        }
    }

    /// Like Engine.IO's own server: an upgrade naming a sid that no session has is refused before
    /// any 101, with the polling transport's "Session ID unknown" answer.
    @Test func aWebSocketUpgradeWithAnUnknownSidGets400() async throws {
        try await withServer { _, port in
            let connection = try await RawTCPConnection.connect(port: port)
            defer { connection.close() }
            try await connection.send(
                "GET /socket.io/?EIO=4&transport=websocket&sid=unknown HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == 400)
            #expect(response.body == "{\"code\":1,\"message\":\"Session ID unknown\"}")
            // A known sid still upgrades (the probe of a polling session).
            let handshake = try await RawHTTPClient.request(.GET, "/socket.io/?EIO=4&transport=polling", port: port)
            let sid = try Testee.sid(ofHandshake: handshake.body)
            guard case .upgraded(let socket) = try await RawWebSocket.connect(port: port, target: "/socket.io/?EIO=4&transport=websocket&sid=\(sid)") else {
                Issue.record("the upgrade of a known sid was refused")
                return
            }
            socket.close()
        }
    }

    @Test func errorAnswersCarryTheReferenceCodes() async throws {
        try await withServer { _, port in
            func get(_ target: String) async throws -> RawHTTPResponse {
                try await RawHTTPClient.request(.GET, target, port: port)
            }
            #expect(try await get("/socket.io/?EIO=4&transport=carrier-pigeon").body == "{\"code\":0,\"message\":\"Transport unknown\"}")
            #expect(try await get("/socket.io/?EIO=4&transport=polling&sid=unknown").body == "{\"code\":1,\"message\":\"Session ID unknown\"}")
            #expect(try await RawHTTPClient.request(.PUT, "/socket.io/?EIO=4&transport=polling", port: port).body == "{\"code\":2,\"message\":\"Bad handshake method\"}")
            #expect(try await get("/socket.io/?EIO=4&transport=websocket").body == "{\"code\":3,\"message\":\"Bad request\"}")
            #expect(try await get("/socket.io/?EIO=3&transport=polling").body == "{\"code\":5,\"message\":\"Unsupported protocol version\"}")
            #expect(try await get("/elsewhere/?EIO=4&transport=polling").status == 404)
            let handshake = try await get("/socket.io/?EIO=4&transport=polling&t=abc&b64=1&app=x")
            #expect(handshake.status == 200)
            #expect(handshake.headers.first(name: "content-type") == "text/plain; charset=UTF-8")
            let sid = try Testee.sid(ofHandshake: handshake.body)
            #expect(try await RawHTTPClient.request(.DELETE, "/socket.io/?EIO=4&transport=polling&sid=\(sid)", port: port).status == 500)
        }
    }

    @Test func socketIOOverPollingThenUpgraded() async throws {
        try await withServer(configure: { server in
            server.namespace("/").onConnection { socket in
                socket.emit("hello")
                socket.on("echo") { arguments, _ in socket.emit("echo", arguments: arguments) }
            }
        }) { _, port in
            let handshake = try await RawHTTPClient.request(.GET, "/socket.io/?EIO=4&transport=polling", port: port)
            let sid = try Testee.sid(ofHandshake: handshake.body)
            let query = "/socket.io/?EIO=4&transport=polling&sid=\(sid)"
            #expect(try await RawHTTPClient.request(.POST, query, body: "40", port: port).body == "ok")
            let replies = try await RawHTTPClient.request(.GET, query, port: port).body.split(separator: "\u{1E}")
            #expect(replies.count == 2)
            #expect(replies.first?.hasPrefix("40{\"sid\":") == true)
            #expect(replies.last == "42[\"hello\"]")
            #expect(try await RawHTTPClient.request(.POST, query, body: "42[\"echo\",\"by polling\"]", port: port).body == "ok")
            #expect(try await RawHTTPClient.request(.GET, query, port: port).body == "42[\"echo\",\"by polling\"]")
            let socket = try await RawWebSocket.open(port: port, target: "/socket.io/?EIO=4&transport=websocket&sid=\(sid)")
            socket.send("2probe")
            #expect(try await socket.next() == .text("3probe"))
            socket.send("5")
            socket.send("42[\"echo\",\"by websocket\"]")
            #expect(try await socket.next() == .text("42[\"echo\",\"by websocket\"]"))
        }
    }

    @Test func oneBadClientNeverDisturbsAnother() async throws {
        try await withServer(configure: { server in
            server.namespace("/").onConnection { socket in
                socket.on("echo") { arguments, _ in socket.emit("echo", arguments: arguments) }
            }
        }) { _, port in
            let good = try await join(port: port)
            let garbage = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: "127.0.0.1", port: port).get()
            try await garbage.writeAndFlush(garbage.allocator.buffer(string: "NOT HTTP AT ALL\r\n\r\n\u{0}\u{1}"))
            let badSocket = try await join(port: port)
            badSocket.send("42[\"echo\"")
            try await badSocket.waitForClose()
            _ = try? await RawHTTPClient.request(.POST, "/socket.io/?EIO=4&transport=polling&sid=x", body: "\u{1E}\u{1E}", port: port)
            good.send("42[\"echo\",\"still here\"]")
            #expect(try await good.next() == .text("42[\"echo\",\"still here\"]"))
            try await garbage.close()
        }
    }

    @Test func shutdownDisconnectsSocketsAndClosesConnections() async throws {
        let reasons = NIOLockedValueBox<[String]>([])
        let configuration = SocketIOServer.Configuration(logger: Testee.logger)
        let server = SocketIOServer(configuration: configuration)
        server.namespace("/").onConnection { socket in
            socket.onDisconnect { reason in reasons.withLockedValue { $0.append(reason.description) } }
        }
        let port = try #require(try await server.start().port)
        let socket = try await join(port: port)
        await server.shutdown(gracePeriod: .seconds(1))
        #expect(try await socket.next() == .text("41"))
        #expect(try await socket.next() == .closed)
        #expect(reasons.withLockedValue { $0 } == ["server shutting down"])
        await #expect(throws: (any Error).self) {
            try await RawHTTPClient.request(.GET, "/socket.io/?EIO=4&transport=polling", port: port)
        }
    }
}
