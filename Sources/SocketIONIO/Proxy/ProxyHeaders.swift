import NIOHTTP1

/// The headers the proxy forwards: all but the hop-by-hop ones (RFC 9110 §7.6.1), which
/// describe one connection and are set anew for the next hop, and the length, which NIO's codec
/// and the proxy set from the body forwarded.
enum ProxyHeaders {
    /// Lower-cased names never forwarded as received.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization",
        "te", "trailer", "transfer-encoding", "upgrade", "content-length", "host",
    ]

    /// The WebSocket handshake's own headers, which NIO's upgraders make for each side.
    static let webSocketHandshake: Set<String> = [
        "sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions", "sec-websocket-accept",
    ]

    /// `headers` without the hop-by-hop ones (and, for an upgrade, the handshake's), plus those a connection's own `Connection` header names.
    static func forwarded(_ headers: HTTPHeaders, webSocket: Bool = false) -> HTTPHeaders {
        let named = Set(headers[canonicalForm: "connection"].map { $0.lowercased() })
        var result = HTTPHeaders()
        for (name, value) in headers {
            let lower = name.lowercased()
            if hopByHop.contains(lower) || named.contains(lower) || (webSocket && webSocketHandshake.contains(lower)) { continue }
            result.add(name: name, value: value)
        }
        return result
    }

    /// The headers as the observation reports them.
    static func list(_ headers: HTTPHeaders) -> [(name: String, value: String)] {
        headers.map { (name: $0.name, value: $0.value) }
    }
}
