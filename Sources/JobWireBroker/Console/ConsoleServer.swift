import Foundation
import JobWire
import Logging
import NIOCore
import SocketIONIO
import SocketIOWire

/// Serves the broker's console (Docs/BROKER.md, "The console") on a port of its own, always on
/// 127.0.0.1: the page at `/jobwire/console`, its long poll at `/jobwire/console/events` and its
/// controls at `POST /jobwire/console/control`.
///
/// A port of its own, not the backend's: a broker that serves phones on the LAN (`--host
/// 0.0.0.0`) keeps its console on loopback, and the app under test, which reaches the backend's
/// port, never reaches the console's. Every request must carry the console's random `token`
/// (the query parameter of the printed URL); a wrong or missing one gets 403 with an empty body.
/// The answers carry no CORS header, so another origin's page cannot read them.
public final class ConsoleServer: Sendable {
    /// The console served.
    public let console: BrokerConsole
    /// The secret in the console's URL.
    public let token: String
    private let server: SocketIOServer

    /// A server for `console`, guarded by `token` (a fresh random one by default).
    public init(console: BrokerConsole, token: String = ConsoleServer.newToken(), logger: Logger) {
        self.console = console
        self.token = token
        var configuration = SocketIOServer.Configuration(logger: logger, path: "/jobwire/console/socket.io/", maxConnections: 64)
        configuration.httpHandler = { [console, token] request in await Self.answer(request, console: console, token: token) }
        server = SocketIOServer(configuration: configuration)
        server.namespace("/").authorize { _ in .refuse(message: "the console takes no Socket.IO connection") }
    }

    /// 32 hex digits from the system's random source.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt32, radix: 16).leftPadded(to: 8) }.joined()
    }

    /// Starts listening on 127.0.0.1 (`port` 0 picks a free one); returns the console's URL, token included.
    public func start(port: Int = 0) async throws -> String {
        let address = try await server.start(host: "127.0.0.1", port: port)
        return "http://127.0.0.1:\(address.port ?? port)\(Self.pagePath)?token=\(token)"
    }

    /// Stops the server.
    public func shutdown() async { await server.shutdown(gracePeriod: .milliseconds(200)) }

    /// The page's path.
    public static let pagePath = "/jobwire/console"

    /// Answers one request: 403 without the token, then the page, a poll or a control.
    static func answer(_ request: SocketIOHTTPRequest, console: BrokerConsole, token: String) async -> SocketIOHTTPResponse {
        let parts = request.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let query = parts.count > 1 ? Self.query(String(parts[1])) : [:]
        guard let given = query["token"], Self.same(given, token) else { return SocketIOHTTPResponse(status: 403) }
        switch (request.method, path) {
        case ("GET", pagePath):
            return SocketIOHTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")], body: ConsolePage.html)
        case ("GET", pagePath + "/events"):
            let after = query["after"].flatMap(Int.init) ?? 1
            let seen = query["seen"].flatMap(Int.init) ?? -1
            return .json(200, await console.poll(after: after, seen: seen))
        case ("POST", pagePath + "/control"):
            let answer = console.control(request.body)
            return .json(answer.status, answer.body)
        case (_, pagePath), (_, pagePath + "/events"), (_, pagePath + "/control"):
            return .json(405, ["ok": false, "error": ["field": "method", "message": .string("\(request.method) is not served here")]])
        default:
            return .json(404, ["ok": false, "error": ["field": "path", "message": .string("\(path) is not a console path")]])
        }
    }

    /// The query's parameters, percent-decoded; a repeated one keeps its first value.
    static func query(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(kv[0]).removingPercentEncoding ?? String(kv[0])
            let value = kv.count > 1 ? (String(kv[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(kv[1])) : ""
            if result[key] == nil { result[key] = value }
        }
        return result
    }

    /// Compares in time independent of where the texts differ.
    static func same(_ given: String, _ token: String) -> Bool {
        let a = Array(given.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
