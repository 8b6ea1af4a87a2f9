import Foundation
import JobWire
import Logging

/// The reference backend started on a free loopback port for `jobwire verify` without a URL,
/// sharing a ``SteppingClock`` with the run so timed cases take no real time.
public struct EmbeddedBackend: Sendable {
    public let server: ReferenceBackendServer
    /// `http://127.0.0.1:PORT`.
    public let url: URL
    public let clock: SteppingClock

    /// Starts it with `profile`'s names and routes, the given faults (for mutant tests) and timeout.
    public static func start(profile: ProtocolProfile = .standard, faults: BackendFaults = [], taskFaults: TaskFaults = [], timeoutMs: Int64 = 600_000) async throws -> EmbeddedBackend {
        let clock = SteppingClock()
        let backend = JobDispatchBackend(profile: profile, faults: faults, timeoutMs: timeoutMs)
        let server = ReferenceBackendServer(
            backend: backend, tasks: TaskBackend(faults: taskFaults), clock: clock, logger: Logger(label: "jobwire.verify", factory: { _ in SwiftLogNoOpLogHandler() }))
        let address = try await server.start(host: "127.0.0.1", port: 0)
        return EmbeddedBackend(server: server, url: URL(string: "http://127.0.0.1:\(address.port ?? 0)")!, clock: clock)
    }

    /// Options to verify it.
    public func options(profile: ProtocolProfile = .standard, vectors: URL) -> VerifyOptions {
        VerifyOptions(base: url, profile: profile, clock: clock, vectors: vectors)
    }

    public func shutdown() async { await server.shutdown() }
}
