/// An error of the Socket.IO server API: starting twice or with a configuration it cannot use, an
/// ack that never came, a socket that left.
///
/// A struct over a private enum, so cases can be added later.
public struct SocketIOServerError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Base: Sendable, Hashable {
        case alreadyStarted
        case ackTimeout
        case disconnected
        case badConfiguration(String)
    }

    private let base: Base
    private init(_ base: Base) { self.base = base }

    /// ``SocketIOServer/start(host:port:)`` was called on a server that was started before.
    public static let alreadyStarted = Self(.alreadyStarted)
    /// The client did not answer an event within the timeout.
    public static let ackTimeout = Self(.ackTimeout)
    /// The socket left its namespace before the client answered, or was not connected.
    public static let disconnected = Self(.disconnected)

    /// The configuration cannot be used; the text says why (e.g. ``SocketIOServer/OutboundLimit/problem``).
    public static func badConfiguration(_ problem: String) -> Self { Self(.badConfiguration(problem)) }

    /// A readable sentence.
    public var description: String {
        switch base {
        case .alreadyStarted: "the server was already started"
        case .ackTimeout: "the client did not acknowledge the event in time"
        case .disconnected: "the socket is not connected"
        case .badConfiguration(let problem): "the server's configuration cannot be used: \(problem)"
        }
    }
}
