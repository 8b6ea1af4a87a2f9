import NIOCore
import SocketIOWire

/// A set of sockets of one namespace chosen by room, to emit an event to all of them.
///
/// `namespace.to("jobs").emit("job", payload)` sends to every socket in room `jobs`;
/// `.to` again widens to another room, `.except` leaves a room's sockets out, and
/// `socket.to(room)` leaves the emitting socket out, as in the reference server.
/// Broadcasts ask for no acks, and their packet is encoded once for all sockets.
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
    ///
    /// The packet is encoded once per event loop, not per socket; each loop gets one task that
    /// hands it to all of its connections, and a connection on a WebSocket writes the encoded
    /// frames as they are. Each connection gets its events in the order they were emitted, from
    /// whatever thread: on the loop itself a broadcast is delivered at once only when nothing
    /// for its connections waits in the loop's queue.
    public func emit(_ event: String, arguments: [SocketIOValue]) {
        let targets = sockets
        guard !targets.isEmpty else { return }
        var groups: [(loop: ObjectIdentifier, connections: [SocketIOConnection])] = []
        for socket in targets {
            let connection = socket.connection
            if let index = groups.firstIndex(where: { $0.loop == connection.loopID }) {
                groups[index].connections.append(connection)
            } else {
                groups.append((connection.loopID, [connection]))
            }
        }
        for (_, connections) in groups {
            let loop = connections[0].eventLoop
            let encoded = SocketIOEncodedPacket(.event(event, arguments, namespace: namespace.name))
            // In order with each connection's own emits and with broadcasts queued from other threads.
            EngineIOSession.onLoop(loop, of: connections.map(\.session)) {
                for connection in connections { connection.deliver(encoded) }
            }
        }
    }
}
