import SocketIOWire

/// A set of sockets of one namespace chosen by room, to emit an event to all of them.
///
/// `namespace.to("jobs").emit("job", payload)` sends to every socket in room `jobs`;
/// `.to` again widens to another room, `.except` leaves a room's sockets out, and
/// `socket.to(room)` leaves the emitting socket out, as in the reference server.
/// Broadcasts ask for no acks.
public struct SocketIOBroadcast: Sendable {
    private let namespace: SocketIONamespace
    private var rooms: Set<String> = []
    private var excludedRooms: Set<String> = []
    private var excludedSocket: String?

    init(namespace: SocketIONamespace, excludedSocket: String? = nil) {
        self.namespace = namespace
        self.excludedSocket = excludedSocket
    }

    /// Adds the sockets of `room`.
    public func to(_ room: String) -> SocketIOBroadcast {
        var copy = self
        copy.rooms.insert(room)
        return copy
    }

    /// Leaves out the sockets of `room`.
    public func except(_ room: String) -> SocketIOBroadcast {
        var copy = self
        copy.excludedRooms.insert(room)
        return copy
    }

    /// The sockets an emit would reach now.
    public var sockets: [SocketIOServerSocket] {
        namespace.targets(rooms: rooms, excluding: excludedRooms, excludingSocket: excludedSocket)
    }

    /// Emits an event to every chosen socket.
    public func emit(_ event: String, _ arguments: SocketIOValue...) {
        emit(event, arguments: arguments)
    }

    /// Emits an event to every chosen socket, arguments given as an array.
    public func emit(_ event: String, arguments: [SocketIOValue]) {
        for socket in sockets { socket.emit(event, arguments: arguments) }
    }
}
