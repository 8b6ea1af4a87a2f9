import Foundation
import NIOCore
import SocketIONIO
import SocketIOWire
import Testing

/// ``SocketIOClient`` against a real python-socketio 5 AsyncServer (aiohttp), started per test.
///
/// Covers the interop checklist from the client's side: polling only, WebSocket only, polling
/// then upgrade; auth payloads; events and acks both ways; binary both ways; a refused
/// namespace; several heartbeats on a short interval; a clean disconnect (`41`, then `1`).
/// Needs `JOBWIRE_PYTHON` (set by ./Scripts/test); without it every test fails and says so.
@Suite("SocketIOClient against python-socketio", .timeLimit(.minutes(3)))
struct PythonServerInteropTests {
    typealias Transport = SocketIOClientConfiguration.Transport

    static let transportCases: [[Transport]] = [[.polling], [.websocket], [.polling, .websocket]]
    static let bytes = SocketIOValue.binary(Data([1, 2, 3]))
    static let ff = SocketIOValue.binary(Data([0xFF]))

    @Test("auth, events, acks, binary both ways, a server-asked ack, then a clean disconnect", arguments: transportCases)
    func fullExchange(transports: [Transport]) async throws {
        try await withPythonServer { server in
            let client = try ClientTestSupport.client(server.url, ClientTestSupport.configuration(transports))
            let events = ClientTestSupport.events(of: client)
            client.on("question") { arguments, ack in ack?(arguments: ["answer"] + arguments) }

            try await client.connect(auth: ["token": "123"])
            #expect(try await events.event("auth").arguments == [["token": "123"]])
            try await server.entry { $0["event"] == "received" && $0["text"] == "0{\"token\":\"123\"}" }
            try await ClientTestSupport.waitForTransport(transports.last!, of: client)

            try await client.emit("message", 1, "2", ["3": [true]])
            #expect(try await events.event("message-back").arguments == [1, "2", ["3": [true]]])

            #expect(try await client.emitWithAck("message-with-ack", 1, "2", ["3": [false]]) == [1, "2", ["3": [false]]])

            try await client.emit("message", Self.bytes, ["nested": Self.ff])
            #expect(try await events.event("message-back").arguments == [Self.bytes, ["nested": Self.ff]])
            try await server.entry {
                $0["event"] == "received"
                    && $0["text"] == "52-[\"message\",{\"_placeholder\":true,\"num\":0},{\"nested\":{\"_placeholder\":true,\"num\":1}}]"
            }
            try await server.entry { $0["event"] == "received" && $0["binary"] == "ff" }

            #expect(try await client.emitWithAck("message-with-ack", Self.bytes, "text") == [Self.bytes, "text"])

            try await client.emit("binary-please")
            #expect(try await events.event("binary-from-server").arguments == [Self.bytes, ["nested": Self.ff, "text": "bytes"]])

            try await client.emit("ask-me", "q", 7)
            let question = try await events.event("question")
            #expect(question.arguments == ["q", 7])
            #expect(question.ack != nil)
            #expect(try await events.event("answer-received").arguments == ["answer", "q", 7])

            await client.disconnect()
            #expect(try await events.next(within: .hangGuard, "end of the event stream") == nil)
            #expect(await client.transport == nil)
            try await server.entry { $0["event"] == "received" && $0["text"] == "1" }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client disconnect" }
            try await server.entry { $0["event"] == "engine-close-packet" }
            try await server.entry { $0["event"] == "engine-disconnect" && $0["reason"] == "client disconnect" }
        }
    }

    @Test("a refused namespace throws connectRefused with the CONNECT_ERROR payload; the connection stays usable", arguments: transportCases)
    func refusedNamespace(transports: [Transport]) async throws {
        try await withPythonServer { server in
            let client = try ClientTestSupport.client(server.url, ClientTestSupport.configuration(transports))
            do throws(SocketIOClientError) {
                try await client.connect(namespace: "/random")
                Issue.record("connecting to /random succeeded")
            } catch {
                #expect(error.code == .connectRefused)
                #expect(error.namespace == "/random")
                #expect(error.connectErrorPayload == ["message": "Invalid namespace"])
            }
            try await server.entry { $0["event"] == "refused" && $0["namespace"] == "/random" }
            try await client.connect()
            #expect(try await client.emitWithAck("message-with-ack", "after refusal") == ["after refusal"])
            await client.disconnect()
        }
    }

