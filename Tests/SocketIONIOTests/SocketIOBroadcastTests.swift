import Foundation
import NIOConcurrencyHelpers
import SocketIONIO
import SocketIOWire
import Testing

/// Broadcasts encoded once per event loop: every transport gets them, their order with a
/// socket's own emits holds, rooms and exclusions choose the same sockets as before, observers
/// see each delivery.
@Suite(.timeLimit(.minutes(1)))
struct SocketIOBroadcastTests {
    func withServer(
        observer: (@Sendable (SocketIOPacketRecord) -> Void)? = nil,
        configure: (SocketIOServer) -> Void,
        _ body: (SocketIOServer, Int) async throws -> Void
    ) async throws {
        let server = SocketIOServer(configuration: .init(logger: Testee.logger, observer: observer))
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

    /// A WebSocket joined to `/` with `auth`, after the CONNECT reply.
    func join(port: Int, auth: String = "") async throws -> RawWebSocket {
        let socket = try await RawWebSocket.open(port: port, target: "/socket.io/?EIO=4&transport=websocket")
        _ = try await socket.next()
        socket.send("40" + auth)
        guard case .text(let reply) = try await socket.next(), reply.hasPrefix("40") else {
            throw RawTestClientError.connectionClosed("the CONNECT reply")
        }
        return socket
    }

    /// Sockets join the room named in their auth, `room` by default.
    func joinRoomFromAuth(_ server: SocketIOServer) {
        server.namespace("/").onConnection { socket in
            socket.join(socket.auth["room"]?.stringValue ?? "room")
            socket.on("hello") { _, ack in ack?.send([]) }
        }
    }

    @Test func aBroadcastReachesWebSocketAndPollingSocketsAlike() async throws {
        try await withServer(configure: joinRoomFromAuth) { server, port in
            let webSocket = try await join(port: port)
            let handshake = try await RawHTTPClient.request(.GET, "/socket.io/?EIO=4&transport=polling", port: port)
            let query = "/socket.io/?EIO=4&transport=polling&sid=\(try Testee.sid(ofHandshake: handshake.body))"
            #expect(try await RawHTTPClient.request(.POST, query, body: "40", port: port).body == "ok")
            #expect(try await RawHTTPClient.request(.GET, query, port: port).body.hasPrefix("40{\"sid\":"))
            #expect(server.namespace("/").sockets(in: "room").count == 2)

            server.namespace("/").to("room").emit("news", "one", 2, ["three": true])
            let expected = "42[\"news\",\"one\",2,{\"three\":true}]"
            #expect(try await webSocket.next() == .text(expected))
            #expect(try await RawHTTPClient.request(.GET, query, port: port).body == expected)

            server.namespace("/").to("room").emit("bytes", .binary(Data([1, 2, 3])))
            #expect(try await webSocket.next() == .text("451-[\"bytes\",{\"_placeholder\":true,\"num\":0}]"))
            #expect(try await webSocket.next() == .binary([1, 2, 3]))
            #expect(try await RawHTTPClient.request(.GET, query, port: port).body == "451-[\"bytes\",{\"_placeholder\":true,\"num\":0}]\u{1E}bAQID")
        }
    }

    /// Emits to one socket and broadcasts leave in the order they were made, from any thread.
    @Test func broadcastsKeepTheirOrderWithASocketsOwnEmits() async throws {
        let sockets = NIOLockedValueBox<[SocketIOServerSocket]>([])
        try await withServer(configure: { server in
            server.namespace("/").onConnection { socket in
                socket.join("room")
                sockets.withLockedValue { $0.append(socket) }
                socket.on("go") { _, _ in
                    // On the socket's own loop.
                    socket.emit("a")
                    server.namespace("/").to("room").emit("b")
                    socket.emit("c")
                }
            }
        }) { server, port in
            let client = try await join(port: port)
            client.send("42[\"go\"]")
            #expect(try await client.next() == .text("42[\"a\"]"))
            #expect(try await client.next() == .text("42[\"b\"]"))
            #expect(try await client.next() == .text("42[\"c\"]"))

            // From a thread that is no event loop.
            let socket = try #require(sockets.withLockedValue { $0.first })
            for round in 0..<20 {
                socket.emit("own", .int(Int64(round)))
                server.namespace("/").to("room").emit("all", .int(Int64(round)))
            }
            for round in 0..<20 {
                #expect(try await client.next() == .text("42[\"own\",\(round)]"))
                #expect(try await client.next() == .text("42[\"all\",\(round)]"))
            }
        }
    }

    /// A broadcast made on the loop waits for one another thread queued to that loop a moment
    /// earlier, and a socket's own emit waits for both (a backend emitting in decision order from
    /// whichever loop answered the call, FLOW-7).
    @Test func aBroadcastOnTheLoopDoesNotOvertakeOneQueuedFromAnotherThread() async throws {
        try await withServer(configure: { server in
            server.namespace("/").onConnection { socket in
                socket.join("room")
                socket.on("go") { _, _ in
                    // On the socket's loop: another thread's broadcast is queued here while this task runs.
                    // (Not `sync`: that runs its block on this very thread.)
                    let queued = DispatchSemaphore(value: 0)
                    DispatchQueue.global().async {
                        server.namespace("/").to("room").emit("queued")
                        queued.signal()
                    }
                    queued.wait()
                    server.namespace("/").to("room").emit("on-loop")
                    socket.emit("own")
                }
            }
        }) { _, port in
            let client = try await join(port: port)
            client.send("42[\"go\"]")
            #expect(try await client.next() == .text("42[\"queued\"]"))
            #expect(try await client.next() == .text("42[\"on-loop\"]"))
            #expect(try await client.next() == .text("42[\"own\"]"))
        }
    }

    @Test func roomsExclusionsAndTheSenderAreChosenAsBefore() async throws {
        let sender = NIOLockedValueBox<SocketIOServerSocket?>(nil)
        try await withServer(configure: { server in
            server.namespace("/").onConnection { socket in
                let room = socket.auth["room"]?.stringValue ?? "room"
                socket.join(room)
                socket.join("everyone")
                if room == "a" { sender.withLockedValue { $0 = $0 ?? socket } }
            }
        }) { server, port in
            let a1 = try await join(port: port, auth: "{\"room\":\"a\"}")
            let a2 = try await join(port: port, auth: "{\"room\":\"a\"}")
            let b = try await join(port: port, auth: "{\"room\":\"b\"}")
            let namespace = server.namespace("/")
            #expect(Set(namespace.to("a").to("b").sockets.map(\.id)).count == 3)

            namespace.to("everyone").except("b").emit("not-b")
            #expect(try await a1.next() == .text("42[\"not-b\"]"))
            #expect(try await a2.next() == .text("42[\"not-b\"]"))
            namespace.to("a").to("b").emit("both")
            for client in [a1, a2, b] { #expect(try await client.next() == .text("42[\"both\"]")) }

            // socket.to(room) leaves the sender out; b gets nothing from it.
            let first = try #require(sender.withLockedValue { $0 })
            first.to("a").emit("from-a")
            namespace.emit("end")
            let others = [a1, a2]
            var received: [RawWebSocket.Frame] = []
            for client in others { received.append(try await client.next()) }
            #expect(received.filter { $0 == .text("42[\"from-a\"]") }.count == 1)
            #expect(try await b.next() == .text("42[\"end\"]"))
        }
    }

    @Test func theObserverSeesEveryDelivery() async throws {
        let records = NIOLockedValueBox<[SocketIOPacketRecord]>([])
        try await withServer(observer: { record in records.withLockedValue { $0.append(record) } }, configure: joinRoomFromAuth) { server, port in
            let first = try await join(port: port)
            let second = try await join(port: port)
            server.namespace("/").to("room").emit("seen")
            #expect(try await first.next() == .text("42[\"seen\"]"))
            #expect(try await second.next() == .text("42[\"seen\"]"))
            let outbound = records.withLockedValue { $0 }.filter { $0.direction == .outbound && $0.packet.eventName == "seen" }
            #expect(outbound.count == 2)
            #expect(Set(outbound.map(\.engineIOSessionID)).count == 2)
        }
    }

    @Test func aSocketThatLeftTheNamespaceGetsNoBroadcast() async throws {
        try await withServer(configure: joinRoomFromAuth) { server, port in
            let leaving = try await join(port: port)
            let staying = try await join(port: port)
            leaving.send("41")
            // Wait until the server has taken the socket out of the room (a hang guard, no verdict).
            let guardEnd = ContinuousClock.now + .hangGuard
            while server.namespace("/").sockets(in: "room").count > 1 {
                guard ContinuousClock.now < guardEnd else { throw TestTimeout("the server to take the leaving socket out of the room") }
                try await Task.sleep(for: .milliseconds(5))
            }
            server.namespace("/").to("room").emit("after")
            #expect(try await staying.next() == .text("42[\"after\"]"))
            // No window of time proves the absence: a fence does. The broadcast was queued on the
            // leaving connection's loop before the client joins again and asks for an ack, and the
            // ack is written after the loop has run what was queued before the ask was read; so a
            // leaked "after" would come before the ack.
            leaving.send("40{\"room\":\"elsewhere\"}")
            let reply = try await leaving.nextIgnoringPings()
            guard case .text(let text) = reply, text.hasPrefix("40{\"sid\":") else {
                Issue.record("the leaving socket got \(reply) before the reply to its second CONNECT")
                return
            }
            leaving.send("421[\"hello\"]")
            #expect(try await leaving.nextIgnoringPings() == .text("431[]"))
        }
    }
}
