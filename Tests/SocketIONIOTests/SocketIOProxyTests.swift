import Foundation
import NIOCore
import SocketIONIO
import SocketIOWire
import Synchronization
import Testing

/// ``SocketIOProxy`` between our ``SocketIOClient`` and our ``SocketIOServer`` (python_server.py's
/// app), in-process: events, acks and binary pass both ways over each transport, the upgrade
/// included, and the observer sees each Engine.IO packet in the direction it passed.
@Suite("SocketIOProxy between our client and our server", .timeLimit(.minutes(1)))
struct SocketIOProxyTests {
    typealias Transport = SocketIOClientConfiguration.Transport

    /// The packets the observer saw, as `app> TEXT` (sent by the app) and `app< TEXT` (received by it).
    final class Seen: Sendable {
        private let lines = Mutex<[String]>([])

        func observe(_ observation: ProxyObservation) {
            var seen: [String] = []
            switch observation {
            case .request(_, let request) where request.method == "POST":
                seen = Self.packets(request.body).map { "app> \($0)" }
            case .response(_, let response):
                seen = Self.packets(response.body).map { "app< \($0)" }
            case .webSocketMessage(_, let fromApp, .text(let text)):
                seen = ["\(fromApp ? "app>" : "app<") \(text)"]
            case .webSocketMessage(_, let fromApp, .binary(let data)):
                seen = ["\(fromApp ? "app>" : "app<") \(EngineIOFrame.binary(data))"]
            default:
                break
            }
            lines.withLock { $0 += seen }
        }

        private static func packets(_ body: Data) -> [String] {
            ((try? EngineIOPayload(bytes: body))?.packets ?? []).map { $0.frame.description }
        }

        var all: [String] { lines.withLock { $0 } }
    }

    @Test("events, acks and binary pass both ways and are observed", arguments: [[Transport.polling], [.websocket], [.polling, .websocket]])
    func exchangesPassThroughTheProxy(transports: [Transport]) async throws {
        try await withOurServer { server in
            let seen = Seen()
            let proxy = try SocketIOProxy(upstream: server.url) { seen.observe($0) }
            let address = try await proxy.start()
            let client = try ClientTestSupport.client(URL(string: "http://127.0.0.1:\(address.port!)")!, ClientTestSupport.configuration(transports))
            let events = ClientTestSupport.events(of: client)

            try await client.connect(auth: ["token": "123"])
            #expect(try await events.event("auth").arguments == [["token": "123"]])
            try await ClientTestSupport.waitForTransport(transports.last!, of: client)
            try await client.emit("message", 1, "2")
            #expect(try await events.event("message-back").arguments == [1, "2"])
            #expect(try await client.emitWithAck("message-with-ack", "a") == ["a"])
            try await client.emit("message", SocketIOValue.binary(Data([1, 2, 3])))
            #expect(try await events.event("message-back").arguments == [SocketIOValue.binary(Data([1, 2, 3]))])
            await client.disconnect()
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" }
            await proxy.shutdown()

            let lines = seen.all
            for line in [#"app> 40{"token":"123"}"#, #"app> 42["message",1,"2"]"#, #"app< 42["message-back",1,"2"]"#, #"app< 430["a"]"#, "app< <binary 010203>"] {
                #expect(lines.contains(line), "\(line) not observed in \(lines)")
            }
            if transports.count > 1 { #expect(lines.contains("app> 2probe") && lines.contains("app< 3probe") && lines.contains("app> 5")) }
        }
    }

    @Test("an upgrade the server refuses reaches the app as the server's own answer")
    func aRefusedUpgradePassesAsItCame() async throws {
        try await withOurServer { server in
            let proxy = try SocketIOProxy(upstream: server.url) { _ in }
            let address = try await proxy.start()
            let connection = try await RawTCPConnection.connect(port: address.port!)
            try await connection.send(
                "GET /socket.io/?EIO=4&transport=websocket&sid=unknown HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                    + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
            )
            let response = try await connection.readResponse()
            #expect(response.status == 400)
            #expect(response.body.contains("Session ID unknown"), "\(response)")
            #expect(await connection.closedByServer())
            connection.close()
            await proxy.shutdown()
        }
    }
}