    @Test("two namespaces with their own auth; leaving one keeps the other", arguments: [[Transport.polling], [.websocket]])
    func namespaces(transports: [Transport]) async throws {
        try await withPythonServer { server in
            let configuration = ClientTestSupport.configuration(transports, auth: ["/": ["token": "root"], "/custom": ["token": "abc"]])
            let client = try ClientTestSupport.client(server.url, configuration)
            let root = ClientTestSupport.events(of: client)
            let custom = ClientTestSupport.events(of: client, namespace: "/custom")
            try await client.connect()
            try await client.connect(namespace: "/custom")
            #expect(try await root.event("auth").arguments == [["token": "root"]])
            #expect(try await custom.event("auth").arguments == [["token": "abc"]])
            try await server.entry { $0["event"] == "received" && $0["text"] == "0/custom,{\"token\":\"abc\"}" }

            try await client.emit("message", "on custom", namespace: "/custom")
            #expect(try await custom.event("message-back").arguments == ["on custom"])
            #expect(try await client.emitWithAck("message-with-ack", "acked on custom", namespace: "/custom") == ["acked on custom"])

            await client.disconnect(namespace: "/custom")
            #expect(try await custom.next(within: .hangGuard, "end of the /custom stream") == nil)
            try await server.entry { $0["event"] == "received" && $0["text"] == "1/custom," }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/custom" && $0["reason"] == "client disconnect" }
            #expect(try await client.emitWithAck("message-with-ack", "root still here") == ["root still here"])
            await client.disconnect()
        }
    }

    @Test("server pings are answered: several heartbeats on a 200 ms interval", arguments: transportCases)
    func heartbeats(transports: [Transport]) async throws {
        try await withPythonServer(pingInterval: 0.2, pingTimeout: 5.0) { server in
            let client = try ClientTestSupport.client(server.url, ClientTestSupport.configuration(transports))
            try await client.connect()
            try await ClientTestSupport.waitForPings(4, of: client)
            #expect(try await client.emitWithAck("message-with-ack", "alive") == ["alive"])
            let end = ContinuousClock.now + .seconds(5)
            while server.entries(named: "pong").count < 4, ContinuousClock.now < end {
                await server.drain(for: .milliseconds(50))
            }
            #expect(server.entries(named: "pong").count >= 4)
            #expect(server.entries(named: "engine-disconnect").isEmpty)
            await client.disconnect()
        }
    }

    @Test("an event nobody handles gets no ACK: emitWithAck times out")
    func ackTimeout() async throws {
        try await withPythonServer { server in
            let client = try ClientTestSupport.client(server.url, ClientTestSupport.configuration([.websocket]))
            try await client.connect()
            do throws(SocketIOClientError) {
                _ = try await client.emitWithAck("nobody-handles-this", timeout: .milliseconds(300))
                Issue.record("an ACK arrived")
            } catch {
                #expect(error.code == .ackTimeout)
            }
            await client.disconnect()
        }
    }

    @Test("a server-side DISCONNECT ends the namespace's event stream", arguments: [[Transport.polling], [.websocket]])
    func serverDisconnect(transports: [Transport]) async throws {
        try await withPythonServer { server in
            let client = try ClientTestSupport.client(server.url, ClientTestSupport.configuration(transports))
            let events = ClientTestSupport.events(of: client)
            try await client.connect()
            _ = try await events.event("auth")
            #expect(await client.sid() != nil)
            try await client.emit("disconnect-me")
            #expect(try await events.next(within: .hangGuard, "end of the event stream") == nil)
            #expect(await client.sid() == nil)
            do throws(SocketIOClientError) {
                try await client.emit("message", "too late")
                Issue.record("emit on a disconnected namespace succeeded")
            } catch {
                #expect(error.code == .notConnected)
            }
            await client.disconnect()
        }
    }
}
