import Foundation

/// Where the client's requests go: host, port and the Engine.IO request target of each request.
///
/// engine.io-protocol §Transports: every request carries `EIO=4` and `transport`, plus `sid`
/// after the handshake (on a WebSocket only when upgrading); the path is used as given
/// (`/socket.io/` by default) and extra query parameters follow.
struct ClientEndpoint: Sendable, Equatable {
    /// The server's host name or address.
    var host: String
    /// The server's TCP port.
    var port: Int
    /// The Engine.IO path, e.g. `/socket.io/`.
    var path: String
    /// Extra query parameters, in order.
    var query: [QueryItem]

    /// One extra query parameter.
    struct QueryItem: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// Reads host and port from an `http://` or `ws://` URL; the URL's path is ignored, `path` is used.
    init(url: URL, path: String, query: [(name: String, value: String)]) throws(SocketIOClientError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "ws" else {
            throw SocketIOClientError(.invalidURL, "only http:// and ws:// URLs are supported, not \(url.absoluteString)")
        }
        guard let host = url.host, !host.isEmpty else {
            throw SocketIOClientError(.invalidURL, "the URL \(url.absoluteString) has no host")
        }
        self.host = host
        self.port = url.port ?? 80
        self.path = path.hasPrefix("/") ? path : "/" + path
        self.query = query.map { QueryItem(name: $0.name, value: $0.value) }
    }

    /// `host:port`, naming the server in errors.
    var peer: String { "\(host):\(port)" }

    /// The `Host` header value.
    var hostHeader: String { port == 80 ? host : "\(host):\(port)" }

    /// The request target, e.g. `/socket.io/?EIO=4&transport=polling&sid=abc`.
    func target(transport: SocketIOClientConfiguration.Transport, sid: String?) -> String {
        var items = [("EIO", "4"), ("transport", transport.rawValue)]
        if let sid { items.append(("sid", sid)) }
        items += query.map { ($0.name, $0.value) }
        return path + "?" + items.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
    }

    private static let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
