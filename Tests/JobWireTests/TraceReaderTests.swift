import Foundation
import Testing
@testable import JobWire

/// The streaming reader: lines split right whatever the chunks, and every unusable line named.
struct TraceReaderTests {
    static let header = #"{"format":"jobwire-trace","version":1,"roles":["client"]}"#
    static let events = [
        #"{"ts":1767225600000,"actor":"client","id":"c-1","kind":"app.launched"}"#,
        #"{"ts":1767225600001,"actor":"client","id":"c-1","kind":"view.shown","view":"home"}"#,
        #"{"ts":1767225600002,"actor":"client","id":"c-1","kind":"net.offline","note":"members a kind does not define are ignored: ünïcödé"}"#,
    ]

    private func read(_ chunks: [[UInt8]]) throws(InputError) -> [TraceReader.Item] {
        var reader = TraceReader(file: "t.jsonl")
        var items: [TraceReader.Item] = []
        for chunk in chunks {
            let result: Result<Void, InputError> = chunk.withUnsafeBytes { raw in
                Result { () throws(InputError) in try reader.feed(raw) { items.append($0) } }
            }
            try result.get()
        }
        try reader.finish()
        return items
    }

    private func expectError(_ text: String, line: Int, field: String? = nil, containing message: String) {
        do {
            _ = try read([Array(text.utf8)])
            Issue.record("read a bad trace")
        } catch {
            #expect(error.line == line, "\(error)")
            if let field { #expect(error.field == field, "\(error)") }
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test(arguments: [1, 2, 3, 7, 64, 65_536])
    func linesAreTheSameWhateverTheChunkSize(_ size: Int) throws {
        let bytes = Array(([Self.header] + Self.events).joined(separator: "\r\n").utf8) + Array("\n".utf8)
        let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
        let items = try read(chunks)
        #expect(items.count == 4)
        guard case .event(let last) = items.last else { Issue.record("no event"); return }
        #expect(last.line == 4)
        #expect(last.kind == .netOffline)
    }

    @Test func blankLinesAreSkippedButCounted() throws {
        let items = try read([Array("\(Self.header)\n\n\(Self.events[0])\n  \n\(Self.events[1])\n".utf8)])
        guard case .event(let event) = items.last else { Issue.record("no event"); return }
        #expect(event.line == 5)
    }

    @Test func aTruncatedTraceNamesItsLastLine() {
        expectError("\(Self.header)\n\(Self.events[0])\n{\"ts\":17672256000", line: 3, containing: "incomplete line")
        expectError("\(Self.header)\n\(Self.events[0])", line: 2, containing: "cut off")
    }

    @Test func aGarbledLineNamesItsLineColumnAndField() {
        do {
            _ = try read([Array("\(Self.header)\n{\"ts\":12,\"actor\":\"client\",\"kind\":\"view.shown\",\"view\":hom}\n".utf8)])
            Issue.record("read a garbled line")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 54)
            #expect(error.field == "view")
            #expect(error.message.contains("invalid JSON"))
        }
    }

    @Test func illTypedFieldsAreNamed() {
        expectError("\(Self.header)\n{\"ts\":\"soon\",\"actor\":\"client\",\"kind\":\"app.launched\"}\n", line: 2, field: "ts", containing: "whole number")
        expectError("\(Self.header)\n{\"ts\":1,\"actor\":\"robot\",\"kind\":\"app.launched\"}\n", line: 2, field: "actor", containing: "\"robot\"")
        expectError("\(Self.header)\n{\"ts\":1,\"actor\":\"worker\",\"kind\":\"offer.shown\",\"req\":\"R-1\"}\n", line: 2, field: "id", containing: "required for a worker")
        expectError("\(Self.header)\n{\"ts\":1,\"actor\":\"client\",\"kind\":\"teleported\"}\n", line: 2, field: "kind", containing: "unknown kind")
        expectError("\(Self.header)\n{\"ts\":1,\"actor\":\"client\",\"kind\":\"timer.started\",\"timer\":\"timeout\",\"req\":\"R-1\",\"startedAt\":1.5}\n", line: 2, field: "startedAt", containing: "whole number")
        expectError("\(Self.header)\n{\"ts\":1,\"actor\":\"client\",\"kind\":\"http.response\",\"xid\":\"x\",\"status\":200,\"error\":\"reset\"}\n", line: 2, field: "error", containing: "either a status")
        expectError("\(Self.header)\n{\"ts\":1,\"actor\":\"backend\",\"kind\":\"io.out\",\"event\":\"new\"}\n", line: 2, field: "to", containing: "room")
        expectError("\(Self.header)\n{\"ts\":1,\"actor\":\"worker\",\"id\":\"w-1\",\"kind\":\"offer.discarded\",\"req\":\"R-1\",\"stored\":[true]}\n", line: 2, field: "stored[0]", containing: "id")
    }

    @Test func theHeaderIsCheckedStrictly() {
        expectError("", line: 1, containing: "empty")
        expectError("\n", line: 1, containing: "header")
        expectError("{\"ts\":1,\"actor\":\"client\",\"kind\":\"app.launched\"}\n", line: 1, field: "format", containing: "header")
        expectError("{\"format\":\"jobwire-trace\",\"version\":2,\"roles\":[\"client\"]}\n", line: 1, field: "version", containing: "version 1")
        expectError("{\"format\":\"jobwire-trace\",\"version\":1,\"roles\":[]}\n", line: 1, field: "roles", containing: "non-empty")
        expectError("{\"format\":\"jobwire-trace\",\"version\":1,\"roles\":[\"client\"],\"timeoutMS\":5}\n", line: 1, field: "timeoutMS", containing: "not a header key")
        expectError("{\"format\":\"jobwire-trace\",\"version\":1,\"roles\":[\"client\"],\"retainMs\":10}\n", line: 1, field: "retainMs", containing: "shorter")
        expectError("{\"format\":\"jobwire-trace\",\"version\":1,\"roles\":[\"client\"],\"paths\":{\"workerAccept\":\"accept\"}}\n", line: 1, field: "paths.workerAccept", containing: "METHOD /path")
    }

    @Test func aFileIsReadInChunksAndAMissingFileIsNamed() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-reader-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let line = Self.events[1] + "\n"
        try (Self.header + "\n" + String(repeating: line, count: 2000)).write(to: url, atomically: true, encoding: .utf8)
        var count = 0
        try TraceReader.read(path: url.path) { if case .event = $0 { count += 1 } }
        #expect(count == 2000)
        #expect(throws: InputError.self) { try TraceReader.read(path: "/no/such/trace.jsonl") { _ in } }
    }
}
