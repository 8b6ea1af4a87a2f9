import Foundation
import SocketIOWire
import Testing

/// Exact byte sequences of socket.io-client-swift (v16) that a server must accept, sent by the raw client.
///
/// Research notes §4: that client writes the root CONNECT as `40/,` (`40/,{auth}`), leaves with
/// `41/,`, adds `b64=1` and puts `EIO=4` last in its query, and opens the upgrade WebSocket at
/// once while a polling GET is still held, so the server must release that GET with `6` after
/// `3probe`, and may flush a queued noop `6` onto the WebSocket right after `5`. Binary goes
/// up in a polling POST as a `b<base64>` record. Each scenario works against any server that runs the official testee's app (`auth`
/// on connect, `message` -> `message-back`); it uses `#expect`/`#require`, so it records issues
/// in the calling test. The server must not ping during a scenario (use a long ping interval).
enum RawWireScenarios {
    /// The socket.io-client-swift query: transport first, `b64=1`, `EIO=4` last.
    static func swiftQuery(_ transport: String, sid: String? = nil) -> String {
        "transport=\(transport)&b64=1&EIO=4" + (sid.map { "&sid=\($0)" } ?? "")
    }

    /// Opens a polling session and returns its sid.
    static func pollingHandshake(port: Int) async throws -> String {
        let open = try await RawWireHTTPClient.get(port: port, query: swiftQuery("polling"))
        #expect(open.status == 200, "handshake GET: \(open)")
        let record = try #require(open.records.first, "handshake GET: \(open)")
        #expect(record.hasPrefix("0"), "handshake GET: \(open)")
        let handshake = try EngineIOHandshake(jsonText: Array(record.utf8.dropFirst()))
        #expect(handshake.upgrades == ["websocket"])
        return handshake.sid
    }

    /// GETs until the records received so far satisfy `done`, for at most `timeout`.
    static func poll(port: Int, sid: String, timeout: Duration = .hangGuard, until done: ([String]) -> Bool) async throws -> [String] {
        var records: [String] = []
        let end = ContinuousClock.now + timeout
        while !done(records) {
            guard ContinuousClock.now < end else { throw TestTimeout("polling did not bring the expected records; got \(records)") }
            let response = try await RawWireHTTPClient.get(port: port, query: swiftQuery("polling", sid: sid))
            #expect(response.status == 200, "poll: \(response)")
            guard response.status == 200 else { throw TestTimeout("poll answered \(response)") }
            records += response.records
        }
        return records
    }

    /// True for a CONNECT reply `40{"sid":"..."}` whose object has exactly the key `sid`.
    static func isConnectReply(_ text: String, namespace: String = "") -> Bool {
        let prefix = "40" + namespace
        guard text.hasPrefix(prefix), let json = try? JSONParser.parse(String(text.dropFirst(prefix.count))) else { return false }
        return json.objectValue?.keys == ["sid"] && json["sid"]?.stringValue != nil
    }

    /// Polling: CONNECT as `40/,`, receive the grant and `auth`, exchange a message, leave with `41/,`, close with `1`.
    static func rootConnectWithSlashCommaOnPolling(port: Int) async throws {
        let sid = try await pollingHandshake(port: port)
        let connect = try await RawWireHTTPClient.post(port: port, query: swiftQuery("polling", sid: sid), body: "40/,")
        #expect(connect.status == 200, "POST 40/,: \(connect)")
        let granted = try await poll(port: port, sid: sid) { $0.contains("42[\"auth\",{}]") }
        #expect(granted.first.map { isConnectReply($0) } == true, "expected 40{\"sid\":...} first, got \(granted)")

        let message = try await RawWireHTTPClient.post(port: port, query: swiftQuery("polling", sid: sid), body: "42[\"message\",\"raw\"]")
        #expect(message.status == 200, "POST message: \(message)")
        let back = try await poll(port: port, sid: sid) { $0.contains("42[\"message-back\",\"raw\"]") }
        #expect(back == ["42[\"message-back\",\"raw\"]"])

        let leave = try await RawWireHTTPClient.post(port: port, query: swiftQuery("polling", sid: sid), body: "41/,")
        #expect(leave.status == 200, "POST 41/,: \(leave)")
        let close = try await RawWireHTTPClient.post(port: port, query: swiftQuery("polling", sid: sid), body: "1")
        #expect(close.status == 200, "POST 1: \(close)")
    }

