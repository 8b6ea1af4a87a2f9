import SocketIOWire

/// A namespace's answer to a CONNECT: let the client in, or refuse it with a CONNECT_ERROR.
///
/// Implements socket.io-protocol §Connection to a namespace: a refusal is sent as
/// `44/nsp,{"message":...,"data":...}` and the Engine.IO connection stays open.
public enum SocketIOAuthorization: Sendable, Hashable {
    /// Accept: the server replies `40{"sid":...}` and the connection handler runs.
    case accept
    /// Refuse with this message, and `data` when given.
    case refuse(message: String, data: JSONValue? = nil)
}
