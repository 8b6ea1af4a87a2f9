import Foundation
import NIOHTTP1

/// Where an Engine.IO HTTP request goes, decided from its method, target and headers alone.
///
/// Implements the reference server's request verification order (engine.io `server.ts`,
/// `verify` and `handshake`): path, CORS preflight, `transport`, then with a `sid` the session
/// (checked by the caller) and method, without one the method, a WebSocket request lacking
/// `Upgrade`, and `EIO=4`. Unknown query parameters (`t`, `b64`, application ones) are ignored.
struct EngineIORequestRouter: Sendable {
    /// What a request asks for.
    enum Route: Sendable, Hashable {
        /// Not this server's path: 404.
        case notFound
        /// A CORS preflight: 204.
        case preflight
        /// A polling handshake: open a session.
        case handshake
        /// A GET on session `sid`.
        case poll(sid: String)
        /// A POST on session `sid`.
        case post(sid: String)
        /// Another method on session `sid`: 500 when the session exists.
        case unsupportedMethod(sid: String)
        /// Refused before any session is looked at.
        case reject(EngineIOHTTPError)
    }

    /// The path served, e.g. `/socket.io/`; the same path without the trailing slash is served too.
    var path: String
    /// Whether polling is offered.
    var pollingEnabled: Bool
    /// Whether WebSocket is offered.
    var webSocketEnabled: Bool
    /// Whether CORS is configured (OPTIONS is then a preflight).
    var corsEnabled: Bool

    /// The route of a plain HTTP request; `isUpgrade` is true when it asked for a WebSocket upgrade that was refused.
    func route(method: HTTPMethod, target: String, isUpgrade: Bool) -> Route {
        let (requestPath, query) = Self.split(target)
        guard servesPath(requestPath) else { return .notFound }
        if method == .OPTIONS, corsEnabled { return .preflight }
        guard let transport = query["transport"], offers(transport) else { return .reject(.unknownTransport) }
        if let sid = query["sid"] {
            if transport == "websocket" { return .reject(.badRequest) }
            switch method {
            case .GET: return .poll(sid: sid)
            case .POST: return .post(sid: sid)
            default: return .unsupportedMethod(sid: sid)
            }
        }
        guard method == .GET else { return .reject(.badHandshakeMethod) }
        if transport == "websocket", !isUpgrade { return .reject(.badRequest) }
        guard query["EIO"] == "4" else { return .reject(.unsupportedProtocolVersion) }
        if transport == "websocket" { return .reject(.badRequest) }
        return .handshake
    }

    /// Whether a WebSocket upgrade request may be upgraded: right path, `transport=websocket`, and
    /// either a `sid` (the session decides later) or `EIO=4`.
    func acceptsUpgrade(target: String) -> Bool {
        let (requestPath, query) = Self.split(target)
        guard webSocketEnabled, servesPath(requestPath), query["transport"] == "websocket" else { return false }
        return query["sid"] != nil || query["EIO"] == "4"
    }

    private func servesPath(_ requestPath: String) -> Bool {
        requestPath == path || (path.hasSuffix("/") && requestPath == String(path.dropLast()))
    }

    private func offers(_ transport: String) -> Bool {
        (transport == "polling" && pollingEnabled) || (transport == "websocket" && webSocketEnabled)
    }

    /// Splits a request target into its path and its decoded query parameters (the first value of each name wins).
    static func split(_ target: String) -> (path: String, query: [String: String]) {
        guard let mark = target.firstIndex(of: "?") else { return (target, [:]) }
        var query: [String: String] = [:]
        for item in target[target.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            if query[name] == nil { query[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return (String(target[..<mark]), query)
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
