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

    /// Runs `body` with the port of a fresh testee, then shuts the testee down.
    static func run(engineIOOnly: Bool, _ body: (Int) async throws -> Void) async throws {
        let server = SocketIOTesteeProfile.makeServer(engineIOOnly: engineIOOnly, logger: logger)
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
    static func expectHandshake(_ text: String, upgrades: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(text.hasPrefix("0"), "the open packet starts with 0: \(text)", sourceLocation: sourceLocation)
        let value = try JSONParser.parse(Array(text.utf8.dropFirst()))
        let object = try #require(value.objectValue, sourceLocation: sourceLocation)
        #expect(Set(object.keys) == ["sid", "upgrades", "pingInterval", "pingTimeout", "maxPayload"], sourceLocation: sourceLocation)
        #expect(object.keys.count == 5, sourceLocation: sourceLocation)
        #expect(object["sid"]?.stringValue != nil, sourceLocation: sourceLocation)
        #expect(object["upgrades"] == .array(upgrades.map(JSONValue.string)), sourceLocation: sourceLocation)
        #expect(object["pingInterval"] == 300, sourceLocation: sourceLocation)
        #expect(object["pingTimeout"] == 200, sourceLocation: sourceLocation)
        #expect(object["maxPayload"] == 1_000_000, sourceLocation: sourceLocation)
    }

    /// The sid of an open packet's text.
    static func sid(ofHandshake text: String) throws -> String {
        let value = try JSONParser.parse(Array(text.utf8.dropFirst()))
        return try #require(value["sid"]?.stringValue)
    }
}
