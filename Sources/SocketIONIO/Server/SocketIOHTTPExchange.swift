/// An HTTP request outside the Socket.IO path, handed to ``SocketIOServer/Configuration/httpHandler``
/// so one port can serve both Socket.IO and an application's REST calls (as the broker does).
public struct SocketIOHTTPRequest: Sendable {
    /// The method, e.g. `POST`.
    public var method: String
    /// The request target: path and query, e.g. `/api/jobs?workerId=w-1`.
    public var target: String
    /// The request headers, in order.
    public var headers: [(name: String, value: String)]
    /// The body, up to the server's maxPayload.
    public var body: [UInt8]

    public init(method: String, target: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }
}

/// The answer to a ``SocketIOHTTPRequest``; Content-Length, Connection and CORS headers are added.
public struct SocketIOHTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: String
    /// Runs once the answer has been written, e.g. to emit the events a REST call causes only
    /// after its response (as the job protocol's "answer success, then emit" demands).
    public var afterSend: (@Sendable () -> Void)?
    /// Close the connection without answering, as a network reset does: a fault a test server
    /// injects (the client gets a transport error, never a status). `afterSend` still runs.
    public var closesWithoutAnswer = false

    public init(status: Int, headers: [(name: String, value: String)] = [], body: String = "", afterSend: (@Sendable () -> Void)? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.afterSend = afterSend
    }
}
