import JobWire
import SocketIOWire
import Testing

@testable import JobWireBroker

/// `jobwire broker --replay` re-stamps what it serves: each timestamp member (ISO 8601 or epoch
/// milliseconds) moves by the step's offset, at any depth; nothing else changes.
struct RecordedTimesTests {
    @Test func timestampsMoveByTheOffsetAndNothingElseDoes() throws {
        let recorded = try JSONParser.parse(#"""
            {"ok":true,"ReqID":"R-1","createdAt":"2026-11-26T13:49:36.589Z","expiresAt":1795787376605,"Delay":5,"ts":5,
             "tasks":[{"objectId":"T-1","createdAt":"2026-11-26T13:49:36.589+01:00","dueDate":"2026-12-01","note":"2026-11-26T13:49:36.589Z"}],
             "date":"tomorrow"}
            """#)
        let day: Int64 = 86_400_000
        let shifted = RecordedTimes.shifted(recorded, by: day + 1)
        #expect(shifted["createdAt"] == "2026-11-27T13:49:36.590Z")
        #expect(shifted["expiresAt"] == .int(1_795_787_376_605 + day + 1))
        #expect(shifted["tasks"]?.arrayValue?.first?["createdAt"] == "2026-11-27T12:49:36.590Z", "an offset is read and written as UTC")
        // Not a time: another member's name, a small number, a day without a time, free text.
        #expect(shifted["ReqID"] == "R-1" && shifted["Delay"] == 5 && shifted["ts"] == 5)
        #expect(shifted["tasks"]?.arrayValue?.first?["dueDate"] == "2026-12-01" && shifted["tasks"]?.arrayValue?.first?["note"] == "2026-11-26T13:49:36.589Z")
        #expect(shifted["date"] == "tomorrow")
        #expect(RecordedTimes.shifted(recorded, by: 0) == recorded)
    }
}
