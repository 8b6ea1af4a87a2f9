/// Something between the load generator and the server under test, such as `jobwire record`'s
/// proxy, so the bench can measure what it costs: started once the server listens, stopped after the run.
public struct FanoutRelay: Sendable {
    /// Starts relaying to the server's loopback `port`; returns the port the clients connect to and how to stop.
    public var start: @Sendable (_ serverPort: Int) async throws -> (port: Int, stop: @Sendable () async -> Void)

    /// A relay started by `start`.
    public init(start: @escaping @Sendable (_ serverPort: Int) async throws -> (port: Int, stop: @Sendable () async -> Void)) {
        self.start = start
    }
}
