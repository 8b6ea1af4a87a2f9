import Foundation
import Logging
import SocketIONIO
import SocketIOWire
import Testing

/// Starts the official suites' server profile in-process on 127.0.0.1, port 0, for one test.
///
/// Set `SOCKETIO_TEST_LOG=1` to see the server's debug log on standard error.
enum Testee {
    static let logger: Logger = {
        if ProcessInfo.processInfo.environment["SOCKETIO_TEST_LOG"] != nil {
            var logger = Logger(label: "socketio-testee", factory: { StreamLogHandler.standardError(label: $0) })
            logger.logLevel = .debug
            return logger
        }
        return Logger(label: "socketio-testee", factory: { _ in SwiftLogNoOpLogHandler() })
    }()

    /// The pong and connect deadlines, in milliseconds, of ``run(engineIOOnly:pongGrace:_:)`` for the cases of the pings themselves.
    ///
    /// The suites' 200 ms is a deadline for the test client's pong; on a busy machine (two cores,
    /// each shared with a `yes`) the client in this process stalls longer than that now and then,
    /// and the session closes under a correct server; three ping rounds of 300 ms can likewise
    /// outlast the Socket.IO profile's 1000 ms connect deadline. The "sends ping/pong packets"
    /// cases check that pings come every pingInterval and that pongs keep the session, which
    /// longer deadlines do not change; the deadlines themselves are what "closes upon ping
    /// timeout" and the connect-timeout behaviour check, with the suites' values.
    static let relaxedDeadlineMs = 5_000

    /// Runs `body` with the port of a fresh testee, then shuts the testee down; with `pongGrace`,
    /// the testee waits ``relaxedDeadlineMs`` for a pong, and as long for a CONNECT, instead
    /// of the suites' 200 ms and 1000 ms.
    static func run(engineIOOnly: Bool, pongGrace: Bool = false, _ body: (Int) async throws -> Void) async throws {
        let server = pongGrace
            ? SocketIOTesteeProfile.makeServer(
                engineIOOnly: engineIOOnly, logger: logger,
                pingTimeout: .milliseconds(relaxedDeadlineMs), connectTimeout: .milliseconds(relaxedDeadlineMs))
            : SocketIOTesteeProfile.makeServer(engineIOOnly: engineIOOnly, logger: logger)
        let address = try await server.start(host: "127.0.0.1", port: 0)
        let port = try #require(address.port)
        do {
            try await body(port)
        } catch {
            await server.shutdown(gracePeriod: .zero)
            throw error
        }
        await server.shutdown(gracePeriod: .zero)
    }

    /// Checks an open packet as the suites do: exactly the five keys, a string sid, the profile's numbers.
    static func expectHandshake(_ text: String, upgrades: [String], pingTimeout: Int = 200, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(text.hasPrefix("0"), "the open packet starts with 0: \(text)", sourceLocation: sourceLocation)
        let value = try JSONParser.parse(Array(text.utf8.dropFirst()))
        let object = try #require(value.objectValue, sourceLocation: sourceLocation)
        #expect(Set(object.keys) == ["sid", "upgrades", "pingInterval", "pingTimeout", "maxPayload"], sourceLocation: sourceLocation)
        #expect(object.keys.count == 5, sourceLocation: sourceLocation)
        #expect(object["sid"]?.stringValue != nil, sourceLocation: sourceLocation)
        #expect(object["upgrades"] == .array(upgrades.map(JSONValue.string)), sourceLocation: sourceLocation)
        #expect(object["pingInterval"] == 300, sourceLocation: sourceLocation)
        #expect(object["pingTimeout"] == .int(Int64(pingTimeout)), sourceLocation: sourceLocation)
        #expect(object["maxPayload"] == 1_000_000, sourceLocation: sourceLocation)
    }

    /// The sid of an open packet's text.
    static func sid(ofHandshake text: String) throws -> String {
        let value = try JSONParser.parse(Array(text.utf8.dropFirst()))
        return try #require(value["sid"]?.stringValue)
    }
}
