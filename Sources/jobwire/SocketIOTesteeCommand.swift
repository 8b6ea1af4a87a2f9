import ArgumentParser
import Dispatch
import Foundation
import Logging
import NIOCore
import SocketIONIO

/// `jobwire socketio-testee`: serves ``SocketIOTesteeProfile`` until SIGINT or SIGTERM.
struct SocketIOTesteeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "socketio-testee",
        abstract: "Runs the Socket.IO server profile that the official Engine.IO and Socket.IO test suites expect.",
        discussion: """
            The Socket.IO profile serves /socket.io/ with pingInterval 300 ms, pingTimeout 200 ms, \
            maxPayload 1000000, connectTimeout 1000 ms and CORS "*": sockets of / and /custom get an \
            "auth" event carrying their CONNECT payload, "message" is answered with "message-back", \
            "message-with-ack" is acknowledged with its arguments, and any other namespace is refused \
            with {"message":"Invalid namespace"}. With --engine-io the server runs Engine.IO alone at \
            /engine.io/ and echoes every message.

            The bound address is printed to standard output, the log goes to standard error. The \
            server runs until SIGINT or SIGTERM, then shuts down gracefully.

            Example, pointing the official suites at it (they expect http://localhost:3000):
              jobwire socketio-testee --port 3000
              cd socket.io-protocol/test-suite && npm ci && npm test

              jobwire socketio-testee --port 3000 --engine-io
              cd engine.io-protocol/test-suite && npm ci && npm test
            """
    )

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free port.")
    var port: Int = 3000

    @Flag(name: .customLong("engine-io"), help: "Serve Engine.IO alone at /engine.io/ and echo every message.")
    var engineIO = false

    @Flag(help: "Log every session opening and closing to standard error.")
    var verbose = false

    @OptionGroup var limits: ServerLimitOptions

    mutating func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        _ = (try limits.limit(), try limits.connections())
    }

    func run() async throws {
        var logger = Logger(label: "jobwire.socketio-testee", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = verbose ? .debug : .notice
        let server = SocketIOTesteeProfile.makeServer(engineIOOnly: engineIO, logger: logger, outboundLimit: try limits.limit(), maxConnections: try limits.connections())
        let signals = Self.terminationSignals()
        let address = try await server.start(host: host, port: port)
        let path = server.configuration.path
        let shownHost = address.protocol == .inet6 ? "[\(address.ipAddress ?? host)]" : (address.ipAddress ?? host)
        FileHandle.standardOutput.write(Data("http://\(shownHost):\(address.port ?? port)\(path)\n".utf8))
        for await signal in signals {
            FileHandle.standardError.write(Data("socketio-testee: signal \(signal), shutting down\n".utf8))
            break
        }
        await server.shutdown()
    }

    /// SIGINT and SIGTERM as an async sequence, their default actions turned off.
    static func terminationSignals() -> AsyncStream<Int32> {
        AsyncStream { continuation in
            let sources = [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { continuation.yield(number) }
                source.resume()
                return source
            }
            let retained = SignalSources(sources)
            continuation.onTermination = { _ in retained.cancel() }
        }
    }
}

/// Keeps the signal sources alive while the stream is; they are only cancelled, once.
private final class SignalSources: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ sources: [any DispatchSourceSignal]) { self.sources = sources }

    func cancel() { sources.forEach { $0.cancel() } }
}