    /// Polling, then a WebSocket opened while a GET is held: `2probe` -> `3probe`, the GET gets `6`, then `5` and a stray `6`.
    static func webSocketOpenedWhilePolling(port: Int) async throws {
        let sid = try await pollingHandshake(port: port)
        let connect = try await RawWireHTTPClient.post(port: port, query: swiftQuery("polling", sid: sid), body: "40/,{\"token\":\"abc\"}")
        #expect(connect.status == 200, "POST 40/,{auth}: \(connect)")
        let granted = try await poll(port: port, sid: sid) { $0.contains("42[\"auth\",{\"token\":\"abc\"}]") }
        #expect(granted.first.map { isConnectReply($0) } == true, "expected 40{\"sid\":...} first, got \(granted)")

        let held = Task { try await RawWireHTTPClient.get(port: port, query: swiftQuery("polling", sid: sid)) }
        try await Task.sleep(for: .milliseconds(100))  // let the GET reach the server and be held there

        let socket = try await RawWireWebSocket.connect(port: port, target: "/socket.io/?" + swiftQuery("websocket", sid: sid))
        try await socket.send(text: "2probe")
        #expect(try await socket.next() == .text("3probe"), "the first frame on the probe must be 3probe")
        let released = try await held.value
        #expect(released.status == 200 && released.text == "6", "the held GET must be released with a noop: \(released)")
        try await socket.send(text: "5")
        try await socket.send(text: "6")  // the client's queued noop, flushed after the upgrade

        try await socket.send(text: "42[\"message\",\"over ws\"]")
        #expect(try await socket.nextText(skipping: ["6"]) == "42[\"message-back\",\"over ws\"]")
        try await socket.send(text: "41/,")
        try await socket.send(text: "1")
        await socket.close()
    }

    /// Polling with `b64=1`: a binary event POSTed as its packet and a `b<base64>` record; the echo comes back the same way.
    static func binaryOnPolling(port: Int) async throws {
        let sid = try await pollingHandshake(port: port)
        let connect = try await RawWireHTTPClient.post(port: port, query: swiftQuery("polling", sid: sid), body: "40/,")
        #expect(connect.status == 200, "POST 40/,: \(connect)")
        _ = try await poll(port: port, sid: sid) { $0.contains("42[\"auth\",{}]") }

        let body = "451-[\"message\",{\"_placeholder\":true,\"num\":0}]\u{1E}bAQID"
        let message = try await RawWireHTTPClient.post(port: port, query: swiftQuery("polling", sid: sid), body: body)
        #expect(message.status == 200, "POST binary message: \(message)")
        let back = try await poll(port: port, sid: sid) { $0.contains("bAQID") }
        #expect(back == ["451-[\"message-back\",{\"_placeholder\":true,\"num\":0}]", "bAQID"])

        let close = try await RawWireHTTPClient.post(port: port, query: swiftQuery("polling", sid: sid), body: "41/,\u{1E}1")
        #expect(close.status == 200, "POST 41/, and 1: \(close)")
    }

    /// WebSocket only, with the Swift client's query: CONNECT as `40/,{auth}`, then `41/,`.
    static func rootConnectWithSlashCommaOnWebSocket(port: Int) async throws {
        let socket = try await RawWireWebSocket.connect(port: port, target: "/socket.io/?" + swiftQuery("websocket"))
        let open = try await socket.nextText()
        #expect(open.hasPrefix("0"), "first frame: \(open)")
        let handshake = try EngineIOHandshake(jsonText: Array(open.utf8.dropFirst()))
        #expect(handshake.upgrades == [])
        try await socket.send(text: "40/,{\"token\":\"abc\"}")
        let reply = try await socket.nextText()
        #expect(isConnectReply(reply), "CONNECT reply: \(reply)")
        #expect(try await socket.nextText() == "42[\"auth\",{\"token\":\"abc\"}]")
        try await socket.send(text: "41/,")
        try await socket.send(text: "1")
        await socket.close()
    }
}
