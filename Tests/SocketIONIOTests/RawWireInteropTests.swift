import Foundation
import SocketIOWire
import Testing

/// The raw wire client sends socket.io-client-swift's byte sequences to python-socketio, a reference implementation.
///
/// Shows that `40/,`, `40/,{auth}`, `41/,`, the `b64=1` query and a WebSocket opened while a
/// GET is held are accepted by a real server, so our server must accept them too (the same
/// scenarios run against it later). The server pings every 25 s (the reference default), so no heartbeat interferes even on a loaded machine.
@Suite("Raw wire client against python-socketio", .timeLimit(.minutes(1)))
struct RawWireInteropTests {
    @Test("root CONNECT written 40/, on polling: granted, auth event, message, 41/, and 1 accepted")
    func slashCommaOnPolling() async throws {
        try await withPythonServer(pingInterval: 25, pingTimeout: 20) { server in
            try await RawWireScenarios.rootConnectWithSlashCommaOnPolling(port: server.port)
            try await server.entry { $0["event"] == "connect" && $0["namespace"] == "/" }
            try await server.entry { $0["event"] == "received" && $0["text"] == "1/," }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client disconnect" }
            try await server.entry { $0["event"] == "engine-close-packet" }
        }
    }

    @Test("a WebSocket opened while a GET is held: 3probe first, the GET released with 6, then 5 and traffic on the WebSocket")
    func webSocketWhilePolling() async throws {
        try await withPythonServer(pingInterval: 25, pingTimeout: 20) { server in
            try await RawWireScenarios.webSocketOpenedWhilePolling(port: server.port)
            try await server.entry { $0["event"] == "connect" && $0["auth"] == ["token": "abc"] }
            try await server.entry { $0["event"] == "received" && $0["text"] == "2[\"message\",\"over ws\"]" }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client disconnect" }
        }
    }

    @Test("root CONNECT written 40/,{auth} on a WebSocket-only session is granted with the auth")
    func slashCommaOnWebSocket() async throws {
        try await withPythonServer(pingInterval: 25, pingTimeout: 20) { server in
            try await RawWireScenarios.rootConnectWithSlashCommaOnWebSocket(port: server.port)
            try await server.entry { $0["event"] == "received" && $0["text"] == "0/,{\"token\":\"abc\"}" }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client disconnect" }
        }
    }
}
