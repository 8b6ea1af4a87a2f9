import Foundation
import Testing
@testable import JobWire
import SocketIOWire

/// The encoder is the decoder's exact counterpart: over every shipped trace, a line decoded and
/// encoded is canonical (encoding it again changes nothing), and the checker finds the same
/// violations in the typed events, in the file and in the canonical text.
struct TraceEncoderTests {
    /// A trace as the reader gives it: the header and the events, each with its line.
    static func read(_ file: String) throws -> (header: TraceHeader, events: [TraceEvent]) {
        var header: TraceHeader?
        var events: [TraceEvent] = []
        try TraceReader.read(path: TraceVectorTests.directory.appendingPathComponent(file).path, displayPath: file) { (item: TraceReader.Item) throws(InputError) in
            switch item {
            case .header(let read): header = read
            case .event(let event): events.append(event)
            }
        }
        return (header!, events)
    }

    @Test(arguments: TraceVectorTests.vectors)
    func everyLineEncodesCanonicallyAndDecodesBack(_ vector: TraceVector) throws {
        let (header, events) = try Self.read(vector.file)
        let encoder = TraceEncoder(header: header)
        let headerJSON = try JSONParser.parse(String(encoder.headerLine.dropLast()))
        #expect(try TraceEncoder(header: TraceHeader(json: headerJSON, file: vector.file)).headerLine == encoder.headerLine, "\(vector.file): the header")
        for event in events {
            let line = encoder.line(event)
            #expect(line.hasSuffix("\n") && !line.dropLast().contains("\n"))
            let again = try TraceEvent(json: JSONParser.parse(String(line.dropLast())), header: header, file: vector.file, line: event.line)
            #expect(encoder.line(again) == line, "\(vector.file):\(event.line)")
        }
    }

    @Test(arguments: TraceVectorTests.vectors)
    func theCheckerFindsTheSameInEventsFileAndCanonicalText(_ vector: TraceVector) throws {
        let path = TraceVectorTests.directory.appendingPathComponent(vector.file).path
        let fromFile = try TraceChecker.check(path: path, displayPath: vector.file)
        let (header, events) = try Self.read(vector.file)
        let fromEvents = try TraceChecker.check(header: header, events: events, file: vector.file)
        #expect(fromEvents.failedIDs == fromFile.failedIDs, "\(vector.file)")
        #expect(Set(fromEvents.rules.flatMap(\.violations)) == Set(fromFile.rules.flatMap(\.violations)), "\(vector.file)")
        let encoder = TraceEncoder(header: header)
        let text = encoder.headerLine + events.map(encoder.line).joined()
        let fromText = try TraceChecker.check(text: text, file: vector.file)
        #expect(fromText.failedIDs == fromFile.failedIDs, "\(vector.file): the canonical text")
        #expect(fromText.rules.map(\.violationCount) == fromFile.rules.map(\.violationCount), "\(vector.file): the canonical text")
    }

    @Test func membersAtTheirDefaultAreLeftOut() throws {
        var header = TraceHeader(roles: [.worker, .backend])
        header.profile.namespace = "/jobs"
        let encoder = TraceEncoder(header: header)
        let worker = TraceActor(.worker, id: "w-1")
        let inDefault = TraceEvent(ts: 5, actor: worker, body: .socketIn(SocketMessage(event: "new", payload: ["ReqID": "R-1"], namespace: "/jobs")))
        #expect(encoder.line(inDefault) == #"{"ts":5,"actor":"worker","id":"w-1","kind":"io.in","event":"new","payload":{"ReqID":"R-1"}}"# + "\n")
        let elsewhere = TraceEvent(ts: 5, actor: .backend, body: .socketOut(SocketMessage(event: "new", payload: nil, namespace: "/", room: "workers")))
        #expect(encoder.line(elsewhere) == #"{"ts":5,"actor":"backend","kind":"io.out","event":"new","nsp":"/","to":"workers"}"# + "\n")
        let create = OfflineRequest(seq: 1, call: .create(EntityID("t-1"), data: ["title": "Fix"]))
        let request = TraceEvent(ts: 6, actor: worker, body: .httpRequest(HTTPRequestRecord(xid: "x-1", method: "POST", path: "/api/items", body: ["title": "Fix"], call: create)))
        #expect(encoder.line(request) == #"{"ts":6,"actor":"worker","id":"w-1","kind":"http.request","xid":"x-1","method":"POST","path":"/api/items","body":{"title":"Fix"},"call":{"seq":1,"kind":"create","id":"t-1"}}"# + "\n")
        let failed = TraceEvent(ts: 7, actor: worker, body: .httpResponse(HTTPResponseRecord(xid: "x-1", error: "timeout")))
        #expect(encoder.line(failed) == #"{"ts":7,"actor":"worker","id":"w-1","kind":"http.response","xid":"x-1","error":"timeout"}"# + "\n")
    }

    @Test func aWorkerWithoutIdOrAnIllTypedFieldIsRefusedWhenReported() {
        let header = TraceHeader(roles: [.worker])
        #expect(throws: InputError(file: "w.jsonl", line: 4, field: "view", message: "expected a non-empty string, found a number (7)")) {
            try TraceEvent(reported: ["view": 7], kind: .viewShown, ts: 1, actor: TraceActor(.worker, id: "w-1"), header: header, file: "w.jsonl", line: 4)
        }
        #expect(throws: InputError(file: "w.jsonl", line: 4, field: "id", message: "is required for a worker: a trace may hold several workers")) {
            try TraceEvent(reported: [:], kind: .appBackgrounded, ts: 1, actor: TraceActor(.worker), header: header, file: "w.jsonl", line: 4)
        }
        for view in ["waiting", "workInProgress"] {
            #expect(throws: InputError(file: "w.jsonl", line: 4, field: "req", message: "is required for a \(view) view: the rules read which request it presents")) {
                try TraceEvent(reported: ["view": .string(view)], kind: .viewShown, ts: 1, actor: TraceActor(.worker, id: "w-1"), header: header, file: "w.jsonl", line: 4)
            }
        }
        #expect((try? TraceEvent(reported: ["view": "home"], kind: .viewShown, ts: 1, actor: TraceActor(.worker, id: "w-1"), header: header, file: "w.jsonl", line: 4)) != nil)
    }
}
