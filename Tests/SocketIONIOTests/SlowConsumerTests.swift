import Foundation
import NIOCore
import SocketIOWire
import Testing

@testable import SocketIONIO

/// Slow consumers on loopback, with small limits: a WebSocket client that never reads and a
/// polling client that never polls are dropped while a broadcast goes on, the session table and
/// the counted bytes return to empty, and a normal reader beside them gets every event.
@Suite(.timeLimit(.minutes(1)))
struct SlowConsumerTests {
    /// 256 KiB at once, or 64 KiB for a minute (the soft limit's time is the state machine tests').
    static let limit = SocketIOServer.OutboundLimit(hardBytes: 256 << 10, softBytes: 64 << 10, softDuration: .seconds(60))
    /// Each broadcast's argument: 8 KiB of text.
    static let payload = String(repeating: "x", count: 8 << 10)
    /// The most events a test emits: 16 MiB, well past any loopback buffer.
    static let maxEvents = 2000

    /// A server whose sockets join `room`, reporting each disconnect with its socket id.
    func withServer(_ body: (SocketIOServer, Int, TestMailbox<(String, SocketIODisconnectReason)>) async throws -> Void) async throws {
        // The stuck clients answer no ping either: a heartbeat of an hour, so that on a busy
        // machine, where the broadcast takes minutes, only the outbound limit can drop them.
        let server = SocketIOServer(configuration: .init(logger: Testee.logger, pingInterval: .seconds(3600), pingTimeout: .seconds(3600), outboundLimit: Self.limit))
        let disconnects = TestMailbox<(String, SocketIODisconnectReason)>()
        server.namespace("/").onConnection { socket in
            socket.join("room")
            socket.onDisconnect { reason in disconnects.put((socket.id, reason)) }
        }
        let port = try #require(try await server.start().port)
        do {
            try await body(server, port, disconnects)
        } catch {
            await server.shutdown(gracePeriod: .zero)
            throw error
        }
        await server.shutdown(gracePeriod: .zero)
    }

    /// A WebSocket that reads everything, joined to `/`.
    func reader(port: Int) async throws -> RawWebSocket {
        let socket = try await RawWebSocket.open(port: port, target: "/socket.io/?EIO=4&transport=websocket")
        _ = try await socket.next()
        socket.send("40")
        guard case .text(let reply) = try await socket.next(), reply.hasPrefix("40") else {
            throw RawTestClientError.connectionClosed("the CONNECT reply")
        }
        return socket
    }

    /// Waits until `count` sockets are in the room.
    func waitForRoom(_ server: SocketIOServer, count: Int) async throws {
        // A hang guard, not a verdict: joining waits on a busy machine's threads.
        let end = ContinuousClock.now + .hangGuard
        while server.namespace("/").sockets(in: "room").count < count {
            guard ContinuousClock.now < end else { throw TestTimeout("\(count) sockets in the room") }
            await Task.yield()
        }
    }

    /// Broadcasts 8 KiB events in batches of 20, each batch read whole by `reader`, until a
    /// socket is disconnected; returns how many were emitted and the disconnect.
    func broadcastUntilDropped(
        _ server: SocketIOServer, reader: RawWebSocket, disconnects: TestMailbox<(String, SocketIODisconnectReason)>
    ) async throws -> (emitted: Int, dropped: (String, SocketIODisconnectReason)) {
        var emitted = 0
        while emitted < Self.maxEvents {
            for _ in 0..<20 {
                server.namespace("/").to("room").emit("news", .int(Int64(emitted)), .string(Self.payload))
                emitted += 1
            }
            for number in (emitted - 20)..<emitted {
                #expect(try await reader.nextIgnoringPings() == .text("42[\"news\",\(number),\"\(Self.payload)\"]"))
            }
            if let dropped = disconnects.pending.first {
                _ = try await disconnects.next(within: .seconds(1))
                return (emitted, dropped)
            }
        }
        throw TestTimeout("no slow consumer dropped after \(emitted) events")
    }

    /// Closes the reader and waits for every session to end; then nothing is counted as queued.
    func expectEverythingReleased(_ server: SocketIOServer, reader: RawWebSocket) async throws {
        reader.close()
        for session in server.engine.sessions { try await session.closedPromise.futureResult.get() }
        #expect(server.engine.sessions.isEmpty)
        #expect(server.engine.queuedOutboundBytes == 0)
    }

    @Test func aWebSocketClientThatNeverReadsIsDroppedAndItsBacklogReleased() async throws {
        try await withServer { server, port, disconnects in
            let normal = try await reader(port: port)
            let stuck = try await StuckWebSocketClient.connect(port: port)
            defer { stuck.close() }
            try await waitForRoom(server, count: 2)
            let (emitted, (_, reason)) = try await broadcastUntilDropped(server, reader: normal, disconnects: disconnects)
            #expect(reason == .slowConsumer)
            #expect((reason.queuedBytes ?? 0) > Self.limit.hardBytes)
            #expect(emitted < Self.maxEvents)
            #expect(server.engine.sessions.count == 1)
            #expect(server.namespace("/").sockets(in: "room").count == 1)
            // The reader keeps receiving after the drop.
            server.namespace("/").to("room").emit("after", .int(1))
            #expect(try await normal.nextIgnoringPings() == .text("42[\"after\",1]"))
            try await expectEverythingReleased(server, reader: normal)
        }
    }

    @Test func aPollingClientThatNeverPollsIsDroppedAndItsBufferReleased() async throws {
        try await withServer { server, port, disconnects in
            let normal = try await reader(port: port)
            let handshake = try await RawHTTPClient.request(.GET, "/socket.io/?EIO=4&transport=polling", port: port)
            let query = "/socket.io/?EIO=4&transport=polling&sid=\(try Testee.sid(ofHandshake: handshake.body))"
            #expect(try await RawHTTPClient.request(.POST, query, body: "40", port: port).body == "ok")
            #expect(try await RawHTTPClient.request(.GET, query, port: port).body.hasPrefix("40{\"sid\":"))
            try await waitForRoom(server, count: 2)
            let (emitted, (_, reason)) = try await broadcastUntilDropped(server, reader: normal, disconnects: disconnects)
            #expect(reason == .slowConsumer)
            #expect((reason.queuedBytes ?? 0) > Self.limit.hardBytes)
            // Dropped by the event that passed the hard limit: less than one more event over it.
            #expect((reason.queuedBytes ?? .max) < Self.limit.hardBytes + Self.payload.utf8.count + 64)
            #expect(emitted >= 40)
            #expect(server.engine.sessions.count == 1)
            #expect(try await RawHTTPClient.request(.GET, query, port: port).status == 400)
            try await expectEverythingReleased(server, reader: normal)
        }
    }
}
