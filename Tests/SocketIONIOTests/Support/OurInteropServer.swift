import Foundation
import Logging
import SocketIONIO
import SocketIOWire
import Testing

/// Our ``SocketIOServer`` running the app of `Interop/python_server.py`, in-process on 127.0.0.1, port 0.
///
/// The app is the one the Interop README's table describes, so `python_client.py`, the raw wire
/// scenarios and ``SocketIOClient`` can be pointed at it exactly as at the python-socketio
/// server. What the server sees is logged as JSON entries shaped like python_server.py's
/// (``entry(within:where:)`` searches them): `connect` (namespace, eio_sid, sid, auth),
/// `disconnect` (namespace, eio_sid, reason), `received` and `sent` (each Socket.IO packet's
/// text, then each attachment as `binary` hex), `refused` (namespace, message), and `log` (the
/// server's own debug messages, e.g. `engine.io session opened` with `sid` and `transport`,
/// `engine.io session upgraded`, `engine.io session closed` with `reason`).
final class OurInteropServer: Sendable {
    /// The server.
    let server: SocketIOServer
    /// The bound port.
    let port: Int
    /// Everything the server saw.
    let log: InteropEventLog

    /// `http://127.0.0.1:<port>`.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(server: SocketIOServer, port: Int, log: InteropEventLog) {
        self.server = server
        self.port = port
        self.log = log
    }

    /// Starts a server with the app and these heartbeat settings.
    ///
    /// The ping, upgrade and connect timeouts are generous: the tests run many peers in parallel
    /// on a small machine, where a pong or a CONNECT can be seconds late with nothing wrong.
    static func start(pingInterval: Duration = .milliseconds(300), pingTimeout: Duration = .seconds(5)) async throws -> OurInteropServer {
        let log = InteropEventLog()
        let logger = Logger(label: "interop-server") { _ in InteropLogCapture(log: log) }
        let configuration = SocketIOServer.Configuration(
            logger: logger,
            pingInterval: pingInterval,
            pingTimeout: pingTimeout,
            upgradeTimeout: .seconds(20),
            connectTimeout: .seconds(20),
            cors: .init(origin: .any),
            observer: { record in log.record(record) }
        )
        let server = SocketIOServer(configuration: configuration)
        InteropApp.install(on: server, log: log)
        let address = try await server.start(host: "127.0.0.1", port: 0)
        let port = try #require(address.port)
        return OurInteropServer(server: server, port: port, log: log)
    }

    /// The first entry, seen earlier or arriving within `timeout`, for which `matches` holds.
    @discardableResult
    func entry(within timeout: Duration = .hangGuard, where matches: @Sendable (JSONValue) -> Bool) async throws -> JSONValue {
        try await log.entry(within: timeout, where: matches)
    }

    /// Entries logged so far whose `event` is `name`.
    func entries(named name: String) -> [JSONValue] { log.entries(named: name) }

    /// Stops the server at once.
    func stop() async { await server.shutdown(gracePeriod: .zero) }
}

/// Runs `body` against a fresh ``OurInteropServer`` that is shut down afterwards, whatever happens.
func withOurServer<T: Sendable>(
    pingInterval: Duration = .milliseconds(300), pingTimeout: Duration = .seconds(5),
    _ body: (OurInteropServer) async throws -> T
) async throws -> T {
    let server = try await OurInteropServer.start(pingInterval: pingInterval, pingTimeout: pingTimeout)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw InteropFailure(error: error, serverLog: server.log.entries.map(\.compactText), serverStderr: "")
    }
}
