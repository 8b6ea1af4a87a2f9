import Foundation
import NIOCore
import SocketIONIO
import SocketIOWire
import Testing

/// ``SocketIOClient`` against our ``SocketIOServer`` running python_server.py's app, both in-process.
///
/// Closes the loop of issue 3 §4: the list that ``PythonServerInteropTests`` runs against
/// python-socketio (polling only, WebSocket only, polling then upgrade; auth payloads; events and
/// acks both ways; binary both ways; a refused namespace; several heartbeats on a short interval;
/// a clean disconnect), here with our server's own view asserted as well.
@Suite("SocketIOClient against our server", .timeLimit(.minutes(1)))
struct OurClientAgainstOurServerTests {
    typealias Transport = SocketIOClientConfiguration.Transport

    static let transportCases: [[Transport]] = [[.polling], [.websocket], [.polling, .websocket]]
    static let bytes = SocketIOValue.binary(Data([1, 2, 3]))
    static let ff = SocketIOValue.binary(Data([0xFF]))

    @Test("auth, events, acks, binary both ways, a server-asked ack, then a clean disconnect", arguments: transportCases)
    func fullExchange(transports: [Transport]) async throws {
        try await withOurServer { server in
            let client = try ClientTestSupport.client(server.url, ClientTestSupport.configuration(transports))
            let events = ClientTestSupport.events(of: client)
            client.on("question") { arguments, ack in ack?(arguments: ["answer"] + arguments) }

            try await client.connect(auth: ["token": "123"])
            #expect(try await events.event("auth").arguments == [["token": "123"]])
            let connect = try await server.entry { $0["event"] == "connect" && $0["namespace"] == "/" }
            #expect(connect["auth"] == ["token": "123"])
            let sid = try #require(connect["eio_sid"])
            try await ClientTestSupport.waitForTransport(transports.last!, of: client)
            let opened = try await server.entry { $0["event"] == "log" && $0["message"] == "engine.io session opened" && $0["sid"] == sid }
            #expect(opened["transport"]?.stringValue == transports.first!.rawValue)
            if transports.count > 1 {
                try await server.entry { $0["event"] == "log" && $0["message"] == "engine.io session upgraded" && $0["sid"] == sid }
            }

            try await client.emit("message", 1, "2", ["3": [true]])
            #expect(try await events.event("message-back").arguments == [1, "2", ["3": [true]]])
            #expect(try await client.emitWithAck("message-with-ack", 1, "2", ["3": [false]]) == [1, "2", ["3": [false]]])
            try await server.entry { $0["event"] == "sent" && $0["text"] == "30[1,\"2\",{\"3\":[false]}]" }

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
            try await server.entry { $0["event"] == "received" && $0["text"] == "30[\"answer\",\"q\",7]" }

            await client.disconnect()
            #expect(try await events.next(within: .hangGuard, "end of the event stream") == nil)
            #expect(await client.transport == nil)
            try await server.entry { $0["event"] == "received" && $0["namespace"] == "/" && $0["text"] == "1" }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client namespace disconnect" }
            let closed = try await server.entry { $0["event"] == "log" && $0["message"] == "engine.io session closed" && $0["sid"] == sid }
            #expect(closed["reason"] == "transport close")
        }
    }

    @Test("a refused namespace throws connectRefused with the CONNECT_ERROR payload; the connection stays usable", arguments: transportCases)
    func refusedNamespace(transports: [Transport]) async throws {
        try await withOurServer { server in
            let client = try ClientTestSupport.client(server.url, ClientTestSupport.configuration(transports))
            do throws(SocketIOClientError) {
                try await client.connect(namespace: "/random")
                Issue.record("connecting to /random succeeded")
            } catch {
                #expect(error.code == .connectRefused)
                #expect(error.namespace == "/random")
                #expect(error.connectErrorPayload == ["message": "Invalid namespace"])
            }
            try await server.entry { $0["event"] == "sent" && $0["text"] == "4/random,{\"message\":\"Invalid namespace\"}" }
            try await client.connect()
            #expect(try await client.emitWithAck("message-with-ack", "after refusal") == ["after refusal"])
            #expect(server.log.entries(named: "log").filter { $0["message"] == "engine.io session opened" }.count == 1)
            await client.disconnect()
        }
    }

    @Test("two namespaces with their own auth; leaving one keeps the other", arguments: [[Transport.polling], [.websocket]])
    func namespaces(transports: [Transport]) async throws {
        try await withOurServer { server in
            let configuration = ClientTestSupport.configuration(transports, auth: ["/": ["token": "root"], "/custom": ["token": "abc"]])
            let client = try ClientTestSupport.client(server.url, configuration)
            let root = ClientTestSupport.events(of: client)
            let custom = ClientTestSupport.events(of: client, namespace: "/custom")
            try await client.connect()
            try await client.connect(namespace: "/custom")
            #expect(try await root.event("auth").arguments == [["token": "root"]])
            #expect(try await custom.event("auth").arguments == [["token": "abc"]])
            try await server.entry { $0["event"] == "connect" && $0["namespace"] == "/custom" && $0["auth"] == ["token": "abc"] }

            try await client.emit("message", "on custom", namespace: "/custom")
            #expect(try await custom.event("message-back").arguments == ["on custom"])
            #expect(try await client.emitWithAck("message-with-ack", "acked on custom", namespace: "/custom") == ["acked on custom"])

            await client.disconnect(namespace: "/custom")
            #expect(try await custom.next(within: .hangGuard, "end of the /custom stream") == nil)
            try await server.entry { $0["event"] == "received" && $0["text"] == "1/custom," }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/custom" && $0["reason"] == "client namespace disconnect" }
            #expect(try await client.emitWithAck("message-with-ack", "root still here") == ["root still here"])
            await client.disconnect()
        }
    }

    @Test("server pings are answered: several heartbeats on a 200 ms interval", arguments: transportCases)
    func heartbeats(transports: [Transport]) async throws {
        try await withOurServer(pingInterval: .milliseconds(200)) { server in
            let client = try ClientTestSupport.client(server.url, ClientTestSupport.configuration(transports))
            try await client.connect()
            try await ClientTestSupport.waitForPings(4, of: client)
            #expect(try await client.emitWithAck("message-with-ack", "alive") == ["alive"])
            #expect(server.log.entries(named: "disconnect").isEmpty)
            #expect(!server.log.entries(named: "log").contains { $0["message"] == "engine.io session closed" })
            await client.disconnect()
            try await server.entry { $0["event"] == "disconnect" && $0["reason"] == "client namespace disconnect" }
        }
    }

    @Test("a server-side DISCONNECT ends the namespace's event stream", arguments: [[Transport.polling], [.websocket]])
    func serverDisconnect(transports: [Transport]) async throws {
        try await withOurServer { server in
            let client = try ClientTestSupport.client(server.url, ClientTestSupport.configuration(transports))
            let events = ClientTestSupport.events(of: client)
            try await client.connect()
            _ = try await events.event("auth")
            #expect(await client.sid() != nil)
            try await client.emit("disconnect-me")
            #expect(try await events.next(within: .hangGuard, "end of the event stream") == nil)
            #expect(await client.sid() == nil)
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "server namespace disconnect" }
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
