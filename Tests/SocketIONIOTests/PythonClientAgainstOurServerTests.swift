import Foundation
import SocketIOWire
import Testing

/// python-socketio's AsyncClient (`Interop/python_client.py`) against our ``SocketIOServer``, started in-process per test.
///
/// Issue 3 §4, first list: polling only, WebSocket only, polling then upgrade; emit with ack;
/// server-sent events; binary both ways; a refused namespace; the auth payload; several
/// heartbeats on a 250 ms interval (the harness idles until the client has answered 4 server
/// pings, and our server must never report a ping timeout); a clean disconnect, seen by our
/// server. Needs `JOBWIRE_PYTHON` (set by ./Scripts/test).
@Suite("python-socketio client against our server", .timeLimit(.minutes(3)))
struct PythonClientAgainstOurServerTests {
    /// One transport choice and what our server must see with it.
    struct Case: Sendable, CustomTestStringConvertible {
        /// python_client.py's `--transports`.
        var transports: String
        /// The transport the Engine.IO session opens on.
        var opensOn: String
        /// Whether the session upgrades to WebSocket.
        var upgrades: Bool
        /// The reasons our server may give when the client leaves `/` with `sio.disconnect()`.
        ///
        /// On polling the client's `41` and `1` always go out. On a WebSocket python-engineio
        /// 4.15 queues them and closes the socket at once, so they rarely leave the client: the
        /// python-socketio server then reports `transport close` too (PythonClientHarnessTests).
        var leaveReasons: Set<String>

        var testDescription: String { transports }
    }

    static let cases = [
        Case(transports: "polling", opensOn: "polling", upgrades: false, leaveReasons: ["client namespace disconnect"]),
        Case(transports: "websocket", opensOn: "websocket", upgrades: false, leaveReasons: ["client namespace disconnect", "transport close"]),
        Case(transports: "polling,websocket", opensOn: "polling", upgrades: true, leaveReasons: ["client namespace disconnect", "transport close"]),
    ]

    @Test("python_client.py passes every check; our server sees auth, events, binary, the refusal and a clean disconnect", arguments: cases)
    func harness(_ test: Case) async throws {
        try await withOurServer(pingInterval: .milliseconds(250)) { server in
            try await PythonClientHarness.run(url: server.url, transports: test.transports, minimumPings: 4)

            // The auth payload reached both namespaces of one Engine.IO session.
            let root = try await server.entry { $0["event"] == "connect" && $0["namespace"] == "/" }
            #expect(root["auth"] == ["token": "123"])
            let sid = try #require(root["eio_sid"])
            try await server.entry { $0["event"] == "connect" && $0["namespace"] == "/custom" && $0["eio_sid"] == sid && $0["auth"] == ["token": "123"] }

            // The transport the session opened on, and the upgrade when one was asked for.
            let opened = try await server.entry { $0["event"] == "log" && $0["message"] == "engine.io session opened" && $0["sid"] == sid }
            #expect(opened["transport"]?.stringValue == test.opensOn)
            #expect(server.entries(named: "log").contains { $0["message"] == "engine.io session upgraded" && $0["sid"] == sid } == test.upgrades)

            // Events, acks both ways and binary both ways, as python-socketio encodes them.
            try await server.entry { $0["event"] == "received" && $0["text"] == "2[\"message\",1,\"2\",{\"3\":[true]}]" }
            try await server.entry { $0["event"] == "received" && $0["text"] == "21[\"message-with-ack\",1,\"2\",{\"3\":[false]}]" }
            try await server.entry {
                $0["event"] == "received"
                    && $0["text"] == "52-[\"message\",{\"_placeholder\":true,\"num\":0},{\"nested\":{\"_placeholder\":true,\"num\":1}}]"
            }
            try await server.entry { $0["event"] == "received" && $0["binary"] == "ff" }
            try await server.entry {
                $0["event"] == "sent"
                    && $0["text"] == "52-[\"binary-from-server\",{\"_placeholder\":true,\"num\":0},{\"nested\":{\"_placeholder\":true,\"num\":1},\"text\":\"bytes\"}]"
            }
            try await server.entry { $0["event"] == "sent" && $0["text"] == "20[\"question\",\"q\",7]" }
            try await server.entry { $0["event"] == "received" && $0["text"] == "30[\"answer\",\"q\",7]" }

            // The refusal and the server-side namespace disconnect.
            try await server.entry { $0["event"] == "refused" && $0["namespace"] == "/random" && $0["message"] == "Invalid namespace" }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/custom" && $0["reason"] == "server namespace disconnect" }

            // The clean disconnect: the client leaves `/`, the session ends, and no heartbeat ever failed.
            let left = try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["eio_sid"] == sid }
            #expect(test.leaveReasons.contains(left["reason"]?.stringValue ?? ""), "left / with \(left)")
            if left["reason"] == "client namespace disconnect" {
                try await server.entry { $0["event"] == "received" && $0["eio_sid"] == sid && $0["namespace"] == "/" && $0["text"] == "1" }
            }
            let closed = try await server.entry { $0["event"] == "log" && $0["message"] == "engine.io session closed" && $0["sid"] == sid }
            #expect(closed["reason"] == "transport close")
            #expect(!server.entries(named: "log").contains { $0["reason"] == "ping timeout" })
        }
    }
}
