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
        /// Room name to the sockets in it, by id.
        var rooms: [String: [String: SocketIOServerSocket]] = [:]
        /// Socket id to the rooms it is in, so leaving touches only those.
        var memberships: [String: Set<String>] = [:]

        mutating func insert(_ socket: SocketIOServerSocket, into room: String) {
            rooms[room, default: [:]][socket.id] = socket
            memberships[socket.id, default: []].insert(room)
        }

        mutating func remove(_ socketID: String, from room: String) {
            rooms[room]?[socketID] = nil
            if rooms[room]?.isEmpty == true { rooms[room] = nil }
            memberships[socketID]?.remove(room)
        }
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
            state.rooms[room].map { Array($0.values) } ?? []
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
            state.insert(socket, into: socket.id)
        }
    }

    func remove(_ socket: SocketIOServerSocket) {
        state.withLockedValue { state in
            state.sockets[socket.id] = nil
            for room in state.memberships.removeValue(forKey: socket.id) ?? [] {
                state.rooms[room]?[socket.id] = nil
                if state.rooms[room]?.isEmpty == true { state.rooms[room] = nil }
            }
        }
    }

    func join(_ socketID: String, room: String) {
        state.withLockedValue { state in
            guard let socket = state.sockets[socketID] else { return }
            state.insert(socket, into: room)
        }
    }

    func leave(_ socketID: String, room: String) {
        state.withLockedValue { state in
            state.remove(socketID, from: room)
        }
    }

    func rooms(of socketID: String) -> Set<String> {
        state.withLockedValue { $0.memberships[socketID] ?? [] }
    }

    /// The sockets in any of `rooms` (all sockets when empty), minus those in `excluded` and `excludedSocket`, in no particular order.
    func targets(rooms: Set<String>, excluding excluded: Set<String>, excludingSocket excludedSocket: String?) -> [SocketIOServerSocket] {
        state.withLockedValue { state in
            var chosen: [String: SocketIOServerSocket]
            if rooms.isEmpty {
                chosen = state.sockets
            } else if rooms.count == 1, let room = rooms.first {
                chosen = state.rooms[room] ?? [:]
            } else {
                chosen = [:]
                for room in rooms { chosen.merge(state.rooms[room] ?? [:]) { first, _ in first } }
            }
            if excluded.isEmpty, excludedSocket == nil { return Array(chosen.values) }
            for room in excluded {
                guard let members = state.rooms[room] else { continue }
                for id in members.keys { chosen[id] = nil }
            }
            if let excludedSocket { chosen[excludedSocket] = nil }
            return Array(chosen.values)
        }
    }
}
