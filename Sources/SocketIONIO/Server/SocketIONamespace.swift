import NIOConcurrencyHelpers
import SocketIOWire

/// A Socket.IO namespace of a server: who may join it, what happens when someone does, and its rooms.
///
/// Implements socket.io-protocol §Connection to a namespace for the server: a CONNECT to a
/// namespace the application never created is refused with `{"message":"Invalid namespace"}`;
/// for this one ``authorize(_:)`` decides (accept by default) and ``onConnection(_:)`` receives
/// each new ``SocketIOServerSocket``. Every socket is in the room named by its own id, as in the
/// reference server. Handlers run on the connection's event loop and must not block.
public final class SocketIONamespace: Sendable {
    /// The namespace's name, `/` for the main one.
    public let name: String

    private struct State {
        var authorizer: (@Sendable (SocketIOHandshake) -> SocketIOAuthorization)?
        var connectionHandler: (@Sendable (SocketIOServerSocket) -> Void)?
        var sockets: [String: SocketIOServerSocket] = [:]
        var rooms: [String: Set<String>] = [:]
    }

    private let state = NIOLockedValueBox(State())

    init(name: String) {
        self.name = name
    }

    /// Decides each CONNECT: `.accept`, or `.refuse(message:data:)` for a CONNECT_ERROR.
    public func authorize(_ decide: @escaping @Sendable (SocketIOHandshake) -> SocketIOAuthorization) {
        state.withLockedValue { $0.authorizer = decide }
    }

    /// Receives each socket that joined, right after the CONNECT reply went out.
    public func onConnection(_ handler: @escaping @Sendable (SocketIOServerSocket) -> Void) {
        state.withLockedValue { $0.connectionHandler = handler }
    }

    /// The sockets now in the namespace.
    public var sockets: [SocketIOServerSocket] {
        state.withLockedValue { Array($0.sockets.values) }
    }

    /// The sockets now in `room`.
    public func sockets(in room: String) -> [SocketIOServerSocket] {
        state.withLockedValue { state in
            (state.rooms[room] ?? []).compactMap { state.sockets[$0] }
        }
    }

    /// The sockets of `room`, to emit to.
    public func to(_ room: String) -> SocketIOBroadcast {
        SocketIOBroadcast(namespace: self).to(room)
    }

    /// Emits an event to every socket of the namespace.
    public func emit(_ event: String, _ arguments: SocketIOValue...) {
        SocketIOBroadcast(namespace: self).emit(event, arguments: arguments)
    }

    /// Emits an event to every socket of the namespace, arguments given as an array.
    public func emit(_ event: String, arguments: [SocketIOValue]) {
        SocketIOBroadcast(namespace: self).emit(event, arguments: arguments)
    }

    // MARK: Internal

    func authorization(for handshake: SocketIOHandshake) -> SocketIOAuthorization {
        let authorizer = state.withLockedValue { $0.authorizer }
        return authorizer?(handshake) ?? .accept
    }

    var connectionHandler: (@Sendable (SocketIOServerSocket) -> Void)? {
        state.withLockedValue { $0.connectionHandler }
    }

    func add(_ socket: SocketIOServerSocket) {
        state.withLockedValue { state in
            state.sockets[socket.id] = socket
            state.rooms[socket.id, default: []].insert(socket.id)
        }
    }

    func remove(_ socket: SocketIOServerSocket) {
        state.withLockedValue { state in
            state.sockets[socket.id] = nil
            for room in Array(state.rooms.keys) {
                state.rooms[room]?.remove(socket.id)
                if state.rooms[room]?.isEmpty == true { state.rooms[room] = nil }
            }
        }
    }

    func join(_ socketID: String, room: String) {
        state.withLockedValue { state in
            guard state.sockets[socketID] != nil else { return }
            state.rooms[room, default: []].insert(socketID)
        }
    }

    func leave(_ socketID: String, room: String) {
        state.withLockedValue { state in
            state.rooms[room]?.remove(socketID)
            if state.rooms[room]?.isEmpty == true { state.rooms[room] = nil }
        }
    }

    func rooms(of socketID: String) -> Set<String> {
        state.withLockedValue { state in
            Set(state.rooms.compactMap { $0.value.contains(socketID) ? $0.key : nil })
        }
    }

    /// The sockets in any of `rooms` (all sockets when empty), minus those in `excluded` and `excludedSocket`.
    func targets(rooms: Set<String>, excluding excluded: Set<String>, excludingSocket excludedSocket: String?) -> [SocketIOServerSocket] {
        state.withLockedValue { state in
            var ids = rooms.isEmpty ? Set(state.sockets.keys) : rooms.reduce(into: Set<String>()) { $0.formUnion(state.rooms[$1] ?? []) }
            for room in excluded { ids.subtract(state.rooms[room] ?? []) }
            if let excludedSocket { ids.remove(excludedSocket) }
            return ids.sorted().compactMap { state.sockets[$0] }
        }
    }
}
