import NIOCore
import Synchronization

/// Counts a server's open connections and admits a new one only under the maximum
/// (``SocketIOServer/Configuration/maxConnections``); an admitted connection is counted until it closes.
final class SocketIOConnectionLimit: Sendable {
    /// The most connections open at once; nil for no limit.
    let maximum: Int?
    private let open = Atomic(0)

    /// A limit of `maximum` connections.
    init(maximum: Int?) {
        self.maximum = maximum
    }

    /// The connections open now (admitted and not yet closed).
    var openConnections: Int { open.load(ordering: .relaxed) }

    /// Whether `channel` may be served: true, and counted until it closes, while fewer than the maximum are open.
    func admit(_ channel: any Channel) -> Bool {
        let (_, now) = open.wrappingAdd(1, ordering: .relaxed)
        if let maximum, now > maximum {
            open.wrappingSubtract(1, ordering: .relaxed)
            return false
        }
        channel.closeFuture.whenComplete { _ in self.open.wrappingSubtract(1, ordering: .relaxed) }
        return true
    }
}
