import Foundation
import SocketIOWire
import Testing

/// The raw wire client sends socket.io-client-swift's byte sequences to python-socketio, a reference implementation.
///
/// Shows that `40/,`, `40/,{auth}`, `41/,`, the `b64=1` query, a WebSocket opened while a GET
/// is held (with a stray `6` after `5`) and binary as `b<base64>` on polling are accepted by a
/// real server, so our server must accept them too (``RawWireAgainstOurServerTests`` runs the
/// same scenarios against it). The server pings every 30 s, so no heartbeat interferes.
@Suite("Raw wire client against python-socketio", .timeLimit(.minutes(3)))
struct RawWireInteropTests {
    @Test("root CONNECT written 40/, on polling: granted, auth event, message, 41/, and 1 accepted")
    func slashCommaOnPolling() async throws {
        try await withPythonServer(pingInterval: 30, pingTimeout: 30) { server in
            try await RawWireScenarios.rootConnectWithSlashCommaOnPolling(port: server.port)
            try await server.entry { $0["event"] == "connect" && $0["namespace"] == "/" }
            try await server.entry { $0["event"] == "received" && $0["text"] == "1/," }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client disconnect" }
            try await server.entry { $0["event"] == "engine-close-packet" }
        }
    }

    @Test("a WebSocket opened while a GET is held: 3probe first, the GET released with 6, then 5, a stray 6 and traffic on the WebSocket")
    func webSocketWhilePolling() async throws {
        try await withPythonServer(pingInterval: 30, pingTimeout: 30) { server in
            try await RawWireScenarios.webSocketOpenedWhilePolling(port: server.port)
            try await server.entry { $0["event"] == "connect" && $0["auth"] == ["token": "abc"] }
            try await server.entry { $0["event"] == "received" && $0["text"] == "2[\"message\",\"over ws\"]" }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client disconnect" }
        }
    }

    @Test("binary on polling with b64=1: a b<base64> record up, the echo's attachment down the same way")
    func binaryOnPolling() async throws {
        try await withPythonServer(pingInterval: 30, pingTimeout: 30) { server in
            try await RawWireScenarios.binaryOnPolling(port: server.port)
            try await server.entry { $0["event"] == "received" && $0["binary"] == "010203" }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client disconnect" }
        }
    }

    @Test("root CONNECT written 40/,{auth} on a WebSocket-only session is granted with the auth")
    func slashCommaOnWebSocket() async throws {
        try await withPythonServer(pingInterval: 30, pingTimeout: 30) { server in
            try await RawWireScenarios.rootConnectWithSlashCommaOnWebSocket(port: server.port)
            try await server.entry { $0["event"] == "received" && $0["text"] == "0/,{\"token\":\"abc\"}" }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client disconnect" }
        }
    }
}
