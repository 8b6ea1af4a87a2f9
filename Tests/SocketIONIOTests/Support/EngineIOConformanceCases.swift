import NIOHTTP1
import Testing

/// The Engine.IO cases of the official suites, written once for both paths.
///
/// socketio/engine.io-protocol `test-suite/test-suite.js` runs them against `/engine.io/`;
/// socketio/socket.io-protocol `test-suite/test-suite.js` repeats most against `/socket.io/`.
/// Each sends the suite's exact bytes and asserts its exact expectations.
struct EngineIOConformanceCases {
    let port: Int
    let path: String
    /// The pong deadline the testee announces: the suites' 200 ms, or the relaxed one of the ping/pong cases.
    var pingTimeout = 200

    func target(_ query: String) -> String { path + "?" + query }

    func get(_ query: String) async throws -> RawHTTPResponse {
        try await RawHTTPClient.request(.GET, target(query), port: port)
    }

    func post(_ query: String, _ body: String) async throws -> RawHTTPResponse {
        try await RawHTTPClient.request(.POST, target(query), body: body, port: port)
    }

    func webSocket(_ query: String) async throws -> RawWebSocket {
        try await RawWebSocket.open(port: port, target: target(query))
    }

    /// `initLongPollingSession`: a polling handshake, returning the sid.
    func openPollingSession() async throws -> String {
        let response = try await get("EIO=4&transport=polling")
        return try Testee.sid(ofHandshake: response.body)
    }

    /// A WebSocket session whose open packet has been read.
    func openWebSocketSession() async throws -> RawWebSocket {
        let socket = try await webSocket("EIO=4&transport=websocket")
        guard case .text(let open) = try await socket.next() else { throw RawTestClientError.connectionClosed("the open packet") }
        try Testee.expectHandshake(open, upgrades: [], pingTimeout: pingTimeout)
        return socket
    }

    // MARK: handshake

    func pollingHandshakeOpensASession() async throws {
        let response = try await get("EIO=4&transport=polling")
        #expect(response.status == 200)
        try Testee.expectHandshake(response.body, upgrades: ["websocket"])
    }

    func pollingHandshakeRefusesAnInvalidEIO() async throws {
        #expect(try await get("transport=polling").status == 400)
        #expect(try await get("EIO=abc&transport=polling").status == 400)
    }

    func pollingHandshakeRefusesAnInvalidTransport() async throws {
        #expect(try await get("EIO=4").status == 400)
        #expect(try await get("EIO=4&transport=abc").status == 400)
    }

    func pollingHandshakeRefusesAnInvalidMethod() async throws {
        #expect(try await RawHTTPClient.request(.POST, target("EIO=4&transport=polling"), port: port).status == 400)
        #expect(try await RawHTTPClient.request(.PUT, target("EIO=4&transport=polling"), port: port).status == 400)
    }

    func webSocketHandshakeOpensASession() async throws {
        let socket = try await webSocket("EIO=4&transport=websocket")
        let frame = try await socket.next()
        guard case .text(let open) = frame else {
            Issue.record("expected the open packet, got \(frame)")
            return
        }
        try Testee.expectHandshake(open, upgrades: [])
        socket.close()
    }

    /// The suite expects a close (not awaited); this port requires the upgrade to be refused or closed.
    func webSocketHandshakeIsRefused(_ queries: [String]) async throws {
        for query in queries {
            switch try await RawWebSocket.connect(port: port, target: target(query)) {
            case .refused:
                break
            case .upgraded(let socket):
                try await socket.waitForClose()
            }
        }
    }

    // MARK: message, polling

    func pollingEchoes(_ body: String) async throws {
        let sid = try await openPollingSession()
        let push = try await post("EIO=4&transport=polling&sid=\(sid)", body)
        #expect(push.status == 200)
        #expect(push.body == "ok")
        let poll = try await get("EIO=4&transport=polling&sid=\(sid)")
        #expect(poll.status == 200)
        #expect(poll.body == body)
    }

    func pollingClosesUponInvalidPacketFormat() async throws {
        let sid = try await openPollingSession()
        do {
            let push = try await post("EIO=4&transport=polling&sid=\(sid)", "abc")
            #expect(push.status == 400)
        } catch RawTestClientError.connectionClosed {
            // The suite tolerates an aborted request.
        }
        #expect(try await get("EIO=4&transport=polling&sid=\(sid)").status == 400)
    }

    /// The suite sends the second GET a moment after the first and expects the first held. On a
    /// busy machine the second may reach the server first; the rule is the same either way, so
    /// this port asserts it without the order: the held GET gets the close, the other an error.
    func pollingClosesUponDuplicatePollRequests() async throws {
        let sid = try await openPollingSession()
        async let first = get("EIO=4&transport=polling&sid=\(sid)")
        try await Task.sleep(for: .milliseconds(5))
        let second = try await get("EIO=4&transport=polling&sid=\(sid)&t=burst")
        let responses = [try await first, second]
        let held = responses.filter { $0.status == 200 }
        #expect(held.count == 1, "exactly one GET was held: \(responses.map(\.status))")
        #expect(held.first?.body == "1", "the held GET gets the close")
        #expect(responses.filter { [400, 500].contains($0.status) }.count == 1, "the other is refused: \(responses.map(\.status))")
        #expect(try await get("EIO=4&transport=polling&sid=\(sid)").status == 400)
    }

