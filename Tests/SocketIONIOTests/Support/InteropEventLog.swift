import Foundation
import Logging
import SocketIONIO
import SocketIOWire

/// What our in-process interop server saw, as JSON entries shaped like `python_server.py`'s log lines.
///
/// Written from any thread (the app's handlers, the packet observer, the logger); read by tests
/// with ``entry(within:where:)``, which waits for an entry that may not have arrived yet.
final class InteropEventLog: Sendable {
    private let seen = LockedValue<[JSONValue]>([])
    private let start = ContinuousClock.now

    /// Adds an entry, with `ms`, the milliseconds since the log was created, as its last member.
    func put(_ entry: JSONObject) {
        var entry = entry
        let elapsed = ContinuousClock.now - start
        entry.members.append(.init(key: "ms", value: .int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)))
        seen.withLock { $0.append(.object(entry)) }
    }

    /// Adds the entries of one packet record: `received` or `sent` with its text, then one per
    /// attachment with its bytes as hex; an outbound CONNECT_ERROR is also logged as `refused`.
    func record(_ record: SocketIOPacketRecord) {
        let event: JSONValue = record.direction == .inbound ? "received" : "sent"
        let eioSID = JSONValue.string(record.engineIOSessionID)
        put(["event": event, "eio_sid": eioSID, "namespace": .string(record.namespace), "text": .string(record.packet.encodedText)])
        for attachment in record.packet.attachments {
            put(["event": event, "eio_sid": eioSID, "namespace": .string(record.namespace), "binary": .string(attachment.hex)])
        }
        if record.direction == .outbound, record.packet.type == .connectError {
            put(["event": "refused", "namespace": .string(record.namespace), "message": record.packet.payload?["message"] ?? .null])
        }
    }

    /// Every entry so far.
    var entries: [JSONValue] { seen.withLock { $0 } }

    /// Entries so far whose `event` is `name`.
    func entries(named name: String) -> [JSONValue] {
        entries.filter { $0["event"]?.stringValue == name }
    }

    /// The first entry, logged earlier or within `timeout`, for which `matches` holds.
    @discardableResult
    func entry(within timeout: Duration = .hangGuard, where matches: @Sendable (JSONValue) -> Bool) async throws -> JSONValue {
        let end = ContinuousClock.now + timeout
        while true {
            if let found = entries.first(where: matches) { return found }
            guard ContinuousClock.now < end else {
                throw TestTimeout("our server logged no matching entry within \(timeout); seen: \(entries.map(\.compactText))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// A log handler that turns the server's debug messages into `log` entries of an ``InteropEventLog``.
///
/// The server logs Engine.IO session events at debug level (`engine.io session opened` with its
/// `transport`, `... upgraded`, `... closed` with its `reason`), which the public API does not
/// otherwise expose. Set `SOCKETIO_TEST_LOG=1` to also see them on standard error.
struct InteropLogCapture: LogHandler {
    let log: InteropEventLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug
    private let echo = ProcessInfo.processInfo.environment["SOCKETIO_TEST_LOG"] != nil

    init(log: InteropEventLog) {
        self.log = log
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var entry: JSONObject = ["event": "log", "message": .string("\(event.message)")]
        for (key, value) in (event.metadata ?? [:]).sorted(by: { $0.key < $1.key }) {
            entry.members.append(.init(key: key, value: .string("\(value)")))
        }
        log.put(entry)
        if echo {
            FileHandle.standardError.write(Data("interop-server \(event.level): \(JSONValue.object(entry).compactText)\n".utf8))
        }
    }
}

extension Data {
    /// The bytes as lowercase hex, as python_server.py logs binary messages.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
