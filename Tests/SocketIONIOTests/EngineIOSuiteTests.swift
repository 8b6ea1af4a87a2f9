import Testing

/// socketio/engine.io-protocol `test-suite/test-suite.js`, all 24 cases, against the Engine.IO
/// echo profile (`jobwire socketio-testee --engine-io`) started in-process on port 0.
///
/// Each test is named after its official case ("describe › it") and sends and asserts the same
/// bytes; the few places where this port waits or reads differently say why.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct EngineIOSuiteTests {
    func run(pongGrace: Bool = false, _ body: (EngineIOConformanceCases) async throws -> Void) async throws {
        try await Testee.run(engineIOOnly: true, pongGrace: pongGrace) { port in
            try await body(EngineIOConformanceCases(port: port, path: "/engine.io/", pingTimeout: pongGrace ? Testee.relaxedDeadlineMs : 200))
        }
    }

    // MARK: handshake

    @Test("handshake › HTTP long-polling › successfully opens a session")
    func handshakePollingOpensASession() async throws {
        try await run { try await $0.pollingHandshakeOpensASession() }
    }

    @Test("handshake › HTTP long-polling › fails with an invalid 'EIO' query parameter")
    func handshakePollingInvalidEIO() async throws {
        try await run { try await $0.pollingHandshakeRefusesAnInvalidEIO() }
    }

    @Test("handshake › HTTP long-polling › fails with an invalid 'transport' query parameter")
    func handshakePollingInvalidTransport() async throws {
        try await run { try await $0.pollingHandshakeRefusesAnInvalidTransport() }
    }

    @Test("handshake › HTTP long-polling › fails with an invalid request method")
    func handshakePollingInvalidMethod() async throws {
        try await run { try await $0.pollingHandshakeRefusesAnInvalidMethod() }
    }

    @Test("handshake › WebSocket › successfully opens a session")
    func handshakeWebSocketOpensASession() async throws {
        try await run { try await $0.webSocketHandshakeOpensASession() }
    }

    @Test("handshake › WebSocket › fails with an invalid 'EIO' query parameter")
    func handshakeWebSocketInvalidEIO() async throws {
        try await run { try await $0.webSocketHandshakeIsRefused(["transport=websocket", "EIO=abc&transport=websocket"]) }
    }

    @Test("handshake › WebSocket › fails with an invalid 'transport' query parameter")
    func handshakeWebSocketInvalidTransport() async throws {
        try await run { try await $0.webSocketHandshakeIsRefused(["EIO=4", "EIO=4&transport=abc"]) }
    }

    // MARK: message

    @Test("message › HTTP long-polling › sends and receives a payload containing one plain text packet")
    func messagePollingOnePlainTextPacket() async throws {
        try await run { try await $0.pollingEchoes("4hello") }
    }

    @Test("message › HTTP long-polling › sends and receives a payload containing several plain text packets")
    func messagePollingSeveralPlainTextPackets() async throws {
        try await run { try await $0.pollingEchoes("4test1\u{1E}4test2\u{1E}4test3") }
    }

    @Test("message › HTTP long-polling › sends and receives a payload containing plain text and binary packets")
    func messagePollingPlainTextAndBinaryPackets() async throws {
        try await run { try await $0.pollingEchoes("4hello\u{1E}bAQIDBA==") }
    }

    @Test("message › HTTP long-polling › closes the session upon invalid packet format")
    func messagePollingInvalidPacketFormat() async throws {
        try await run { try await $0.pollingClosesUponInvalidPacketFormat() }
    }

    @Test("message › HTTP long-polling › closes the session upon duplicate poll requests")
    func messagePollingDuplicatePollRequests() async throws {
        try await run { try await $0.pollingClosesUponDuplicatePollRequests() }
    }

    @Test("message › WebSocket › sends and receives a plain text packet")
    func messageWebSocketPlainTextPacket() async throws {
        try await run { try await $0.webSocketEchoesText() }
    }

    @Test("message › WebSocket › sends and receives a binary packet")
    func messageWebSocketBinaryPacket() async throws {
        try await run { try await $0.webSocketEchoesBinary() }
    }

    @Test("message › WebSocket › closes the session upon invalid packet format")
    func messageWebSocketInvalidPacketFormat() async throws {
        try await run { try await $0.webSocketClosesUponInvalidPacketFormat() }
    }

    // MARK: heartbeat

    @Test("heartbeat › HTTP long-polling › sends ping/pong packets")
    func heartbeatPollingPingPong() async throws {
        try await run(pongGrace: true) { try await $0.pollingSendsPings() }
    }

    @Test("heartbeat › HTTP long-polling › closes the session upon ping timeout")
    func heartbeatPollingPingTimeout() async throws {
        try await run { try await $0.pollingClosesUponPingTimeout() }
    }

    @Test("heartbeat › WebSocket › sends ping/pong packets")
    func heartbeatWebSocketPingPong() async throws {
        try await run(pongGrace: true) { try await $0.webSocketSendsPings() }
    }

    @Test("heartbeat › WebSocket › closes the session upon ping timeout")
    func heartbeatWebSocketPingTimeout() async throws {
        try await run { try await $0.webSocketClosesUponPingTimeout() }
    }

    // MARK: close

    @Test("close › HTTP long-polling › forcefully closes the session")
    func closePollingForcefully() async throws {
        try await run { try await $0.pollingForcefullyCloses() }
    }

    @Test("close › WebSocket › forcefully closes the session")
    func closeWebSocketForcefully() async throws {
        try await run { try await $0.webSocketForcefullyCloses() }
    }

    // MARK: upgrade

    @Test("upgrade › successfully upgrades from HTTP long-polling to WebSocket")
    func upgradeSucceeds() async throws {
        try await run { try await $0.upgradeSucceedsWithEcho() }
    }

    @Test("upgrade › ignores HTTP requests with same sid after upgrade")
    func upgradeIgnoresHTTPRequests() async throws {
        try await run { try await $0.upgradeIgnoresHTTPAfterUpgrade(echo: true) }
    }

    @Test("upgrade › ignores WebSocket connection with same sid after upgrade")
    func upgradeIgnoresWebSocketConnection() async throws {
        try await run { try await $0.upgradeIgnoresSecondWebSocket(echo: true) }
    }
}
