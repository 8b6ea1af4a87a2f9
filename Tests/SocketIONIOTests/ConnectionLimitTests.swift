import Foundation
import Testing

@testable import SocketIONIO

/// The maximum number of connections: past it a new connection is answered 503 and closed, the
/// ones already open are served as before, and a place freed is taken again.
@Suite(.timeLimit(.minutes(1)))
struct ConnectionLimitTests {
    static let handshake = "GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test func pastTheMaximumAConnectionIsAnswered503AndClosed() async throws {
        let server = SocketIOServer(configuration: .init(logger: Testee.logger, maxConnections: 2))
        let port = try #require(try await server.start().port)
        defer { Task { await server.shutdown(gracePeriod: .zero) } }
        var open: [RawTCPConnection] = []
        for _ in 0..<2 {
            let connection = try await RawTCPConnection.connect(port: port)
            try await connection.send(Self.handshake)
            #expect(try await connection.readResponse().status == 200)
            open.append(connection)
        }

        let refused = try await RawTCPConnection.connect(port: port)
        try await refused.send(Self.handshake)
        let answer = try await refused.readResponse()
        #expect(answer.status == 503)
        #expect(answer.headers["retry-after"] == "1" && answer.headers["connection"] == "close")
        #expect(answer.body == #"{"message":"too many connections: the server holds its maximum of 2"}"#)
        #expect(await refused.closedByServer())

        // The connections already open are served as before.
        try await open[0].send(Self.handshake)
        #expect(try await open[0].readResponse().status == 200)
        #expect(server.connectionLimit.openConnections == 2)

        // A place freed is taken again, once the server has seen the close.
        open[1].close()
        let end = ContinuousClock.now + .seconds(5)
        while server.connectionLimit.openConnections > 1 {
            guard ContinuousClock.now < end else { throw TestTimeout("the closed connection freed its place") }
            await Task.yield()
        }
        let next = try await RawTCPConnection.connect(port: port)
        try await next.send(Self.handshake)
        #expect(try await next.readResponse().status == 200)
        next.close()
        open[0].close()
    }

    @Test func aMaximumBelowOneIsRefusedAtStart() async throws {
        let server = SocketIOServer(configuration: .init(logger: Testee.logger, maxConnections: 0))
        await #expect(throws: SocketIOServerError.self) { _ = try await server.start() }
    }
}
