import Foundation
import Testing

@testable import SocketIONIO

/// Request targets of the client: EIO, transport, sid, then extra parameters, percent-encoded.
@Suite("Client endpoint")
struct ClientEndpointTests {
    @Test("targets carry EIO=4, the transport and the sid")
    func targets() throws {
        let endpoint = try ClientEndpoint(url: URL(string: "http://127.0.0.1:3000/ignored")!, path: "/socket.io/", query: [("token", "a b&c")])
        #expect(endpoint.host == "127.0.0.1")
        #expect(endpoint.port == 3000)
        #expect(endpoint.hostHeader == "127.0.0.1:3000")
        #expect(endpoint.target(transport: .polling, sid: nil) == "/socket.io/?EIO=4&transport=polling&token=a%20b%26c")
        #expect(endpoint.target(transport: .websocket, sid: "x-Y_1") == "/socket.io/?EIO=4&transport=websocket&sid=x-Y_1&token=a%20b%26c")
    }

    @Test("ws:// is accepted, https:// and a missing host are not")
    func schemes() throws {
        #expect(try ClientEndpoint(url: URL(string: "ws://localhost")!, path: "engine.io", query: []).path == "/engine.io")
        #expect(throws: SocketIOClientError.self) { try ClientEndpoint(url: URL(string: "https://example.com")!, path: "/", query: []) }
        #expect(throws: SocketIOClientError.self) { try ClientEndpoint(url: URL(string: "file:///tmp")!, path: "/", query: []) }
    }
}
