import NIOHTTP1

/// The request that opened an Engine.IO session, as Socket.IO's handshake reports it.
struct EngineIORequestOrigin: Sendable {
    /// The decoded query parameters.
    var query: [String: String]
    /// The headers, names in lower case, repeated headers joined by `, `.
    var headers: [String: String]
    /// The client's address, e.g. `127.0.0.1:51234`.
    var remoteAddress: String?

    /// Reads the query of `target` and the headers of a request.
    init(target: String, headers: HTTPHeaders, remoteAddress: String?) {
        self.query = EngineIORequestRouter.split(target).query
        var joined: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            joined[key] = joined[key].map { $0 + ", " + value } ?? value
        }
        self.headers = joined
        self.remoteAddress = remoteAddress
    }
}
