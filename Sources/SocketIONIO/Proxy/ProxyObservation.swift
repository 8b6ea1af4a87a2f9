import Foundation

/// What the recording proxy saw pass, reported in the order it passed on each connection: every
/// HTTP request an app sent and its upstream's answer, and every WebSocket message either way.
///
/// The proxy itself makes no protocol decision; whoever observes (the `jobwire record` recorder)
/// reads Engine.IO and Socket.IO out of these.
public enum ProxyObservation: Sendable {
    /// An app's HTTP request arrived whole and is being forwarded; `exchange` pairs it with its answer.
    case request(exchange: Int, ProxyHTTPRequest)
    /// The upstream's answer to `exchange`, as forwarded to the app.
    case response(exchange: Int, ProxyHTTPResponse)
    /// The request `exchange` got no answer: the upstream refused, reset or closed the connection.
    case failed(exchange: Int, reason: String)
    /// Both sides of a WebSocket were upgraded; `link` names it in the later observations.
    case webSocketOpened(link: Int, ProxyHTTPRequest)
    /// A whole WebSocket message passed: from the app to the upstream when `fromApp`, else back.
    case webSocketMessage(link: Int, fromApp: Bool, ProxyMessage)
    /// The WebSocket ended: closed by the app when `byApp` is true, by the upstream when false,
    /// dropped when nil.
    case webSocketClosed(link: Int, byApp: Bool?)
}

/// One HTTP request as the app sent it.
public struct ProxyHTTPRequest: Sendable {
    /// The method, e.g. `POST`.
    public var method: String
    /// The request target: the path with its query.
    public var target: String
    /// The headers, in order, names as sent.
    public var headers: [(name: String, value: String)]
    /// The body's bytes.
    public var body: Data

    /// A request as the app sent it.
    public init(method: String, target: String, headers: [(name: String, value: String)], body: Data) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name`, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One HTTP response as the upstream sent it.
public struct ProxyHTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The status's reason phrase, e.g. `OK`.
    public var reason: String
    /// The headers, in order.
    public var headers: [(name: String, value: String)]
    /// The body's bytes.
    public var body: Data

    /// A response as the upstream sent it.
    public init(status: Int, reason: String = "", headers: [(name: String, value: String)], body: Data) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }
}

/// One whole WebSocket data message.
public enum ProxyMessage: Sendable {
    /// A text message's UTF-8 text.
    case text(String)
    /// A binary message's bytes.
    case binary(Data)
}
