import SocketIONIO

extension SocketIOClient {
    /// Waits until every packet the server wrote to this connection before now has been handled:
    /// a Socket.IO CONNECT to a namespace of the kit's own (`number` makes it unique), which any
    /// server answers (with CONNECT or CONNECT_ERROR) on the same connection after what it sent
    /// earlier (Socket.IO delivers in order per connection). A negative check ("this app got no
    /// `new`") closes on this fence, not on a sleep. False when no answer came within the connect timeout.
    func fence(number: Int) async -> Bool {
        let fenceNamespace = "/jobwire-fence-\(number)"
        do {
            try await connect(namespace: fenceNamespace, auth: nil)
            await disconnect(namespace: fenceNamespace)
            return true
        } catch {
            // CONNECT_ERROR is what a server without that namespace answers: the fence held.
            return error.code == .connectRefused
        }
    }
}
