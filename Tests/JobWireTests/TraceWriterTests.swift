import Foundation
import Testing
@testable import JobWire
import SocketIOWire

/// An app writing its trace with the helper gets a trace the checker reads.
struct TraceWriterTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-writer-\(UUID().uuidString).jsonl").path
    }

    @Test func aWrittenTraceReadsBackAndChecks() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var header = TraceHeader(roles: [.client])
        header.timeoutMs = 30_000
        let trace = try TraceWriter(path: path, header: header)
        let client = TraceActor(.client, id: "c-1")
        let t: Int64 = 1_767_225_600_000
        try trace.write(ts: t, actor: client, kind: .appLaunched)
        try trace.write(ts: t + 1, actor: client, kind: .viewShown, ["view": "home"])
        try trace.write(ts: t + 2, actor: client, kind: .netOffline)
        let verdict = try TraceChecker.check(path: path)
        #expect(verdict.eventCount == 3)
        #expect(verdict.header.timeoutMs == 30_000)
        #expect(verdict.failedIDs.isEmpty)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        #expect(text.split(separator: "\n")[2] == #"{"ts":1767225600001,"actor":"client","id":"c-1","kind":"view.shown","view":"home"}"#)
    }

    @Test func anEventTheCheckerWouldRefuseIsAnErrorAndIsNotWritten() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = try TraceWriter(path: path, header: TraceHeader(roles: [.worker]))
        let worker = TraceActor(.worker, id: "w-1")
        try trace.write(ts: 1, actor: worker, kind: .offerShown, ["req": "R-1"])
        #expect(throws: InputError(file: path, line: 3, field: "why", message: #"expected one of "discarded", "cancelled", "closed", "taken", found "gone""#)) {
            try trace.write(ts: 2, actor: worker, kind: .offerRemoved, ["req": "R-1", "why": "gone"])
        }
        try trace.write(TraceEvent(ts: 3, actor: worker, body: .offerRemoved(req: "R-1", why: .taken)))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[2] == #"{"ts":3,"actor":"worker","id":"w-1","kind":"offer.removed","req":"R-1","why":"taken"}"#)
    }

    @Test func linesFromManyTasksNeverInterleave() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = try TraceWriter(path: path, header: TraceHeader(roles: [.worker]))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for step in 0..<50 {
                        try trace.write(ts: Int64(step), actor: TraceActor(.worker, id: "w-\(index)"), kind: .queueChanged, ["length": .int(Int64(step))])
                    }
                }
            }
            try await group.waitForAll()
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 401)
        for line in lines { #expect((try? JSONParser.parse(String(line))) != nil, "\(line)") }
    }
}
