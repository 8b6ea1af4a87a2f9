import Foundation
import SocketIOWire
import Testing
@testable import JobWire

/// The event kinds of connections, offer removal and kept options (Docs/TRACE.md): read with
/// their fields, and refused with the field named when a required one is wrong.
struct TraceConnectionEventTests {
    static let header = #"{"format":"jobwire-trace","version":1,"roles":["client","worker","backend"]}"#

    private func events(_ lines: [String]) throws(InputError) -> [TraceEvent] {
        var events: [TraceEvent] = []
        try TraceReader.read(text: ([Self.header] + lines).joined(separator: "\n") + "\n", file: "t.jsonl") { (item: TraceReader.Item) in
            if case .event(let event) = item { events.append(event) }
        }
        return events
    }

    @Test func connectionsRemovalsAndOptionsAreRead() throws {
        let read = try events([
            #"{"ts":1,"actor":"backend","kind":"io.connected","nsp":"/jobs","auth":{"userId":7,"role":"worker"}}"#,
            #"{"ts":2,"actor":"client","id":"c-1","kind":"io.connected"}"#,
            #"{"ts":3,"actor":"client","id":"c-1","kind":"io.disconnected","reason":"transport"}"#,
            #"{"ts":4,"actor":"worker","id":"w-1","kind":"offer.removed","req":"R-1","why":"taken"}"#,
            #"{"ts":5,"actor":"client","id":"c-1","kind":"app.launched","options":{"Source":["a","b"]}}"#,
        ])
        guard case .connected(let backend) = read[0].body else { Issue.record("not a connection"); return }
        #expect(backend.namespace == "/jobs" && backend.identity == HandshakeIdentity(userID: CanonicalID("7"), role: .worker))
        guard case .connected(let own) = read[1].body else { Issue.record("not a connection"); return }
        #expect(own.namespace == "/" && own.auth == nil && own.identity == nil)
        guard case .disconnected(let dropped) = read[2].body else { Issue.record("not a disconnection"); return }
        #expect(dropped.reason == .transport)
        guard case .offerRemoved(let req, let why) = read[3].body else { Issue.record("not a removal"); return }
        #expect(req == "R-1" && why == .taken)
        guard case .lifecycle(.launched, let stored) = read[4].body else { Issue.record("not a launch"); return }
        #expect(stored.options?["Source"] == ["a", "b"])
        #expect(read.map(\.kind) == [.socketConnected, .socketConnected, .socketDisconnected, .offerRemoved, .appLaunched])
    }

    /// A malformed auth is kept as recorded, for MSG-16 to judge, not refused as a bad line.
    @Test func aMalformedAuthIsKeptAsRecorded() throws {
        let read = try events([#"{"ts":1,"actor":"backend","kind":"io.connected","auth":{"userId":"c-1","role":"backend"}}"#])
        guard case .connected(let record) = read[0].body else { Issue.record("not a connection"); return }
        #expect(record.auth?["role"] == "backend" && record.identity == nil)
    }

    /// The backend's drop of a slow consumer: reason `slow` with the bytes that waited, written back as read.
    @Test func aSlowConsumerDropIsReadWithItsQueuedBytes() throws {
        let line = #"{"ts":1,"actor":"backend","kind":"io.disconnected","nsp":"/","reason":"slow","queued":1048700,"auth":{"userId":"w-9","role":"worker"}}"#
        let read = try events([line])
        guard case .disconnected(let record) = read[0].body else { Issue.record("not a disconnection"); return }
        #expect(record.reason == .slow && record.queued == 1_048_700 && record.identity?.userID == CanonicalID("w-9"))
        let header = try TraceHeader(json: JSONParser.parse(Array(Self.header.utf8)), file: "t.jsonl")
        let written = TraceEncoder(header: header).json(read[0])
        #expect(written["reason"] == "slow" && written["queued"] == 1_048_700 && written["auth"]?["userId"] == "w-9")
    }

    @Test(arguments: [
        (#"{"ts":1,"actor":"worker","id":"w-9","kind":"io.disconnected","reason":"slow"}"#, "reason"),
        (#"{"ts":1,"actor":"backend","kind":"io.disconnected","reason":"slow","queued":-1,"auth":{}}"#, "queued"),
        (#"{"ts":1,"actor":"backend","kind":"io.connected","nsp":"/"}"#, "auth"),
        (#"{"ts":1,"actor":"client","id":"c-1","kind":"io.disconnected","reason":"bored"}"#, "reason"),
        (#"{"ts":1,"actor":"worker","id":"w-1","kind":"offer.removed","req":"R-1"}"#, "why"),
    ])
    func aWrongFieldIsNamed(_ line: String, _ field: String) {
        do {
            _ = try events([line])
            Issue.record("read \(line)")
        } catch {
            #expect(error.line == 2 && error.field == field, "\(error)")
        }
    }
}
