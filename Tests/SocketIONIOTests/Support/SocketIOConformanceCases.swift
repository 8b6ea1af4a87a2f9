import SocketIOWire
import Testing

/// The Socket.IO cases of socketio/socket.io-protocol `test-suite/test-suite.js`.
///
/// The suite's client never answers pings, so each case must finish before the session expires
/// about 500 ms after its open packet; frames are read in order (``RawWebSocket/next(timeout:)``).
struct SocketIOConformanceCases {
    let engine: EngineIOConformanceCases

    init(port: Int, pingTimeout: Int = 200) {
        engine = EngineIOConformanceCases(port: port, path: "/socket.io/", pingTimeout: pingTimeout)
    }

    /// `initSocketIOConnection`: a WebSocket session joined to `/`, its CONNECT reply and `auth` event read.
    func initSocketIOConnection() async throws -> RawWebSocket {
        let socket = try await engine.openWebSocketSession()
        socket.send("40")
        _ = try await socket.next()
        _ = try await socket.next()
        return socket
    }

    /// Sends a CONNECT and checks the reply (`prefix` then `{"sid":...}` only) and the `auth` event.
    func connects(sending connect: String, replyPrefix: String, auth: String) async throws {
        let socket = try await engine.openWebSocketSession()
        socket.send(connect)
        let reply = try await socket.next()
        guard case .text(let text) = reply, text.hasPrefix(replyPrefix) else {
            Issue.record("expected a CONNECT reply starting with \(replyPrefix), got \(reply)")
            return
        }
        let handshake = try JSONParser.parse(Array(text.utf8.dropFirst(replyPrefix.utf8.count)))
        #expect(handshake.objectValue?.keys == ["sid"])
        #expect(handshake["sid"]?.stringValue != nil)
        #expect(try await socket.next() == .text(auth))
        socket.close()
    }

    func refusesUnknownNamespace() async throws {
        let socket = try await engine.openWebSocketSession()
        socket.send("40/random")
        #expect(try await socket.next() == .text("44/random,{\"message\":\"Invalid namespace\"}"))
        socket.close()
    }

    func closesUpon(_ text: String, connected: Bool) async throws {
        let socket = connected ? try await initSocketIOConnection() : try await engine.openWebSocketSession()
        socket.send(text)
        try await socket.waitForClose()
    }

    func closesWithoutHandshake() async throws {
        let socket = try await engine.webSocket("EIO=4&transport=websocket")
        try await socket.waitForClose()
    }

    func disconnectsFromMainNamespace() async throws {
        let socket = try await initSocketIOConnection()
        socket.send("41")
        #expect(try await socket.next() == .text("2"))
        socket.close()
    }

    func connectsThenDisconnectsFromCustomNamespace() async throws {
        let socket = try await initSocketIOConnection()
        #expect(try await socket.next() == .text("2"))
        socket.send("40/custom")
        _ = try await socket.next()
        _ = try await socket.next()
        socket.send("41/custom")
        socket.send("42[\"message\",\"message to main namespace\"]")
        #expect(try await socket.next() == .text("42[\"message-back\",\"message to main namespace\"]"))
        socket.close()
    }

    func answers(_ text: String, with expected: String) async throws {
        let socket = try await initSocketIOConnection()
        socket.send(text)
        #expect(try await socket.next() == .text(expected))
        socket.close()
    }

    func answersBinary(_ text: String, with expected: String) async throws {
        let socket = try await initSocketIOConnection()
        socket.send(text)
        socket.send(binary: [1, 2, 3])
        socket.send(binary: [4, 5, 6])
        #expect(try await socket.nextIgnoringPings() == .text(expected))
        #expect(try await socket.nextIgnoringPings() == .binary([1, 2, 3]))
        #expect(try await socket.nextIgnoringPings() == .binary([4, 5, 6]))
        socket.close()
    }
}
