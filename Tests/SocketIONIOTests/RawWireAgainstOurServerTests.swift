import Foundation
import SocketIOWire
import Testing

/// socket.io-client-swift's exact byte sequences (``RawWireScenarios``) against our ``SocketIOServer``.
///
/// Issue 3 §4, third list, on our side: the root CONNECT written `40/,` on polling and
/// `40/,{auth}` on a WebSocket, `41/,`, the `b64=1` query, a WebSocket opened while a GET is
/// held (released with `6`) followed by a stray `6` after `5`, and binary as `b<base64>` on
/// polling. The same scenarios pass against python-socketio in ``RawWireInteropTests``; here our
/// server's own view is asserted too. The server pings every 30 s, so no heartbeat interferes.
@Suite("Raw wire client against our server", .timeLimit(.minutes(1)))
struct RawWireAgainstOurServerTests {
    @Test("root CONNECT written 40/, on polling: granted, auth event, message, 41/, and 1 accepted")
    func slashCommaOnPolling() async throws {
        try await withOurServer(pingInterval: .seconds(30), pingTimeout: .seconds(30)) { server in
            try await RawWireScenarios.rootConnectWithSlashCommaOnPolling(port: server.port)
            let connect = try await server.entry { $0["event"] == "connect" && $0["namespace"] == "/" }
            #expect(connect["auth"] == [:])
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client namespace disconnect" }
            let closed = try await server.entry { $0["event"] == "log" && $0["message"] == "engine.io session closed" }
            #expect(closed["reason"] == "transport close")
        }
    }

    @Test("a WebSocket opened while a GET is held: 3probe first, the GET released with 6, then 5, a stray 6 and traffic on the WebSocket")
    func webSocketWhilePolling() async throws {
        try await withOurServer(pingInterval: .seconds(30), pingTimeout: .seconds(30)) { server in
            try await RawWireScenarios.webSocketOpenedWhilePolling(port: server.port)
            try await server.entry { $0["event"] == "connect" && $0["auth"] == ["token": "abc"] }
            try await server.entry { $0["event"] == "log" && $0["message"] == "engine.io session upgraded" }
            try await server.entry { $0["event"] == "received" && $0["text"] == "2[\"message\",\"over ws\"]" }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client namespace disconnect" }
        }
    }

    @Test("binary on polling with b64=1: a b<base64> record up, the echo's attachment down the same way")
    func binaryOnPolling() async throws {
        try await withOurServer(pingInterval: .seconds(30), pingTimeout: .seconds(30)) { server in
            try await RawWireScenarios.binaryOnPolling(port: server.port)
            try await server.entry { $0["event"] == "received" && $0["binary"] == "010203" }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client namespace disconnect" }
        }
    }

    @Test("root CONNECT written 40/,{auth} on a WebSocket-only session is granted with the auth")
    func slashCommaOnWebSocket() async throws {
        try await withOurServer(pingInterval: .seconds(30), pingTimeout: .seconds(30)) { server in
            try await RawWireScenarios.rootConnectWithSlashCommaOnWebSocket(port: server.port)
            try await server.entry { $0["event"] == "connect" && $0["namespace"] == "/" && $0["auth"] == ["token": "abc"] }
            try await server.entry { $0["event"] == "disconnect" && $0["namespace"] == "/" && $0["reason"] == "client namespace disconnect" }
        }
    }
}
