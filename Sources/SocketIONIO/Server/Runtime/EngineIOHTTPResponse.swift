import NIOHTTP1
import SocketIOWire

/// The status, headers and body of one answer to an Engine.IO HTTP request, before CORS.
///
/// Follows the reference's answers: a poll is 200 `text/plain; charset=UTF-8` with the payload
/// and `Cache-Control: no-store`, a POST is 200 `text/html` with `ok`, an error is its status
/// with the `{"code","message"}` JSON (or nothing), and a preflight is 204.
struct EngineIOHTTPResponse: Sendable {
    /// The status.
    var status: HTTPResponseStatus
    /// Headers other than Content-Length, Connection and CORS, which the handler adds.
    var headers: [(String, String)]
    /// The body text.
    var body: String
    /// Close the connection instead of answering, as a reset network does (a fault a test
    /// server injects; see ``SocketIOHTTPResponse/closesWithoutAnswer``).
    var closesWithoutAnswer = false

    /// The answer for a session's poll response.
    init<Instant>(_ response: EngineIOSessionStateMachine<Instant>.PollResponse) {
        switch response {
        case .packets(let packets):
            self.init(
                status: .ok,
                headers: [("Content-Type", "text/plain; charset=UTF-8"), ("Cache-Control", "no-store")],
                body: EngineIOPayload(packets).encodedText
            )
        case .ok:
            self.init(status: .ok, headers: [("Content-Type", "text/html")], body: "ok")
        case .error(let error):
            self.init(error)
        }
    }

    /// The answer for an error.
    init(_ error: EngineIOHTTPError) {
        let headers = error.code == nil ? [] : [("Content-Type", "application/json")]
        self.init(status: HTTPResponseStatus(statusCode: error.status), headers: headers, body: error.body)
    }

    /// An answer built field by field.
    init(status: HTTPResponseStatus, headers: [(String, String)], body: String) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The answer to a CORS preflight, before the CORS headers.
    static let preflight = EngineIOHTTPResponse(status: .noContent, headers: [], body: "")

    /// The response head for `request`, with Content-Length, Connection and the CORS headers added.
    func head(for request: HTTPRequestHead, cors: SocketIOServer.CORS?, contentLength: Int, keepAlive: Bool) -> HTTPResponseHead {
        var headers = HTTPHeaders(self.headers)
        if let cors {
            headers.add(contentsOf: cors.responseHeaders(requestOrigin: request.headers.first(name: "origin")))
            if status == .noContent {
                headers.add(contentsOf: cors.preflightHeaders(requestedHeaders: request.headers.first(name: "access-control-request-headers")))
            }
        }
        headers.add(name: "Content-Length", value: String(contentLength))
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        return HTTPResponseHead(version: request.version, status: status, headers: headers)
    }
}

/// Answers one HTTP request held by a session; safe to call from any thread, at most once.
struct EngineIOPollResponder: Sendable {
    /// Writes the answer on the request's channel.
    let respond: @Sendable (EngineIOHTTPResponse) -> Void
}
