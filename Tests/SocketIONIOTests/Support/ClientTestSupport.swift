import Foundation
import Logging
import NIOCore
import SocketIONIO
import SocketIOWire

/// Small helpers for driving a ``SocketIOClient`` in live tests.
enum ClientTestSupport {
    /// Limits well under the tests' time limits, so a broken exchange fails instead of hanging,
    /// yet long enough for a loaded machine.
    static func configuration(
        _ transports: [SocketIOClientConfiguration.Transport], auth: [String: JSONObject] = [:]
    ) -> SocketIOClientConfiguration {
        SocketIOClientConfiguration(
            transports: transports, auth: auth,
            connectTimeout: .seconds(15), ackTimeout: .seconds(15), upgradeTimeout: .seconds(15)
        )
    }

    /// A client for `url`; with `JOBWIRE_TEST_TRACE=1` in the environment it logs every packet to stderr.
    static func client(_ url: URL, _ configuration: SocketIOClientConfiguration) throws -> SocketIOClient {
        var logger = Logger(label: "test.client", factory: { label -> any LogHandler in
            if ProcessInfo.processInfo.environment["JOBWIRE_TEST_TRACE"] == nil { return SwiftLogNoOpLogHandler() }
            return StreamLogHandler.standardError(label: label)
        })
        logger.logLevel = Logger.Level.trace
        return try SocketIOClient(url: url, configuration: configuration, logger: logger)
    }

    /// A mailbox fed by the client's event stream for `namespace`; ask for it before connecting.
    static func events(of client: SocketIOClient, namespace: String = "/") -> TestMailbox<SocketIOEvent> {
        let mailbox = TestMailbox<SocketIOEvent>()
        let stream = client.events(namespace: namespace)
        Task {
            for await event in stream { mailbox.put(event) }
            mailbox.finish()
        }
        return mailbox
    }

    /// Waits until the client has answered `count` server pings in its current session.
    ///
    /// Waiting for the pings rather than sleeping a fixed time keeps heartbeat tests fast on an
    /// idle machine and correct on a loaded one, where timers fire late.
    static func waitForPings(_ count: Int, of client: SocketIOClient, within timeout: Duration = .hangGuard) async throws {
        let end = ContinuousClock.now + timeout
        while await client.pingsAnswered < count {
            guard ContinuousClock.now < end else {
                throw TestTimeout("the client answered \(await client.pingsAnswered) pings within \(timeout), not \(count)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until the client runs on `transport`.
    static func waitForTransport(_ transport: SocketIOClientConfiguration.Transport, of client: SocketIOClient, within timeout: Duration = .hangGuard) async throws {
        let end = ContinuousClock.now + timeout
        while await client.transport != transport {
            guard ContinuousClock.now < end else {
                throw TestTimeout("the client did not reach \(transport) within \(timeout); it is on \(String(describing: await client.transport))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// A received event did not match what the test expected.
struct UnexpectedEvent: Error, CustomStringConvertible {
    var description: String
}

extension TestMailbox where Item == SocketIOEvent {
    /// The next event, which must be named `name`.
    func event(_ name: String, within timeout: Duration = .hangGuard) async throws -> SocketIOEvent {
        guard let event = try await next(within: timeout, "\"\(name)\" event") else {
            throw UnexpectedEvent(description: "the event stream ended before \"\(name)\"")
        }
        guard event.name == name else {
            throw UnexpectedEvent(description: "expected \"\(name)\", received \"\(event.name)\" \(event.arguments)")
        }
        return event
    }
}
