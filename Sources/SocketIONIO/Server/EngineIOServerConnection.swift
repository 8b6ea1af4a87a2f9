import Foundation
import NIOConcurrencyHelpers
import SocketIOWire

/// One Engine.IO session of a server running in ``SocketIOServer/Configuration/Mode/engineIO`` mode.
///
/// The raw message channel below Socket.IO: text and binary messages in both directions over
/// polling or WebSocket, with the heartbeat and upgrade handled by the server. Handlers run on
/// the session's event loop in wire order and must not block; every method may be called from
/// any thread.
public final class EngineIOServerConnection: Sendable {
    /// An Engine.IO message.
    public enum Message: Sendable, Hashable {
        /// A text message (`4<text>`).
        case text(String)
        /// A binary message (a binary frame, or `b<base64>` on polling).
        case binary(Data)
    }

    /// The session id.
    public var id: String { session.sid }

    private let session: EngineIOSession
    fileprivate let state = NIOLockedValueBox(State())

    fileprivate struct State {
        var messageHandlers: [@Sendable (Message) -> Void] = []
        var closeHandlers: [@Sendable (String) -> Void] = []
    }

    init(session: EngineIOSession) {
        self.session = session
    }

    /// Receives each message from the client.
    public func onMessage(_ handler: @escaping @Sendable (Message) -> Void) {
        state.withLockedValue { $0.messageHandlers.append(handler) }
    }

    /// Learns when the session ends, with the reference's reason (`transport close`, `ping timeout`, ...).
    public func onClose(_ handler: @escaping @Sendable (String) -> Void) {
        state.withLockedValue { $0.closeHandlers.append(handler) }
    }

    /// Sends a message to the client.
    public func send(_ message: Message) {
        switch message {
        case .text(let text): session.send([.message(text)])
        case .binary(let data): session.send([.binaryMessage(data)])
        }
    }

    /// Closes the session after the messages already sent.
    public func close() {
        session.close(reason: .serverClose)
    }
}

/// Connects an Engine.IO session to its public connection and the application's handler.
final class EngineIOApplicationBridge: EngineIOSessionDelegate {
    private let connection: EngineIOServerConnection
    private let connectionHandler: (@Sendable (EngineIOServerConnection) -> Void)?

    init(session: EngineIOSession, connectionHandler: (@Sendable (EngineIOServerConnection) -> Void)?) {
        self.connection = EngineIOServerConnection(session: session)
        self.connectionHandler = connectionHandler
    }

    func engineIOSessionDidOpen(_ session: EngineIOSession) {
        connectionHandler?(connection)
    }

    func engineIOSession(_ session: EngineIOSession, didReceive message: EngineIOPacket) {
        switch message {
        case .message(let text): connection.deliver(.text(text))
        case .binaryMessage(let data): connection.deliver(.binary(data))
        default: break
        }
    }

    func engineIOSessionWillShutDown(_ session: EngineIOSession) {}

    func engineIOSession(_ session: EngineIOSession, didCloseWith reason: EngineIOCloseReason) {
        connection.didClose(reason.description)
    }
}

extension EngineIOServerConnection {
    func deliver(_ message: Message) {
        for handler in state.withLockedValue({ $0.messageHandlers }) { handler(message) }
    }

    func didClose(_ reason: String) {
        let handlers = state.withLockedValue { state in
            defer { state = State() }
            return state.closeHandlers
        }
        for handler in handlers { handler(reason) }
    }
}