    // MARK: message, WebSocket

    func webSocketEchoesText() async throws {
        let socket = try await openWebSocketSession()
        socket.send("4hello")
        #expect(try await socket.next() == .text("4hello"))
        socket.close()
    }

    func webSocketEchoesBinary() async throws {
        let socket = try await openWebSocketSession()
        socket.send(binary: [1, 2, 3, 4])
        #expect(try await socket.next() == .binary([1, 2, 3, 4]))
        socket.close()
    }

    func webSocketClosesUponInvalidPacketFormat() async throws {
        let socket = try await openWebSocketSession()
        socket.send("abc")
        try await socket.waitForClose()
    }

    // MARK: heartbeat

    func pollingSendsPings() async throws {
        let sid = try await openPollingSession()
        for _ in 0..<3 {
            let poll = try await get("EIO=4&transport=polling&sid=\(sid)")
            #expect(poll.status == 200)
            #expect(poll.body == "2")
            let push = try await post("EIO=4&transport=polling&sid=\(sid)", "3")
            #expect(push.status == 200)
        }
    }

    /// The suite sleeps pingInterval + pingTimeout and expects the sid gone. That sleep is only the
    /// earliest the server may close: on a busy machine its timers fire later than ours. So this
    /// port then polls (never answering the ping) until the 400, and each poll before it may carry
    /// only the unanswered ping or the close that ends the session: at most ping, close, 400.
    func pollingClosesUponPingTimeout() async throws {
        let sid = try await openPollingSession()
        try await Task.sleep(for: .milliseconds(300 + 200))
        for _ in 0..<3 {
            let poll = try await get("EIO=4&transport=polling&sid=\(sid)")
            if poll.status == 400 { return }
            #expect(poll.status == 200)
            #expect(["2", "1", "2\u{1e}1"].contains(poll.body), "before the 400, a poll carries only the ping or the close: \(poll.body)")
        }
        Issue.record("the session still answered after its ping, its close and a third poll, with no pong sent")
    }

    func webSocketSendsPings() async throws {
        let socket = try await openWebSocketSession()
        for _ in 0..<3 {
            #expect(try await socket.next() == .text("2"))
            socket.send("3")
        }
        socket.close()
    }

    func webSocketClosesUponPingTimeout() async throws {
        let socket = try await webSocket("EIO=4&transport=websocket")
        try await socket.waitForClose()
    }

    // MARK: close

    func pollingForcefullyCloses() async throws {
        let sid = try await openPollingSession()
        async let poll = get("EIO=4&transport=polling&sid=\(sid)")
        async let push = post("EIO=4&transport=polling&sid=\(sid)", "1")
        let (response, _) = try await (poll, push)
        #expect(response.status == 200)
        #expect(response.body == "6")
        #expect(try await get("EIO=4&transport=polling&sid=\(sid)").status == 400)
    }

    func webSocketForcefullyCloses() async throws {
        let socket = try await openWebSocketSession()
        socket.send("1")
        try await socket.waitForClose()
    }

    // MARK: upgrade

    /// Opens a polling session and its probe WebSocket.
    func openProbe() async throws -> (sid: String, socket: RawWebSocket) {
        let sid = try await openPollingSession()
        let socket = try await webSocket("EIO=4&transport=websocket&sid=\(sid)")
        return (sid, socket)
    }

    func upgradeSucceedsWithEcho() async throws {
        let (sid, socket) = try await openProbe()
        socket.send("2probe")
        #expect(try await socket.next() == .text("3probe"))
        let poll = try await get("EIO=4&transport=polling&sid=\(sid)")
        #expect(poll.status == 200)
        #expect(poll.body == "6")
        socket.send("5")
        socket.send("4hello")
        #expect(try await socket.next() == .text("4hello"))
    }

    func upgradeSucceeds() async throws {
        let (_, socket) = try await openProbe()
        socket.send("2probe")
        #expect(try await socket.next() == .text("3probe"))
        socket.send("5")
    }

    /// The suite loses `3probe` (no listener is attached yet); this port reads it before the GET,
    /// which also makes sure the server has the `5` sent right behind `2probe`.
    func upgradeIgnoresHTTPAfterUpgrade(echo: Bool) async throws {
        let (sid, socket) = try await openProbe()
        socket.send("2probe")
        socket.send("5")
        #expect(try await socket.next() == .text("3probe"))
        #expect(try await get("EIO=4&transport=polling&sid=\(sid)").status == 400)
        if echo {
            socket.send("4hello")
            #expect(try await socket.next() == .text("4hello"))
        }
    }

    func upgradeIgnoresSecondWebSocket(echo: Bool) async throws {
        let (sid, socket) = try await openProbe()
        socket.send("2probe")
        socket.send("5")
        switch try await RawWebSocket.connect(port: port, target: target("EIO=4&transport=websocket&sid=\(sid)")) {
        case .refused:
            Issue.record("the suite's client has no error handler: the second WebSocket must get 101, then close")
        case .upgraded(let second):
            try await second.waitForClose()
        }
        if echo {
            #expect(try await socket.next() == .text("3probe"))
            socket.send("4hello")
            #expect(try await socket.next() == .text("4hello"))
        }
    }
}
