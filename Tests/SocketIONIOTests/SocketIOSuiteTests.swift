import Testing

/// socketio/socket.io-protocol `test-suite/test-suite.js`, all 32 cases (16 Engine.IO, 16
/// Socket.IO), against the Socket.IO profile (`jobwire socketio-testee`) started in-process on port 0.
///
/// Each test is named after its official case ("describe › it") and sends and asserts the same
/// bytes; the few places where this port waits or reads differently say why.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SocketIOSuiteTests {
    func run(pongGrace: Bool = false, _ body: (SocketIOConformanceCases) async throws -> Void) async throws {
        try await Testee.run(engineIOOnly: false, pongGrace: pongGrace) { port in
            try await body(SocketIOConformanceCases(port: port, pingTimeout: pongGrace ? Testee.relaxedDeadlineMs : 200))
        }
    }

    func runEngine(pongGrace: Bool = false, _ body: (EngineIOConformanceCases) async throws -> Void) async throws {
        try await run(pongGrace: pongGrace) { try await body($0.engine) }
    }

    // MARK: Engine.IO protocol › handshake

    @Test("Engine.IO protocol › handshake › HTTP long-polling › should successfully open a session")
    func handshakePollingOpensASession() async throws {
        try await runEngine { try await $0.pollingHandshakeOpensASession() }
    }

    @Test("Engine.IO protocol › handshake › HTTP long-polling › should fail with an invalid 'EIO' query parameter")
    func handshakePollingInvalidEIO() async throws {
        try await runEngine { try await $0.pollingHandshakeRefusesAnInvalidEIO() }
    }

    @Test("Engine.IO protocol › handshake › HTTP long-polling › should fail with an invalid 'transport' query parameter")
    func handshakePollingInvalidTransport() async throws {
        try await runEngine { try await $0.pollingHandshakeRefusesAnInvalidTransport() }
    }

    @Test("Engine.IO protocol › handshake › HTTP long-polling › should fail with an invalid request method")
    func handshakePollingInvalidMethod() async throws {
        try await runEngine { try await $0.pollingHandshakeRefusesAnInvalidMethod() }
    }

    @Test("Engine.IO protocol › handshake › WebSocket › should successfully open a session")
    func handshakeWebSocketOpensASession() async throws {
        try await runEngine { try await $0.webSocketHandshakeOpensASession() }
    }

    @Test("Engine.IO protocol › handshake › WebSocket › should fail with an invalid 'EIO' query parameter")
    func handshakeWebSocketInvalidEIO() async throws {
        try await runEngine { try await $0.webSocketHandshakeIsRefused(["transport=websocket", "EIO=abc&transport=websocket"]) }
    }

    @Test("Engine.IO protocol › handshake › WebSocket › should fail with an invalid 'transport' query parameter")
    func handshakeWebSocketInvalidTransport() async throws {
        try await runEngine { try await $0.webSocketHandshakeIsRefused(["EIO=4", "EIO=4&transport=abc"]) }
    }

    // MARK: Engine.IO protocol › heartbeat

    @Test("Engine.IO protocol › heartbeat › HTTP long-polling › should send ping/pong packets")
    func heartbeatPollingPingPong() async throws {
        try await runEngine(pongGrace: true) { try await $0.pollingSendsPings() }
    }

    @Test("Engine.IO protocol › heartbeat › HTTP long-polling › should close the session upon ping timeout")
    func heartbeatPollingPingTimeout() async throws {
        try await runEngine { try await $0.pollingClosesUponPingTimeout() }
    }

    @Test("Engine.IO protocol › heartbeat › WebSocket › should send ping/pong packets")
    func heartbeatWebSocketPingPong() async throws {
        try await runEngine(pongGrace: true) { try await $0.webSocketSendsPings() }
    }

    @Test("Engine.IO protocol › heartbeat › WebSocket › should close the session upon ping timeout")
    func heartbeatWebSocketPingTimeout() async throws {
        try await runEngine { try await $0.webSocketClosesUponPingTimeout() }
    }

    // MARK: Engine.IO protocol › close

    @Test("Engine.IO protocol › close › HTTP long-polling › should forcefully close the session")
    func closePollingForcefully() async throws {
        try await runEngine { try await $0.pollingForcefullyCloses() }
    }

    @Test("Engine.IO protocol › close › WebSocket › should forcefully close the session")
    func closeWebSocketForcefully() async throws {
        try await runEngine { try await $0.webSocketForcefullyCloses() }
    }

    // MARK: Engine.IO protocol › upgrade

    @Test("Engine.IO protocol › upgrade › should successfully upgrade from HTTP long-polling to WebSocket")
    func upgradeSucceeds() async throws {
        try await runEngine { try await $0.upgradeSucceeds() }
    }

    @Test("Engine.IO protocol › upgrade › should ignore HTTP requests with same sid after upgrade")
    func upgradeIgnoresHTTPRequests() async throws {
        try await runEngine { try await $0.upgradeIgnoresHTTPAfterUpgrade(echo: false) }
    }

    @Test("Engine.IO protocol › upgrade › should ignore WebSocket connection with same sid after upgrade")
    func upgradeIgnoresWebSocketConnection() async throws {
        try await runEngine { try await $0.upgradeIgnoresSecondWebSocket(echo: false) }
    }

    // MARK: Socket.IO protocol › connect

    @Test("Socket.IO protocol › connect › should allow connection to the main namespace")
    func connectMainNamespace() async throws {
        try await run { try await $0.connects(sending: "40", replyPrefix: "40", auth: "42[\"auth\",{}]") }
    }

    @Test("Socket.IO protocol › connect › should allow connection to the main namespace with a payload")
    func connectMainNamespaceWithPayload() async throws {
        try await run {
            try await $0.connects(sending: "40{\"token\":\"123\"}", replyPrefix: "40", auth: "42[\"auth\",{\"token\":\"123\"}]")
        }
    }

    @Test("Socket.IO protocol › connect › should allow connection to a custom namespace")
    func connectCustomNamespace() async throws {
        try await run { try await $0.connects(sending: "40/custom,", replyPrefix: "40/custom,", auth: "42/custom,[\"auth\",{}]") }
    }

    @Test("Socket.IO protocol › connect › should allow connection to a custom namespace with a payload")
    func connectCustomNamespaceWithPayload() async throws {
        try await run {
            try await $0.connects(
                sending: "40/custom,{\"token\":\"abc\"}", replyPrefix: "40/custom,", auth: "42/custom,[\"auth\",{\"token\":\"abc\"}]"
            )
        }
    }

    @Test("Socket.IO protocol › connect › should disallow connection to an unknown namespace")
    func connectUnknownNamespace() async throws {
        try await run { try await $0.refusesUnknownNamespace() }
    }

    @Test("Socket.IO protocol › connect › should disallow connection with an invalid handshake")
    func connectInvalidHandshake() async throws {
        try await run { try await $0.closesUpon("4abc", connected: false) }
    }

    @Test("Socket.IO protocol › connect › should close the connection if no handshake is received")
    func connectNoHandshake() async throws {
        try await run { try await $0.closesWithoutHandshake() }
    }

    // MARK: Socket.IO protocol › disconnect

    @Test("Socket.IO protocol › disconnect › should disconnect from the main namespace")
    func disconnectMainNamespace() async throws {
        try await run { try await $0.disconnectsFromMainNamespace() }
    }

    @Test("Socket.IO protocol › disconnect › should connect then disconnect from a custom namespace")
    func disconnectCustomNamespace() async throws {
        // The case waits for a ping it never answers, then goes on: the pong deadline is not its subject.
        try await run(pongGrace: true) { try await $0.connectsThenDisconnectsFromCustomNamespace() }
    }

    // MARK: Socket.IO protocol › message

    @Test("Socket.IO protocol › message › should send a plain-text packet")
    func messagePlainText() async throws {
        try await run {
            try await $0.answers("42[\"message\",1,\"2\",{\"3\":[true]}]", with: "42[\"message-back\",1,\"2\",{\"3\":[true]}]")
        }
    }

    @Test("Socket.IO protocol › message › should send a packet with binary attachments")
    func messageBinaryAttachments() async throws {
        try await run {
            try await $0.answersBinary(
                "452-[\"message\",{\"_placeholder\":true,\"num\":0},{\"_placeholder\":true,\"num\":1}]",
                with: "452-[\"message-back\",{\"_placeholder\":true,\"num\":0},{\"_placeholder\":true,\"num\":1}]"
            )
        }
    }

    @Test("Socket.IO protocol › message › should send a plain-text packet with an ack")
    func messagePlainTextWithAck() async throws {
        try await run {
            try await $0.answers("42456[\"message-with-ack\",1,\"2\",{\"3\":[false]}]", with: "43456[1,\"2\",{\"3\":[false]}]")
        }
    }

    @Test("Socket.IO protocol › message › should send a packet with binary attachments and an ack")
    func messageBinaryAttachmentsWithAck() async throws {
        try await run {
            try await $0.answersBinary(
                "452-789[\"message-with-ack\",{\"_placeholder\":true,\"num\":0},{\"_placeholder\":true,\"num\":1}]",
                with: "462-789[{\"_placeholder\":true,\"num\":0},{\"_placeholder\":true,\"num\":1}]"
            )
        }
    }

    @Test("Socket.IO protocol › message › should close the connection upon invalid format (unknown packet type)")
    func messageInvalidUnknownType() async throws {
        try await run { try await $0.closesUpon("4abc", connected: true) }
    }

    @Test("Socket.IO protocol › message › should close the connection upon invalid format (invalid payload format)")
    func messageInvalidPayloadFormat() async throws {
        try await run { try await $0.closesUpon("42{}", connected: true) }
    }

    @Test("Socket.IO protocol › message › should close the connection upon invalid format (invalid ack id)")
    func messageInvalidAckID() async throws {
        try await run { try await $0.closesUpon("42abc[\"message-with-ack\",1,\"2\",{\"3\":[false]}]", connected: true) }
    }
}
