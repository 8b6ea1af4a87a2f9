import JobWire
import SocketIONIO
import SocketIOWire

/// What runs behind ``ReferenceBackendServer``'s port: the plain reference backend
/// (``PlainBackendHost``) or a scenario (``BrokerSession``). The server keeps the wire (the
/// Socket.IO handshake with its identity and rooms, MSG-2, and REST on the same port); the host
/// decides what each REST call answers, what an app's events mean and what gets recorded.
public protocol BrokerHost: Sendable {
    /// Called once, before the server starts, with the server the host emits through.
    func attach(_ server: ReferenceBackendServer)
    /// Answers a REST call (any path outside `/socket.io/`); `afterSend` emits what the call caused.
    func handle(_ request: SocketIOHTTPRequest) async -> SocketIOHTTPResponse
    /// Whether a handshake with a malformed identity is refused (MSG-16); false only in a mutant.
    var checksIdentity: Bool { get }
    /// Why a well-formed handshake of `userID` is refused now (a scenario's dropped network or
    /// `refuse-connect` step), or nil to let it in.
    func refusesConnection(userID: String) -> String?
    /// An app joined with this identity; its socket is already in its rooms.
    func connected(_ socket: SocketIOServerSocket, userID: String, role: TraceRole)
    /// A socket with a malformed identity was let in (only when ``checksIdentity`` is false); it is in no room.
    func connectedUnidentified(_ socket: SocketIOServerSocket)
    /// Every Socket.IO packet in and out, as the server's observer sees it; must not block.
    func observed(_ record: SocketIOPacketRecord)
    /// The server dropped an app's connection as a slow consumer (``SocketIOServer/OutboundLimit``);
    /// `record` is the `io.disconnected` with reason `slow` the backend's capture holds for it.
    func droppedSlowConsumer(_ record: ConnectionRecord)
}

extension BrokerHost {
    public var checksIdentity: Bool { true }
    public func refusesConnection(userID: String) -> String? { nil }
    public func connected(_ socket: SocketIOServerSocket, userID: String, role: TraceRole) {}
    public func connectedUnidentified(_ socket: SocketIOServerSocket) {}
    public func observed(_ record: SocketIOPacketRecord) {}
    public func droppedSlowConsumer(_ record: ConnectionRecord) {}
}

extension SocketIOHTTPResponse {
    /// A JSON answer (REST-1): the body's compact text, as `application/json` unless a backend
    /// fault says otherwise (``BackendFaults/answersAsHTML``).
    static func json(_ status: Int, _ body: JSONValue, contentType: String = "application/json", afterSend: (@Sendable () -> Void)? = nil) -> SocketIOHTTPResponse {
        SocketIOHTTPResponse(status: status, headers: [("Content-Type", contentType)], body: body.compactText, afterSend: afterSend)
    }
}
